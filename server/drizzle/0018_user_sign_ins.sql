CREATE TABLE "user_sign_ins" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"last_login_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_sign_ins" ADD CONSTRAINT "user_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;