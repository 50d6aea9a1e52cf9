ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email_by" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pending_email_by_users_id_fk" FOREIGN KEY ("pending_email_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;