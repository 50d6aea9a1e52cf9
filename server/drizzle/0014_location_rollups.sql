CREATE TABLE "compliance_location_daily" (
	"day" date NOT NULL,
	"group_id" integer NOT NULL,
	"entry_opportunities" integer NOT NULL,
	"entry_compliant" integer NOT NULL,
	"exit_opportunities" integer NOT NULL,
	"exit_compliant" integer NOT NULL,
	"visit_count" integer NOT NULL,
	"visit_seconds" integer NOT NULL,
	"ratio_sum" numeric NOT NULL,
	"ratio_users" integer NOT NULL,
	CONSTRAINT "compliance_location_daily_day_group_id_pk" PRIMARY KEY("day","group_id")
);
--> statement-breakpoint
CREATE TABLE "compliance_split_days" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "compliance_split_days_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "hygiene_location_daily" (
	"day" date NOT NULL,
	"group_id" integer NOT NULL,
	"wash_type" text NOT NULL,
	"wash_count" integer NOT NULL,
	"duration_sum" double precision NOT NULL,
	"duration_count" integer NOT NULL,
	CONSTRAINT "hygiene_location_daily_day_group_id_wash_type_pk" PRIMARY KEY("day","group_id","wash_type")
);
--> statement-breakpoint
INSERT INTO "compliance_split_days" SELECT "day", "user_id" FROM "compliance_daily" GROUP BY 1, 2 HAVING count(*) > 1;--> statement-breakpoint
INSERT INTO "compliance_location_daily" SELECT c."day", c."group_id", sum(c."entry_opportunities"), sum(c."entry_compliant"), sum(c."exit_opportunities"), sum(c."exit_compliant"), sum(c."visit_count"), sum(c."visit_seconds"), coalesce(sum((c."entry_compliant" + c."exit_compliant")::numeric / (c."entry_opportunities" + c."exit_opportunities")) FILTER (WHERE s."user_id" IS NULL), 0), count(*) FILTER (WHERE s."user_id" IS NULL) FROM "compliance_daily" c LEFT JOIN "compliance_split_days" s ON s."day" = c."day" AND s."user_id" = c."user_id" GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "hygiene_location_daily" SELECT "day", "group_id", "wash_type", sum("wash_count"), sum("duration_sum"::float8), sum("duration_count") FROM "hygiene_daily" GROUP BY 1, 2, 3;
