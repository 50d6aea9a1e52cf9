import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dbSchema, type Database, type ExportDatabase } from '../../../../server/src/db/client';
import { statementTimeoutError } from '../../../../server/src/db/pglite-protocol';
import { DEMO_ORG_IDS } from '../../../../server/src/db/seed';
import { returnSandbox, takeSandbox, type Sandbox } from '../../../../server/src/modules/data-exports/export-sandbox';
import { SANDBOX_CHUNK_ROWS } from '../../../../server/src/modules/data-exports/export-sandbox.repo';
import { exportGuardProblem, failureMessage, runExportQuery, toCsv, type ExportLimits } from '../../../../server/src/modules/data-exports/run-export';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db';

// On PGlite an export's SQL runs in a sandbox of its own (ARCHITECTURE.md, 'Data exports'), filled
// with the rows the report views show the requester. Its views must be the database's own, and
// what an export reads there must be what it would read in the database itself. Runs on PostgreSQL
// too (TEST_POSTGRES=1): the sandbox is always PGlite, the database it copies from is then PostgreSQL.

const LIMITS: ExportLimits = { timeoutMs: 20_000, maxRows: 100_000 };
const RANGE = { startDate: '2024-01-01', endDate: '2024-03-31' };

/** Each view of export_views: its definition, options and columns with their types. */
async function reportViews(db: Database) {
  const result = await db.execute<{ name: string; definition: string; options: string | null; columns: string }>(sql`
    select c.relname as name, pg_get_viewdef(c.oid) as definition, c.reloptions::text as options,
      (select string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod), ', ' order by a.attnum)
       from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'export_views'
    order by c.relname`);
  return result.rows;
}

describe("an export's sandbox", () => {
  let database: TestDatabase;
  let sandbox: Sandbox | undefined;
  /** Riverside and its descendants. */
  let riverside: number[];
  let inPlace: ExportDatabase;
  let inSandbox: ExportDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db, reportDb } = database.handle;
    riverside = (
      await db.execute<{ id: number }>(
        sql`with recursive t as (select id from organizations where id = ${DEMO_ORG_IDS.riverside} union all select o.id from organizations o join t on o.parent_id = t.id) select id from t`,
      )
    ).rows.map((r) => Number(r.id));
    // Daily rows for every demo user over 90 days: several chunks of each rollup.
    await db.execute(sql`
      insert into hygiene_daily (day, user_id, group_id, wash_type, wash_count, duration_sum, duration_count)
      select d::date, u.id, coalesce(u.group_id, 0), w, 1 + (u.id + extract(doy from d)::int) % 7, 12.3 * (1 + u.id % 5), 1 + u.id % 3
      from users u, generate_series(date '2024-01-01', date '2024-03-30', interval '1 day') d, unnest(array['SOAP', 'SANITIZER']) w`);
    await db.execute(sql`
      insert into compliance_daily (day, user_id, group_id, entry_opportunities, entry_compliant, exit_opportunities, exit_compliant, visit_count, visit_seconds)
      select d::date, u.id, coalesce(u.group_id, 0), 4, 3, 4, 2, 5, 600 + u.id
      from users u, generate_series(date '2024-01-01', date '2024-03-30', interval '1 day') d`);
    // In place: the query in the database itself, as PostgreSQL runs it. In a sandbox: as PGlite runs it.
    inPlace = { kind: 'postgres', db: reportDb };
    inSandbox = { kind: 'pglite', source: reportDb, statementTimeoutMs: 10_000 };
  }, 120_000);
  afterAll(async () => {
    if (sandbox) await sandbox.close();
    await database?.close();
  });

  it("has the database's report views: the same definitions, options, columns and types", async () => {
    sandbox = await takeSandbox();
    const ours = await reportViews(sandbox.db);
    expect(ours.map((v) => v.name)).toEqual(['compliance_daily', 'hand_hygiene_daily', 'locations', 'organizations', 'staff']);
    const theirs = await reportViews(database.handle.db);
    expect(ours.map(({ name, options, columns }) => ({ name, options, columns }))).toEqual(theirs.map(({ name, options, columns }) => ({ name, options, columns })));
    if (database.handle.kind === 'pglite') expect(ours).toEqual(theirs); // the same PostgreSQL prints a definition the same way
  });

  it('keeps every guarantee the runner checks before it runs an export', async () => {
    sandbox ??= await takeSandbox();
    expect(await exportGuardProblem(sandbox.db)).toBeNull();
    await returnSandbox(sandbox);
    sandbox = undefined;
  });

  it('gives an export exactly the rows the report views give it in the database, copied a chunk at a time', async () => {
    const counted = await database.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from hygiene_daily h join users u on u.id = h.user_id where u.organization_id in (${sql.join(riverside.map((id) => sql`${id}`), sql`, `)})`,
    );
    expect(Number(counted.rows[0]!.n)).toBeGreaterThan(2 * SANDBOX_CHUNK_ROWS);
    for (const query of [
      'select * from export_views.organizations order by id;',
      'select * from export_views.locations order by id;',
      'select * from export_views.staff order by id;',
      'select * from export_views.hand_hygiene_daily where day between :startDate and :endDate order by day, user_id, location_id, wash_type;',
      'select * from export_views.compliance_daily order by day, user_id, location_id;',
      'select s.last_name, sum(c.compliant_events) as compliant, avg(h.average_duration_s) as seconds from export_views.staff s join export_views.compliance_daily c on c.user_id = s.id join export_views.hand_hygiene_daily h on h.user_id = s.id and h.day = c.day group by s.id, s.last_name order by s.id;',
    ]) {
      const run = { sqlQuery: query, parameters: [], values: RANGE, organizationIds: riverside };
      const [expected, actual] = [await runExportQuery(inPlace, run, LIMITS), await runExportQuery(inSandbox, run, LIMITS)];
      expect(expected.rows.length, query).toBeGreaterThan(0);
      // The requester's file is the same; on PGlite the very values too (on PostgreSQL its driver
      // gives some as text that PGlite's gives as numbers).
      expect(toCsv(actual), query).toBe(toCsv(expected));
      expect(actual.truncated).toBe(false);
      if (database.handle.kind === 'pglite') expect(actual, query).toEqual(expected);
    }
  }, 120_000);

  it('holds no rows once its export has ended', async () => {
    await runExportQuery(inSandbox, { sqlQuery: 'select count(*) from export_views.hand_hygiene_daily;', parameters: [], values: RANGE, organizationIds: riverside }, LIMITS);
    // The same sandbox serves the next export: taken now, it is the one just given back.
    sandbox = await takeSandbox();
    const left = await sandbox.db.execute<{ n: number }>(sql`
      select (select count(*) from organizations) + (select count(*) from groups) + (select count(*) from users)
        + (select count(*) from hygiene_daily) + (select count(*) from compliance_daily) + (select count(*) from data_export_scopes) as n`);
    expect(Number(left.rows[0]!.n)).toBe(0);
  });

  it('gives a spare taken long after its last export the time of a new one, not its old deadline', async () => {
    if (sandbox) await returnSandbox(sandbox);
    sandbox = undefined;
    // Its last export's time is long past when the next export takes it.
    vi.useFakeTimers({ now: Date.now() + 3_600_000, toFake: ['Date'] });
    try {
      sandbox = await takeSandbox();
      expect(sandbox.deadline).toBeGreaterThan(Date.now());
    } finally {
      vi.useRealTimers();
    }
    const one = await sandbox.db.execute<{ n: number }>(sql`select 1 as n`);
    expect(Number(one.rows[0]!.n)).toBe(1);
  });

  it("fails the export, naming the limit, when a read of the database's rows is stopped at its own limit", async () => {
    // A database whose every statement is stopped at its 250 ms limit, as PGlite's thread stops one.
    const stopping = { query: () => Promise.reject(statementTimeoutError(250)), transaction: () => Promise.reject(new Error('not used')) };
    const source = drizzle({ client: stopping as unknown as PGlite, schema: dbSchema }) as unknown as Database;
    const run = { sqlQuery: 'select * from export_views.staff;', parameters: [], values: RANGE, organizationIds: riverside };
    const failure = await runExportQuery({ kind: 'pglite', source, statementTimeoutMs: 250 }, run, LIMITS).then(
      () => 'not stopped',
      (error: unknown) => failureMessage(error, LIMITS),
    );
    expect(failure).toBe('The export was stopped: reading its rows from the database took longer than 250 ms, the most one of its reads may take.');
  });
});
