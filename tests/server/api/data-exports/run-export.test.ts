import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORG_IDS } from '../../../../server/src/db/seed';
import {
  exportGuardProblem,
  ExportError,
  failureMessage,
  runExportQuery,
  runUncheckedQuery,
  toCsv,
  type ExportLimits,
  type ExportRun,
} from '../../../../server/src/modules/data-exports/run-export';
import { changedTables, tableChecksums, type TableChecksums } from '../../helpers/db-checksum';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db';

// The export runner against the real database (PGlite; PostgreSQL with TEST_POSTGRES=1): what an
// export's SQL may not do, the database refuses, and the database is left exactly as it was.

const LIMITS: ExportLimits = { timeoutMs: 1_000, maxRows: 1_000 };
const RANGE = { startDate: '2024-01-01', endDate: '2024-01-31' };

describe('running an export', () => {
  let database: TestDatabase;
  let before: TableChecksums;
  let riversideNames: Set<string>;
  let stMarysNames: Set<string>;
  let stMarysOrgs: number[];
  /** Riverside and its descendants: the scope most runs are given. */
  let riverside: number[];

  const run = (sqlQuery: string, organizationIds: readonly number[], extra: Partial<ExportRun> = {}) =>
    runExportQuery(database.handle.exports, { sqlQuery, parameters: [], values: RANGE, organizationIds, ...extra }, LIMITS);
  const unchecked = (sqlQuery: string) =>
    runUncheckedQuery(database.handle.exports, { sqlQuery, parameters: [], values: RANGE, organizationIds: riverside }, LIMITS);
  /** What the requester would read for a refused query. */
  const refusal = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      return failureMessage(error, LIMITS);
    }
    throw new Error('the export was not refused');
  };

  beforeAll(async () => {
    database = await createTestDatabase({ reportStatementTimeoutMs: 8_000 });
    const { db } = database.handle;
    const names = async (where: ReturnType<typeof sql>) =>
      new Set((await db.execute<{ name: string }>(sql`select first_name as name from users u where ${where}`)).rows.map((r) => r.name));
    const treeOf = async (root: number) =>
      (
        await db.execute<{ id: number }>(
          sql`with recursive t as (select id from organizations where id = ${root} union all select o.id from organizations o join t on o.parent_id = t.id) select id from t`,
        )
      ).rows.map((r) => Number(r.id));
    stMarysOrgs = await treeOf(DEMO_ORG_IDS.stMarys);
    riverside = await treeOf(DEMO_ORG_IDS.riverside);
    riversideNames = await names(sql`u.organization_id in (${sql.join(riverside.map((id) => sql`${id}`), sql`, `)})`);
    stMarysNames = await names(sql`u.organization_id in (${sql.join(stMarysOrgs.map((id) => sql`${id}`), sql`, `)})`);
    before = await tableChecksums(db);
  }, 120_000);
  afterAll(async () => {
    // Whatever was tried, every table holds what it held.
    if (before) expect(changedTables(before, await tableChecksums(database.handle.db))).toEqual([]);
    await database?.close();
  });

  it('runs on a database that keeps every guarantee', async () => {
    expect(await exportGuardProblem(database.handle.reportDb)).toBeNull();
  });

  it("reads the report views of the requester's organizations only", async () => {
    const result = await run('select first_name, organization_id from export_views.staff order by id;', riverside);
    expect(result.columns).toEqual(['first_name', 'organization_id']);
    expect(result.rows.length).toBeGreaterThan(0);
    expect(new Set(result.rows.map((r) => r[0]))).toEqual(riversideNames);
    for (const row of result.rows) expect(riverside).toContain(Number(row[1]));
    const other = await run(`select * from export_views.staff where organization_id = ${DEMO_ORG_IDS.stMarys};`, riverside);
    expect(other.rows).toEqual([]);
    const orgs = await run('select id from export_views.organizations order by id;', riverside);
    expect(orgs.rows.map((r) => Number(r[0]))).toEqual([...riverside].sort((a, b) => a - b));
  });

  it('cannot read the tables themselves, the scope table or the functions that run SQL as the server', async () => {
    expect(await refusal(run('select * from users;', riverside))).toMatch(/report views.*permission denied for table users/);
    expect(await refusal(run('select * from data_export_scopes;', riverside))).toMatch(/permission denied/);
    expect(await refusal(run("select query_to_xml('select * from public.users', true, true, '');", riverside))).toMatch(/permission denied/);
  });

  it('cannot widen its scope with set_config, take the role back or reach another organization', async () => {
    for (const query of [
      "select set_config('role', current_setting('is_superuser'), true);",
      "select set_config('role', session_user, true), (select count(*) from export_views.staff);",
      "select set_config('session_authorization', session_user, true);",
      "select set_config('statement_timeout', '0', true);",
    ]) {
      expect(await refusal(run(query, riverside)), query).toMatch(/permission denied for function set_config/);
    }
    expect(await refusal(run('reset role; select * from users;', riverside))).toMatch(/syntax error/);
  });

  it('cannot change anything: DELETE, DROP, INSERT, UPDATE, TRUNCATE, a data-modifying WITH', async () => {
    // The text rules catch delete, drop and insert first, with the form's message.
    expect(await refusal(run('delete from export_views.staff;', riverside))).toBe('delete or drop detected, please remove!');
    expect(await refusal(run('DROP TABLE users;', riverside))).toBe('delete or drop detected, please remove!');
    expect(await refusal(run('select 1', riverside))).toBe('SQL query must end with a semicolon (;)');
    // Without them, the database refuses all the same.
    for (const query of [
      'delete from users;',
      'drop table users;',
      "insert into organizations (name, type, account_type) values ('x', 'HOSPITAL', 'PRO');",
      "update users set first_name = 'x';",
      'truncate users;',
      "with x as (update users set first_name = 'x' returning id) select * from x;",
      'with x as (delete from export_views.staff returning id) select * from x;',
      'select * from export_views.staff for update;',
      'create table stolen as select * from export_views.staff;',
    ]) {
      expect(await refusal(unchecked(query)), query).toMatch(/The export's SQL failed|report views|may only read/);
    }
  });

  it('refuses two statements', async () => {
    expect(await refusal(run('select 1 as a; select * from export_views.staff;', riverside))).toMatch(/syntax error/);
    expect(await refusal(unchecked('select 1) as x where true; update users set first_name = $$x$$; select (1;'))).toMatch(/failed/);
  });

  it('cannot call functions with side effects', async () => {
    for (const query of [
      "select nextval('users_id_seq');",
      'select pg_terminate_backend(pg_backend_pid());',
      "select pg_read_file('/etc/passwd');",
      "select lo_import('/etc/passwd');",
      'select pg_advisory_lock(727451001);',
      "select pg_notify('x', 'y');",
      'select lavo_ensure_event_partitions(1);',
    ]) {
      const message = await refusal(run(query, riverside));
      expect(message, query).toMatch(/permission denied|must be|may only read|not supported|failed/);
    }
  });

  it('is stopped at its time limit', async () => {
    expect(await refusal(run('select pg_sleep(30);', riverside))).toMatch(/^The export ran longer than \d+ s and was stopped\.$/);
    // And the database still answers afterwards.
    expect((await run('select 1 as one;', riverside)).rows).toEqual([[1]]);
  }, 60_000);

  it('shows no row of another organization, not even in an error message', async () => {
    const message = await refusal(run('select * from export_views.staff where cast(first_name as integer) = 1;', riverside));
    const named = /"([^"]+)"/.exec(message)?.[1];
    expect(named && riversideNames.has(named)).toBe(true);
    expect(stMarysNames.has(named as string) && !riversideNames.has(named as string)).toBe(false);
  });

  it('binds parameters as values of their declared types', async () => {
    const sneaky = "x'; drop table users; --";
    const result = await run('select :label as label, :n + 1 as next, :flag as flag, :day as day, :startDate as start_day;', riverside, {
      parameters: [
        { parameter: 'label', type: 'text' },
        { parameter: 'n', type: 'integer' },
        { parameter: 'flag', type: 'boolean' },
        { parameter: 'day', type: 'date' },
      ],
      values: { ...RANGE, label: sneaky, n: '41', flag: 'true', day: '2024-02-29' },
    });
    expect(result.columns).toEqual(['label', 'next', 'flag', 'day', 'start_day']);
    expect(result.rows[0]?.slice(0, 3)).toEqual([sneaky, 42, true]);
    expect(toCsv(result).split('\n')[1]).toMatch(/^x'; drop table users; --,42,true,/);
    await expect(run('select :n as n;', riverside, { parameters: [{ parameter: 'n', type: 'integer' }], values: { ...RANGE, n: '1; drop table users' } })).rejects.toThrow(
      ExportError,
    );
  });

  it('caps the rows it fetches and says so', async () => {
    const result = await runExportQuery(
      database.handle.exports,
      { sqlQuery: 'select g from generate_series(1, 50) g;', parameters: [], values: RANGE, organizationIds: riverside },
      { ...LIMITS, maxRows: 10 },
    );
    expect(result.rows).toHaveLength(10);
    expect(result.truncated).toBe(true);
  });

  it('escapes cells a spreadsheet would run as formulas', () => {
    expect(toCsv({ columns: ['a'], rows: [['=HYPERLINK("x")'], ['-1+1']] })).toBe('a\n"\'=HYPERLINK(""x"")"\n"\'-1+1"');
  });
});
