CREATE TABLE "access_purposes" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_key" text NOT NULL,
	"actor_user_id" integer NOT NULL,
	"person_user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zones" DROP CONSTRAINT "zones_type_check";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "hide_leaderboards" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "page" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "purpose_note" text;--> statement-breakpoint
CREATE UNIQUE INDEX "access_purposes_session_actor_person_idx" ON "access_purposes" USING btree ("session_key","actor_user_id","person_user_id");--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_type_check" CHECK ("type" in ('PATIENT_ROOM', 'CDIFF', 'REMINDER', 'OTHER', 'PRIVATE'));--> statement-breakpoint
-- The audit trail's screen (docs/PRIVACY.md 'The audit trail'): a database seeded before it gets
-- the AUDIT_TRAIL permission, held by the Administrator (id 1) and the Hospital Administrator (id 2)
-- as a fresh seed gives it.
INSERT INTO "permissions" ("subject", "action", "label")
SELECT 'AUDIT_TRAIL', 'access', 'Audit Trail'
WHERE EXISTS (SELECT 1 FROM "permissions") AND NOT EXISTS (SELECT 1 FROM "permissions" WHERE "subject" = 'AUDIT_TRAIL');
--> statement-breakpoint
INSERT INTO "permission_template_permissions" ("template_id", "permission_id")
SELECT t."id", p."id" FROM "permission_templates" t, "permissions" p
WHERE t."organization_id" IS NULL AND t."id" IN (1, 2) AND p."subject" = 'AUDIT_TRAIL'
ON CONFLICT DO NOTHING;
