CREATE TABLE "retention_horizons" (
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"purged_before" timestamp with time zone NOT NULL,
	CONSTRAINT "retention_horizons_kind_subject_id_pk" PRIMARY KEY("kind","subject_id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "retention_days" integer DEFAULT 400 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_retention_days_check" CHECK ("organizations"."retention_days" between 30 and 3650);