CREATE TABLE "interactions" (
	"user_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"group_id" integer NOT NULL,
	"contact_group_id" integer NOT NULL,
	CONSTRAINT "interactions_user_id_start_at_contact_id_zone_id_pk" PRIMARY KEY("user_id","start_at","contact_id","zone_id")
);
--> statement-breakpoint
CREATE INDEX "interactions_contact_id_start_at_idx" ON "interactions" USING btree ("contact_id","start_at");--> statement-breakpoint
CREATE INDEX "interactions_group_id_start_at_idx" ON "interactions" USING btree ("group_id","start_at");--> statement-breakpoint
-- Existing visits' overlaps (docs/METRICS.md §8); from here on the ingest keeps the table.
INSERT INTO "interactions" ("user_id", "contact_id", "zone_id", "start_at", "end_at", "group_id", "contact_group_id")
SELECT a."user_id", b."user_id", a."zone_id", greatest(a."entry_at", b."entry_at"), least(a."exit_at", b."exit_at"), a."group_id", b."group_id"
FROM "visits" a JOIN "visits" b ON a."zone_id" = b."zone_id" AND a."user_id" <> b."user_id"
  AND a."entry_at" < b."exit_at" AND b."entry_at" < a."exit_at"
WHERE least(a."exit_at", b."exit_at") - greatest(a."entry_at", b."entry_at") > interval '30 seconds'
  AND least(a."exit_at", b."exit_at") - greatest(a."entry_at", b."entry_at") < interval '2 hours';
