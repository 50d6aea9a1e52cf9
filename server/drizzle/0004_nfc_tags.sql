CREATE TABLE "nfc_assign_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"tag_id" integer NOT NULL,
	"user_id" integer,
	"assignor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nfc_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"nfc_id" text NOT NULL,
	"nfc_short_id" text NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nfc_tags_nfc_id_check" CHECK ("nfc_id" ~ '^[0-9A-Z]{14}$'),
	CONSTRAINT "nfc_tags_nfc_short_id_check" CHECK ("nfc_short_id" ~ '^[0-9A-Z]*$')
);
--> statement-breakpoint
ALTER TABLE "nfc_assign_events" ADD CONSTRAINT "nfc_assign_events_tag_id_nfc_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."nfc_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfc_assign_events" ADD CONSTRAINT "nfc_assign_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfc_assign_events" ADD CONSTRAINT "nfc_assign_events_assignor_id_users_id_fk" FOREIGN KEY ("assignor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfc_tags" ADD CONSTRAINT "nfc_tags_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfc_tags" ADD CONSTRAINT "nfc_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfc_tags" ADD CONSTRAINT "nfc_tags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfc_tags" ADD CONSTRAINT "nfc_tags_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nfc_assign_events_tag_id_idx" ON "nfc_assign_events" USING btree ("tag_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nfc_tags_nfc_id_key" ON "nfc_tags" USING btree ("nfc_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nfc_tags_user_id_key" ON "nfc_tags" USING btree ("user_id") WHERE "nfc_tags"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "nfc_tags_group_id_idx" ON "nfc_tags" USING btree ("group_id");