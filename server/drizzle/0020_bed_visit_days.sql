CREATE TABLE "bed_visit_days" (
	"group_id" integer NOT NULL,
	"day" date NOT NULL,
	"visit_count" integer NOT NULL,
	"visit_seconds" integer NOT NULL,
	"user_ids" integer[] NOT NULL,
	"beacon_ids" integer[] NOT NULL,
	CONSTRAINT "bed_visit_days_group_id_day_pk" PRIMARY KEY("group_id","day")
);
--> statement-breakpoint
INSERT INTO "bed_visit_days" SELECT b."group_id", (b."entry_at" AT TIME ZONE 'UTC')::date, count(*), sum(b."duration_s"), array_agg(DISTINCT b."user_id" ORDER BY b."user_id"), array_agg(DISTINCT b."beacon_id" ORDER BY b."beacon_id") FROM "bed_visits" b WHERE b."counted" GROUP BY 1, 2;
