-- A location's rounding days are its own clock's (docs/METRICS.md §1): bed_visit_days is keyed by the day of the location's time zone, no longer the UTC day.
DELETE FROM "bed_visit_days";
--> statement-breakpoint
INSERT INTO "bed_visit_days" SELECT b."group_id", (b."entry_at" AT TIME ZONE g."time_zone")::date, count(*), sum(b."duration_s"), array_agg(DISTINCT b."user_id" ORDER BY b."user_id"), array_agg(DISTINCT b."beacon_id" ORDER BY b."beacon_id") FROM "bed_visits" b JOIN "groups" g ON g."id" = b."group_id" WHERE b."counted" GROUP BY 1, 2;
