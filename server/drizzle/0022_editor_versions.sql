ALTER TABLE "devices" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;