CREATE TABLE "observation_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"group_id" integer NOT NULL,
	"observer_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "observation_sessions_ended_after_start" CHECK ("observation_sessions"."ended_at" is null or "observation_sessions"."ended_at" >= "observation_sessions"."started_at")
);
--> statement-breakpoint
CREATE TABLE "observations" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"session_id" integer NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"zone_id" integer,
	"indication" text NOT NULL,
	"action" text NOT NULL,
	"gloves" boolean NOT NULL,
	"user_id" integer,
	"profession_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "observations_indication" CHECK ("observations"."indication" in ('MOMENT_1', 'MOMENT_2', 'MOMENT_3', 'MOMENT_4', 'MOMENT_5', 'ROOM_ENTRY', 'ROOM_EXIT')),
	CONSTRAINT "observations_action" CHECK ("observations"."action" in ('RUB', 'WASH', 'MISSED'))
);
--> statement-breakpoint
ALTER TABLE "observation_sessions" ADD CONSTRAINT "observation_sessions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_sessions" ADD CONSTRAINT "observation_sessions_observer_id_users_id_fk" FOREIGN KEY ("observer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_session_id_observation_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."observation_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "observation_sessions_client_id_key" ON "observation_sessions" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "observation_sessions_group_started_idx" ON "observation_sessions" USING btree ("group_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "observations_client_id_key" ON "observations" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "observations_session_observed_idx" ON "observations" USING btree ("session_id","observed_at");