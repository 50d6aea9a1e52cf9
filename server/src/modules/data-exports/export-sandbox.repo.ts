import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { idIn } from '../../core/sql';
import type { Database } from '../../db/client';
import { complianceDaily, groups, hygieneDaily, organizations, users } from '../../db/schema';

// The SQL of an export's sandbox on PGlite (ARCHITECTURE.md, 'Data exports'): a database of the
// export's own holding, of the tables the report views read, only the rows of the requester's
// organizations and only the columns the views show, under the views and the role of migration
// 0016 as they are there. tests/server/api/data-exports/export-sandbox.test.ts holds the views
// here to the database's own: the same definitions, columns and types.

/**
 * The sandbox's schema: the export role and what 0016 revokes from every role, the tables the
 * views read (their columns the views use, with the database's types), and the views themselves,
 * word for word.
 */
export const SANDBOX_SCHEMA: readonly SQL[] = [
  sql`CREATE ROLE "lavo_data_export" NOLOGIN NOSUPERUSER NOINHERIT NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS`,
  sql`
    DO $$
    DECLARE f regprocedure;
    BEGIN
      FOR f IN
        SELECT p.oid::regprocedure FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'pg_catalog'
          AND (p.proname IN ('set_config', 'pg_notify') OR p.proname LIKE 'pg\\_advisory\\_%' OR p.proname LIKE 'pg\\_try\\_advisory\\_%')
      LOOP
        EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', f);
      END LOOP;
    END
    $$`,
  sql`ALTER DEFAULT PRIVILEGES REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC`,
  sql`CREATE TABLE "organizations" ("id" integer PRIMARY KEY, "name" text NOT NULL, "parent_id" integer, "type" text NOT NULL)`,
  sql`CREATE TABLE "groups" (
    "id" integer PRIMARY KEY, "parent_id" integer, "organization_id" integer NOT NULL, "name" text NOT NULL, "type" text NOT NULL,
    "time_zone" text NOT NULL
  )`,
  sql`CREATE TABLE "users" (
    "id" integer PRIMARY KEY, "client_user_id" text, "first_name" text NOT NULL, "last_name" text NOT NULL, "profession_code" text,
    "organization_id" integer NOT NULL, "group_id" integer, "active" boolean NOT NULL
  )`,
  sql`CREATE TABLE "hygiene_daily" (
    "day" date NOT NULL, "user_id" integer NOT NULL, "group_id" integer NOT NULL, "wash_type" text NOT NULL, "wash_count" integer NOT NULL,
    "duration_sum" real NOT NULL, "duration_count" integer NOT NULL,
    PRIMARY KEY ("day", "user_id", "group_id", "wash_type")
  )`,
  sql`CREATE TABLE "compliance_daily" (
    "day" date NOT NULL, "user_id" integer NOT NULL, "group_id" integer NOT NULL,
    "entry_opportunities" integer NOT NULL, "entry_compliant" integer NOT NULL, "exit_opportunities" integer NOT NULL,
    "exit_compliant" integer NOT NULL, "visit_count" integer NOT NULL, "visit_seconds" integer NOT NULL,
    PRIMARY KEY ("day", "user_id", "group_id")
  )`,
  sql`CREATE TABLE "data_export_scopes" ("txid" bigint NOT NULL, "organization_id" integer NOT NULL, PRIMARY KEY ("txid", "organization_id"))`,
  sql`CREATE SCHEMA "export_views"`,
  sql`CREATE VIEW "export_views"."organizations" WITH (security_barrier = true) AS
    SELECT o."id", o."name", o."parent_id", o."type"
    FROM "public"."organizations" o
    WHERE o."id" IN (SELECT s."organization_id" FROM "public"."data_export_scopes" s WHERE s."txid" = txid_current())`,
  sql`CREATE VIEW "export_views"."locations" WITH (security_barrier = true) AS
    SELECT g."id", g."name", g."parent_id", g."organization_id", g."type", g."time_zone"
    FROM "public"."groups" g
    WHERE g."organization_id" IN (SELECT s."organization_id" FROM "public"."data_export_scopes" s WHERE s."txid" = txid_current())`,
  sql`CREATE VIEW "export_views"."staff" WITH (security_barrier = true) AS
    SELECT u."id", u."client_user_id" AS "employee_id", u."first_name", u."last_name", u."profession_code",
      u."organization_id", u."group_id" AS "location_id", u."active"
    FROM "public"."users" u
    WHERE u."organization_id" IN (SELECT s."organization_id" FROM "public"."data_export_scopes" s WHERE s."txid" = txid_current())`,
  sql`CREATE VIEW "export_views"."hand_hygiene_daily" WITH (security_barrier = true) AS
    SELECT h."day", h."user_id", u."organization_id", NULLIF(h."group_id", 0) AS "location_id", h."wash_type", h."wash_count",
      CASE WHEN h."duration_count" > 0 THEN h."duration_sum" / h."duration_count" END AS "average_duration_s"
    FROM "public"."hygiene_daily" h JOIN "public"."users" u ON u."id" = h."user_id"
    WHERE u."organization_id" IN (SELECT s."organization_id" FROM "public"."data_export_scopes" s WHERE s."txid" = txid_current())`,
  sql`CREATE VIEW "export_views"."compliance_daily" WITH (security_barrier = true) AS
    SELECT c."day", c."user_id", u."organization_id", NULLIF(c."group_id", 0) AS "location_id",
      c."entry_opportunities" + c."exit_opportunities" AS "opportunities",
      c."entry_compliant" + c."exit_compliant" AS "compliant_events",
      c."visit_count", c."visit_seconds"
    FROM "public"."compliance_daily" c JOIN "public"."users" u ON u."id" = c."user_id"
    WHERE u."organization_id" IN (SELECT s."organization_id" FROM "public"."data_export_scopes" s WHERE s."txid" = txid_current())`,
  sql`GRANT USAGE ON SCHEMA "export_views" TO "lavo_data_export"`,
  sql`GRANT SELECT ON ALL TABLES IN SCHEMA "export_views" TO "lavo_data_export"`,
];

/** Rows read at most by one statement: each holds PGlite's only connection for some tens of milliseconds. */
export const SANDBOX_CHUNK_ROWS = 2_000;

type Row = Record<string, unknown>;

/** One table the sandbox copies: its name, and its next chunk of the organizations' rows after `after` (the last row of the chunk before). */
export interface SandboxTable {
  name: 'organizations' | 'groups' | 'users' | 'hygiene_daily' | 'compliance_daily';
  read(db: Database, organizationIds: readonly number[], after: Row | null): Promise<Row[]>;
}

// Each read is keyed on the table's primary key, in its order, so a chunk starts where the last one
// ended. Column names are the sandbox's (the database's own), as json_populate_recordset matches them.
const organizationRows: SandboxTable = {
  name: 'organizations',
  read: (db, organizationIds, after) =>
    db
      .select({ id: organizations.id, name: organizations.name, parent_id: organizations.parentId, type: organizations.type })
      .from(organizations)
      .where(and(idIn(organizations.id, organizationIds), after ? gt(organizations.id, Number(after.id)) : undefined))
      .orderBy(organizations.id)
      .limit(SANDBOX_CHUNK_ROWS),
};

const locationRows: SandboxTable = {
  name: 'groups',
  read: (db, organizationIds, after) =>
    db
      .select({
        id: groups.id,
        parent_id: groups.parentId,
        organization_id: groups.organizationId,
        name: groups.name,
        type: groups.type,
        time_zone: groups.timeZone,
      })
      .from(groups)
      .where(and(idIn(groups.organizationId, organizationIds), after ? gt(groups.id, Number(after.id)) : undefined))
      .orderBy(groups.id)
      .limit(SANDBOX_CHUNK_ROWS),
};

const staffRows: SandboxTable = {
  name: 'users',
  read: (db, organizationIds, after) =>
    db
      .select({
        id: users.id,
        client_user_id: users.clientUserId,
        first_name: users.firstName,
        last_name: users.lastName,
        profession_code: users.professionCode,
        organization_id: users.organizationId,
        group_id: users.groupId,
        active: users.active,
      })
      .from(users)
      .where(and(idIn(users.organizationId, organizationIds), after ? gt(users.id, Number(after.id)) : undefined))
      .orderBy(users.id)
      .limit(SANDBOX_CHUNK_ROWS),
};

const hygieneRows: SandboxTable = {
  name: 'hygiene_daily',
  read: (db, organizationIds, after) =>
    db
      .select({
        day: hygieneDaily.day,
        user_id: hygieneDaily.userId,
        group_id: hygieneDaily.groupId,
        wash_type: hygieneDaily.washType,
        wash_count: hygieneDaily.washCount,
        duration_sum: hygieneDaily.durationSum,
        duration_count: hygieneDaily.durationCount,
      })
      .from(hygieneDaily)
      .innerJoin(users, eq(users.id, hygieneDaily.userId))
      .where(
        and(
          idIn(users.organizationId, organizationIds),
          after
            ? sql`(${hygieneDaily.userId}, ${hygieneDaily.day}, ${hygieneDaily.groupId}, ${hygieneDaily.washType}) > (${Number(after.user_id)}, ${String(after.day)}::date, ${Number(after.group_id)}, ${String(after.wash_type)})`
            : undefined,
        ),
      )
      .orderBy(hygieneDaily.userId, hygieneDaily.day, hygieneDaily.groupId, hygieneDaily.washType)
      .limit(SANDBOX_CHUNK_ROWS),
};

const complianceRows: SandboxTable = {
  name: 'compliance_daily',
  read: (db, organizationIds, after) =>
    db
      .select({
        day: complianceDaily.day,
        user_id: complianceDaily.userId,
        group_id: complianceDaily.groupId,
        entry_opportunities: complianceDaily.entryOpportunities,
        entry_compliant: complianceDaily.entryCompliant,
        exit_opportunities: complianceDaily.exitOpportunities,
        exit_compliant: complianceDaily.exitCompliant,
        visit_count: complianceDaily.visitCount,
        visit_seconds: complianceDaily.visitSeconds,
      })
      .from(complianceDaily)
      .innerJoin(users, eq(users.id, complianceDaily.userId))
      .where(
        and(
          idIn(users.organizationId, organizationIds),
          after
            ? sql`(${complianceDaily.userId}, ${complianceDaily.day}, ${complianceDaily.groupId}) > (${Number(after.user_id)}, ${String(after.day)}::date, ${Number(after.group_id)})`
            : undefined,
        ),
      )
      .orderBy(complianceDaily.userId, complianceDaily.day, complianceDaily.groupId)
      .limit(SANDBOX_CHUNK_ROWS),
};

/** Every table the report views read, in the order they are copied. */
export const SANDBOX_TABLES: readonly SandboxTable[] = [organizationRows, locationRows, staffRows, hygieneRows, complianceRows];

/** Writes a chunk into the sandbox's table of that name (the sandbox's own user, before the export's SQL runs). */
export async function insertSandboxRows(sandbox: Database, table: SandboxTable['name'], rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const name = sql.identifier(table);
  await sandbox.execute(sql`insert into ${name} select * from json_populate_recordset(null::${name}, ${JSON.stringify(rows)}::json)`);
}

/** Deletes every row the sandbox holds (before it serves another export). */
export async function emptySandbox(sandbox: Database): Promise<void> {
  await sandbox.execute(sql`truncate organizations, groups, users, hygiene_daily, compliance_daily, data_export_scopes`);
}
