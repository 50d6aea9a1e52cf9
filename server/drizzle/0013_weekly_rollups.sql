CREATE TABLE "compliance_weekly" (
	"week" date NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"entry_opportunities" integer NOT NULL,
	"entry_compliant" integer NOT NULL,
	"exit_opportunities" integer NOT NULL,
	"exit_compliant" integer NOT NULL,
	"visit_count" integer NOT NULL,
	"visit_seconds" integer NOT NULL,
	CONSTRAINT "compliance_weekly_week_user_id_group_id_pk" PRIMARY KEY("week","user_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "hygiene_weekly" (
	"week" date NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"wash_type" text NOT NULL,
	"wash_count" integer NOT NULL,
	"duration_sum" double precision NOT NULL,
	"duration_count" integer NOT NULL,
	CONSTRAINT "hygiene_weekly_week_user_id_group_id_wash_type_pk" PRIMARY KEY("week","user_id","group_id","wash_type")
);
--> statement-breakpoint
CREATE INDEX "compliance_weekly_user_id_week_idx" ON "compliance_weekly" USING btree ("user_id","week");--> statement-breakpoint
CREATE INDEX "hygiene_weekly_user_id_week_idx" ON "hygiene_weekly" USING btree ("user_id","week");--> statement-breakpoint
INSERT INTO "compliance_weekly" SELECT date_trunc('week', "day")::date, "user_id", "group_id", sum("entry_opportunities"), sum("entry_compliant"), sum("exit_opportunities"), sum("exit_compliant"), sum("visit_count"), sum("visit_seconds") FROM "compliance_daily" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "hygiene_weekly" SELECT date_trunc('week', "day")::date, "user_id", "group_id", "wash_type", sum("wash_count"), sum("duration_sum"::float8), sum("duration_count") FROM "hygiene_daily" GROUP BY 1, 2, 3, 4;
