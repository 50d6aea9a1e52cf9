import { sql, type SQL } from 'drizzle-orm';
import Papa from 'papaparse';
import {
  DATE_RANGE_PARAMETERS,
  isOptionalParameter,
  parameterValueMessage,
  splitAtParameters,
  sqlMessage,
  type ExportParameter,
  type ExportParameterType,
} from '../../contracts/reports/data-exports';
import { databaseErrorOf, isStatementTimeout, STATEMENT_TIMEOUT } from '../../core/database-error';
import { idIn } from '../../core/sql';
import type { Database, ExportDatabase } from '../../db/client';
import { ExportError, ExportStopped } from './export-errors';
import { fillSandbox, returnSandbox, takeSandbox } from './export-sandbox';

export { ExportError, ExportStopped } from './export-errors';

// Running an export's SQL: the most dangerous thing the product does, so the database refuses
// what an export may not do rather than a pattern in its text. The query runs:
// - in one transaction that is always rolled back, READ ONLY once the query's turn comes;
// - under the role lavo_data_export (migration 0016): USAGE on schema export_views and SELECT on
//   its views, nothing else; set_config (which could set 'role' back) and the session advisory
//   locks are not executable by it, and the runner refuses to run when that is not so;
// - with the scope the server wrote for this transaction (data_export_scopes, keyed by
//   txid_current()), which every view joins: the query cannot widen it, since it can neither
//   write that table nor start another transaction;
// - as one statement of the extended query protocol (DECLARE CURSOR with bound parameters), which
//   PostgreSQL refuses to hold two commands, and which refuses data-modifying WITH clauses;
// - with :name parameters bound as $n with their declared types, never spliced into the text;
// - fetching at most maxRows + 1 rows, under the export's time limit;
// - never on a connection the console's requests use (ARCHITECTURE.md, 'Data exports'): on
//   PostgreSQL on the exports' own pool, under statement_timeout; on PGlite, whose one connection a
//   statement holds until it ends, in a sandbox of its own holding only the rows the views would
//   show the requester (export-sandbox.ts), which a statement past the limit ends.

export const EXPORT_ROLE = 'lavo_data_export';
export const EXPORT_SCHEMA = 'export_views';

export interface ExportRun {
  sqlQuery: string;
  parameters: readonly ExportParameter[];
  /** startDate, endDate and each parameter's value as text; an empty optional parameter is null. */
  values: Readonly<Record<string, string | undefined>>;
  /** The organizations whose rows the views show. */
  organizationIds: readonly number[];
}

export interface ExportLimits {
  /**
   * Milliseconds the export may run (DATA_EXPORT_TIMEOUT_MS): on PostgreSQL each of its statements
   * (statement_timeout); on PGlite the copying of its rows into its sandbox and its query together.
   */
  timeoutMs: number;
  maxRows: number;
}

export interface ExportHooks {
  /** Called once the export's rows are ready and its query is about to run (the job's progress). */
  beforeQuery?: () => Promise<void>;
  /** Aborted when the server closes: a sandbox is ended at once, whatever it runs. */
  signal?: AbortSignal;
}

export interface ExportResult {
  columns: string[];
  rows: unknown[][];
  /** More rows than maxRows: `rows` holds the first maxRows. */
  truncated: boolean;
}

const GUARD_CHECKED_FOR_MS = 60_000;
const guardChecks = new WeakMap<Database, { at: number; problem: Promise<string | null> }>();

/** exportGuardProblem, checked again at most once a minute per database. */
function cachedGuardProblem(db: Database): Promise<string | null> {
  const known = guardChecks.get(db);
  if (known && Date.now() - known.at < GUARD_CHECKED_FOR_MS) return known.problem;
  const problem = exportGuardProblem(db);
  guardChecks.set(db, { at: Date.now(), problem });
  problem.catch(() => guardChecks.delete(db));
  return problem;
}

/** Why this database cannot run exports safely, or null when it can. Checked before runs: a database that loses a guarantee refuses exports. */
export async function exportGuardProblem(db: Database): Promise<string | null> {
  const result = await db.execute<{ role: boolean; member: boolean; superuser: boolean | null; set_config: boolean | null; advisory: boolean | null; readable: number | null }>(sql`
    select
      exists(select 1 from pg_roles where rolname = ${EXPORT_ROLE}) as role,
      (select rolsuper or rolbypassrls or rolcreaterole from pg_roles where rolname = ${EXPORT_ROLE}) as superuser,
      case when exists(select 1 from pg_roles where rolname = ${EXPORT_ROLE}) then pg_has_role(session_user, ${EXPORT_ROLE}, 'MEMBER') else false end as member,
      case when exists(select 1 from pg_roles where rolname = ${EXPORT_ROLE})
        then has_function_privilege(${EXPORT_ROLE}, 'pg_catalog.set_config(text,text,boolean)', 'EXECUTE') end as set_config,
      case when exists(select 1 from pg_roles where rolname = ${EXPORT_ROLE})
        then has_function_privilege(${EXPORT_ROLE}, 'pg_catalog.pg_advisory_lock(bigint)', 'EXECUTE') end as advisory,
      case when exists(select 1 from pg_roles where rolname = ${EXPORT_ROLE}) then (
        select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in (${EXPORT_SCHEMA}, 'pg_catalog', 'information_schema') and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S') and not c.relispartition
          and (has_table_privilege(${EXPORT_ROLE}, c.oid, 'SELECT') or has_table_privilege(${EXPORT_ROLE}, c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE'))
      ) end as readable
  `);
  const row = result.rows[0];
  if (!row?.role) return `the role ${EXPORT_ROLE} does not exist`;
  if (row.superuser) return `the role ${EXPORT_ROLE} has more than read rights`;
  if (!row.member) return `the server's database user cannot take the role ${EXPORT_ROLE}`;
  if (row.set_config) return `the role ${EXPORT_ROLE} may still call set_config (it could change its role back)`;
  if (row.advisory) return `the role ${EXPORT_ROLE} may still take session advisory locks`;
  if (row.readable) return `the role ${EXPORT_ROLE} may read or write tables outside ${EXPORT_SCHEMA}`;
  return null;
}

const CAST: Record<ExportParameterType, SQL> = {
  integer: sql.raw('integer'),
  boolean: sql.raw('boolean'),
  text: sql.raw('text'),
  date: sql.raw('date'),
};

/** The text and bound values of the run: each `:name` becomes a bound parameter cast to its declared type. */
export function boundQuery(run: Pick<ExportRun, 'sqlQuery' | 'parameters' | 'values'>): SQL {
  // The one trailing semicolon the definition's rules ask for ends the text; the statement is the rest.
  const body = run.sqlQuery.trim().replace(/;\s*$/, '');
  const types = new Map<string, ExportParameterType>(run.parameters.map((p) => [p.parameter, p.type]));
  for (const name of DATE_RANGE_PARAMETERS) types.set(name, 'date');
  const valueOf = (name: string): string | null => {
    const type = types.get(name);
    if (!type) throw new ExportError(`The parameter :${name} has no type`);
    const value = run.values[name];
    if (value === undefined || value === '') {
      if (isOptionalParameter(name) && !(DATE_RANGE_PARAMETERS as readonly string[]).includes(name)) return null;
      throw new ExportError(`The parameter :${name} needs a value`);
    }
    const message = parameterValueMessage(type, value);
    if (message) throw new ExportError(`:${name} ${message}`);
    return value;
  };
  const { texts, names } = splitAtParameters(body);
  const chunks: SQL[] = [sql.raw(texts[0] ?? '')];
  names.forEach((name, i) => {
    const type = types.get(name) as ExportParameterType;
    chunks.push(sql`${valueOf(name)}::${CAST[type] ?? CAST.text}`, sql.raw(texts[i + 1] ?? ''));
  });
  // Wrapped as a subquery with one bound value of the server's: every statement then goes through
  // the extended protocol (node-postgres sends a statement without values as a simple query,
  // which may hold several), and only a query (SELECT, VALUES, TABLE, WITH ... SELECT) fits here.
  return sql`declare lavo_export no scroll cursor for select * from (\n${sql.join(chunks, sql.raw(''))}\n) as export_rows where ${true}::boolean`;
}

/** The requester's message for a failed run. */
export function failureMessage(error: unknown, limits: ExportLimits): string {
  if (error instanceof ExportError) return error.message;
  const info = databaseErrorOf(error);
  if (!info) return 'The export could not be run.';
  // The runner names the limit that stopped a statement (ExportStopped); this is for a caller that ran one itself.
  if (info.code === STATEMENT_TIMEOUT) return new ExportStopped(limits.timeoutMs, 'export').message;
  if (info.code === '42501') return `The export may read only the report views (schema ${EXPORT_SCHEMA}): ${messageOf(error)}`;
  if (info.code === '25006') return 'The export may only read data.';
  return `The export's SQL failed: ${messageOf(error)}`;
}

function messageOf(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && typeof message === 'string') return message;
    current = cause;
  }
  return error instanceof Error ? error.message : String(error);
}

interface FieldsResult {
  rows: Record<string, unknown>[];
  fields?: { name: string }[];
}

/**
 * Runs an export's query and returns its rows. Throws ExportError (with the requester's message)
 * when the query is refused before it runs; a database refusal is thrown as the database raised
 * it (failureMessage words it).
 */
export async function runExportQuery(where: ExportDatabase, run: ExportRun, limits: ExportLimits, hooks: ExportHooks = {}): Promise<ExportResult> {
  const problem = sqlMessage(run.sqlQuery);
  if (problem) throw new ExportError(problem);
  return runUncheckedQuery(where, run, limits, hooks);
}

/**
 * runExportQuery without the definition's text rules (no delete, drop or insert; the final semicolon): what
 * the database alone refuses. Only tests call it, to show the database refuses what the text rules
 * would have caught.
 */
export async function runUncheckedQuery(where: ExportDatabase, run: ExportRun, limits: ExportLimits, hooks: ExportHooks = {}): Promise<ExportResult> {
  const declare = boundQuery(run);
  if (run.organizationIds.length === 0) throw new ExportError('The export has no organization you may read');
  const organizationIds = [...run.organizationIds];
  const stopped = (error: unknown) => (isStatementTimeout(error) ? new ExportStopped(limits.timeoutMs, 'export') : error);
  if (where.kind === 'postgres') {
    await checkGuard(where.db);
    await hooks.beforeQuery?.();
    return runInTransaction(where.db, declare, organizationIds, limits).catch((error: unknown) => Promise.reject(stopped(error)));
  }

  // PGlite: the export's own database, its time counted from when it is open.
  const sandbox = await takeSandbox();
  const abort = () => void sandbox.close();
  hooks.signal?.addEventListener('abort', abort, { once: true });
  if (hooks.signal?.aborted) abort();
  try {
    const deadline = Date.now() + limits.timeoutMs;
    sandbox.deadline = deadline;
    await checkGuard(sandbox.db);
    await fillSandbox({ db: where.source, statementTimeoutMs: where.statementTimeoutMs }, sandbox.db, organizationIds, () => {
      if (Date.now() >= deadline) throw new ExportStopped(limits.timeoutMs, 'export');
    });
    await hooks.beforeQuery?.();
    return await runInTransaction(sandbox.db, declare, organizationIds, limits);
  } catch (error) {
    throw stopped(error);
  } finally {
    hooks.signal?.removeEventListener('abort', abort);
    await returnSandbox(sandbox);
  }
}

async function checkGuard(db: Database): Promise<void> {
  const guard = await cachedGuardProblem(db);
  if (guard) throw new ExportError(`Data exports are turned off on this server: ${guard}.`);
}

/** The query in its transaction, as the export role, read only, in the requester's scope; always rolled back. */
async function runInTransaction(db: Database, declare: SQL, organizationIds: number[], limits: ExportLimits): Promise<ExportResult> {
  let answer: ExportResult | undefined;
  await db
    .transaction(async (tx) => {
      // As the server's own user: the scope of this transaction and its time limit.
      await tx.execute(
        sql`insert into data_export_scopes (txid, organization_id) select txid_current(), o.id from organizations o where ${idIn(sql`o.id`, organizationIds)}`,
      );
      await tx.execute(sql`select set_config('statement_timeout', ${String(limits.timeoutMs)}, true)`);
      // From here on, the export role's rights in a transaction that cannot write.
      await tx.execute(sql.raw(`set local role ${EXPORT_ROLE}`));
      await tx.execute(sql.raw('set transaction read only'));
      await tx.execute(declare);
      const fetched = (await tx.execute(sql.raw(`fetch forward ${limits.maxRows + 1} from lavo_export`))) as unknown as FieldsResult;
      const columns = fetched.fields?.map((f) => f.name) ?? Object.keys(fetched.rows[0] ?? {});
      const rows = fetched.rows.slice(0, limits.maxRows).map((row) => columns.map((c) => row[c]));
      answer = { columns, rows, truncated: fetched.rows.length > limits.maxRows };
      // Nothing an export does is kept, the scope rows included.
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  if (!answer) throw new ExportError('The export could not be run.');
  return answer;
}

class RolledBack extends Error {}

const cell = (value: unknown): unknown =>
  value instanceof Date ? value.toISOString() : value !== null && typeof value === 'object' ? JSON.stringify(value) : value;

/** The CSV of a result; cells that a spreadsheet would take for a formula are escaped. */
export function toCsv(result: Pick<ExportResult, 'columns' | 'rows'>): string {
  return Papa.unparse({ fields: result.columns, data: result.rows.map((row) => row.map(cell)) }, { escapeFormulae: true, newline: '\n' });
}
