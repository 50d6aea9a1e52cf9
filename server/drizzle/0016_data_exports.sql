CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"claimed_by" text,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_status_check" CHECK ("status" in ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
	CONSTRAINT "jobs_progress_check" CHECK ("jobs"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "data_export_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"data_export_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"execution_parameters" jsonb NOT NULL,
	"organization_ids" integer[] NOT NULL,
	"job_id" integer NOT NULL,
	"file_key" text,
	"row_count" integer,
	"truncated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_export_scopes" (
	"txid" bigint NOT NULL,
	"organization_id" integer NOT NULL,
	CONSTRAINT "data_export_scopes_txid_organization_id_pk" PRIMARY KEY("txid","organization_id")
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sql_query" text NOT NULL,
	"organization_ids" integer[] NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_export_requests" ADD CONSTRAINT "data_export_requests_data_export_id_data_exports_id_fk" FOREIGN KEY ("data_export_id") REFERENCES "public"."data_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_export_requests" ADD CONSTRAINT "data_export_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_export_requests" ADD CONSTRAINT "data_export_requests_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_export_scopes" ADD CONSTRAINT "data_export_scopes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_status_id_idx" ON "jobs" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "data_export_requests_user_id_idx" ON "data_export_requests" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "data_export_requests_job_id_idx" ON "data_export_requests" USING btree ("job_id");--> statement-breakpoint
-- Data exports run employees' SQL (02 §3). The database itself refuses what an export may not do:
-- the query runs in a READ ONLY transaction under the role lavo_data_export, which may read the
-- views of the schema export_views and nothing else. Each view shows only the rows of the
-- organizations the server listed in data_export_scopes for the running transaction
-- (txid_current()), a table the role can neither read nor write. Roles belong to the whole
-- server, so several databases of one server share it.
DO $$
BEGIN
  CREATE ROLE "lavo_data_export" NOLOGIN NOSUPERUSER NOINHERIT NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;
--> statement-breakpoint
-- A server that is not a superuser must be a member of the role to SET ROLE to it.
DO $$
BEGIN
  IF NOT (SELECT "rolsuper" FROM pg_roles WHERE "rolname" = current_user) THEN
    EXECUTE format('GRANT "lavo_data_export" TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
-- Functions every role may call by default that would let a query escape or outlast its transaction:
-- set_config changes 'role' or 'session_authorization' back to the server's own user (who may read
-- everything); session advisory locks outlive the transaction; pg_notify reaches listeners.
-- Only the functions' owner (a superuser) can revoke these; where the server cannot, the runner
-- sees that the role still may call set_config and refuses every export (data-exports/run.ts).
DO $$
DECLARE f regprocedure;
BEGIN
  FOR f IN
    SELECT p.oid::regprocedure FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'pg_catalog'
      AND (p.proname IN ('set_config', 'pg_notify') OR p.proname LIKE 'pg\_advisory\_%' OR p.proname LIKE 'pg\_try\_advisory\_%')
  LOOP
    BEGIN
      EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', f);
    EXCEPTION WHEN insufficient_privilege THEN NULL;
    END;
  END LOOP;
  FOR f IN
    SELECT p.oid::regprocedure FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public' AND p.proname LIKE 'lavo\_%'
  LOOP
    EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', f);
  END LOOP;
END
$$;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC;
--> statement-breakpoint
CREATE SCHEMA "export_views";
--> statement-breakpoint
-- security_barrier: a condition of the query is never evaluated before the scope's, so not even an
-- error message (a failed cast, say) can show a row of another organization.
CREATE VIEW "export_views"."organizations" WITH (security_barrier = true) AS
  SELECT o."id", o."name", o."parent_id", o."type"
  FROM "public"."organizations" o
  WHERE o."id" IN (SELECT s."organization_id" FROM "public"."data_export_scopes" s WHERE s."txid" = txid_current());
--> statement-breakpoint
CREATE VIEW "export_views"."locations" WITH (security_barrier = true) AS
  SELECT g."id", g."name", g."parent_id", g."organization_id", g."type", g."time_zone"
  FROM "public"."groups" g
  WHERE g."organization_id" IN (SELECT s."organization_id" FROM "public"."data_export_scopes" s WHERE s."txid" = txid_current());
--> statement-breakpoint
CREATE VIEW "export_views"."staff" WITH (security_barrier = true) AS
  SELECT u."id", u."client_user_id" AS "employee_id", u."first_name", u."last_name", u."profession_code",
    u."organization_id", u."group_id" AS "location_id", u."active"
  FROM "public"."users" u
  WHERE u."organization_id" IN (SELECT s."organization_id" FROM "public"."data_export_scopes" s WHERE s."txid" = txid_current());
--> statement-breakpoint
CREATE VIEW "export_views"."hand_hygiene_daily" WITH (security_barrier = true) AS
  SELECT h."day", h."user_id", u."organization_id", NULLIF(h."group_id", 0) AS "location_id", h."wash_type", h."wash_count",
    CASE WHEN h."duration_count" > 0 THEN h."duration_sum" / h."duration_count" END AS "average_duration_s"
  FROM "public"."hygiene_daily" h JOIN "public"."users" u ON u."id" = h."user_id"
  WHERE u."organization_id" IN (SELECT s."organization_id" FROM "public"."data_export_scopes" s WHERE s."txid" = txid_current());
--> statement-breakpoint
CREATE VIEW "export_views"."compliance_daily" WITH (security_barrier = true) AS
  SELECT c."day", c."user_id", u."organization_id", NULLIF(c."group_id", 0) AS "location_id",
    c."entry_opportunities" + c."exit_opportunities" AS "opportunities",
    c."entry_compliant" + c."exit_compliant" AS "compliant_events",
    c."visit_count", c."visit_seconds"
  FROM "public"."compliance_daily" c JOIN "public"."users" u ON u."id" = c."user_id"
  WHERE u."organization_id" IN (SELECT s."organization_id" FROM "public"."data_export_scopes" s WHERE s."txid" = txid_current());
--> statement-breakpoint
GRANT USAGE ON SCHEMA "export_views" TO "lavo_data_export";
--> statement-breakpoint
GRANT SELECT ON ALL TABLES IN SCHEMA "export_views" TO "lavo_data_export";
