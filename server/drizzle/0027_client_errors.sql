CREATE TABLE "client_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"release" text NOT NULL,
	"route" text NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"user_id" integer,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "client_errors" ADD CONSTRAINT "client_errors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_errors_user_id_idx" ON "client_errors" USING btree ("user_id");