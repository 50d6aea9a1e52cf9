CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer NOT NULL,
	"actor_sub" text NOT NULL,
	"session_id" text,
	"action" text NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"params" jsonb NOT NULL,
	"query" jsonb NOT NULL,
	"target" jsonb NOT NULL,
	"person_user_id" integer,
	"status" integer NOT NULL,
	"scope" jsonb NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_events_actor_at_idx" ON "audit_events" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_person_at_idx" ON "audit_events" USING btree ("person_user_id","at");