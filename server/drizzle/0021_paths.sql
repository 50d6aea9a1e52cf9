CREATE TABLE "paths" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"origin_x" double precision NOT NULL,
	"origin_y" double precision NOT NULL,
	"destination_x" double precision NOT NULL,
	"destination_y" double precision NOT NULL,
	"client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paths_group_id_client_id_key" UNIQUE("group_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "paths" ADD CONSTRAINT "paths_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paths_group_id_idx" ON "paths" USING btree ("group_id");