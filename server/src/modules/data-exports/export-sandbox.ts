import { isStatementTimeout } from '../../core/database-error';
import { openScratchPglite, type Database, type ScratchPglite } from '../../db/client';
import { ExportStopped } from './export-errors';
import { emptySandbox, insertSandboxRows, SANDBOX_CHUNK_ROWS, SANDBOX_SCHEMA, SANDBOX_TABLES } from './export-sandbox.repo';

// On PGlite an export's SQL runs in a sandbox (ARCHITECTURE.md, 'Data exports'): PGlite has one
// connection, held by each statement until it ends, and a statement of the export's own (a sleep,
// a cross join) cannot be cut into steps, so wherever it ran on the console's database, every
// request would wait for it. The sandbox is a PGlite of its own, in memory in a worker of its own,
// filled with the rows the report views would show the requester, read from the console's
// database a chunk at a time (each chunk a short statement, between which the console's
// statements run). The export's SQL then runs there under the same role and views, and a
// statement past the export's limit ends the sandbox, not the console's database.

/** The sandbox's empty database (schema, role, views), made once per process and opened from for each export. */
let template: Promise<Uint8Array> | undefined;

/** How long making the template may take (an initdb and the schema; a few seconds). */
const TEMPLATE_LIMIT_MS = 120_000;

function sandboxTemplate(): Promise<Uint8Array> {
  template ??= (async () => {
    const scratch = await openScratchPglite({ limitMs: () => TEMPLATE_LIMIT_MS });
    try {
      for (const statement of SANDBOX_SCHEMA) await scratch.db.execute(statement);
      return await scratch.dumpDataDir();
    } finally {
      await scratch.close();
    }
  })();
  template.catch(() => (template = undefined));
  return template;
}

/** A sandbox: its database, and the moment its statements are stopped (the running export's deadline). */
export interface Sandbox {
  db: Database;
  deadline: number;
  /** Ends it at once, whatever it runs. */
  close(): Promise<void>;
}

/** A sandbox emptied after its export, kept for the next one (opening one takes about a second); ended after a minute unused. */
let spare: { sandbox: Sandbox; timer: NodeJS.Timeout } | undefined;
const SPARE_FOR_MS = 60_000;
/** How long emptying a sandbox may take. */
const EMPTYING_LIMIT_MS = 10_000;

/** A sandbox holding no rows, for one export at a time. */
export async function takeSandbox(): Promise<Sandbox> {
  if (spare) {
    const { sandbox, timer } = spare;
    clearTimeout(timer);
    spare = undefined;
    // As a new one: its statements get the time an emptying gets, until the export sets its own deadline.
    sandbox.deadline = Date.now() + EMPTYING_LIMIT_MS;
    return sandbox;
  }
  const loadDataDir = await sandboxTemplate();
  let deadline = Date.now() + EMPTYING_LIMIT_MS;
  const scratch: ScratchPglite = await openScratchPglite({ loadDataDir, limitMs: () => Math.max(1, deadline - Date.now()) });
  return {
    db: scratch.db,
    get deadline() {
      return deadline;
    },
    set deadline(at: number) {
      deadline = at;
    },
    close: () => scratch.close(),
  };
}

/**
 * Gives a sandbox back after its export: its rows are deleted (the export's own transaction was
 * rolled back, and its role can change nothing else), and it is kept as the spare. A sandbox that
 * was ended (a statement past its limit) or cannot be emptied is closed.
 */
export async function returnSandbox(sandbox: Sandbox): Promise<void> {
  sandbox.deadline = Date.now() + EMPTYING_LIMIT_MS;
  try {
    await emptySandbox(sandbox.db);
  } catch {
    await sandbox.close();
    return;
  }
  if (spare) {
    await sandbox.close();
    return;
  }
  const timer = setTimeout(() => {
    if (spare?.sandbox !== sandbox) return;
    spare = undefined;
    void sandbox.close();
  }, SPARE_FOR_MS);
  timer.unref();
  spare = { sandbox, timer };
}

/** Where the sandbox's rows are read: the console's database, each statement stopped after `statementTimeoutMs`. */
export interface SandboxSource {
  db: Database;
  statementTimeoutMs: number;
}

/**
 * Copies into the sandbox the rows of the organizations' part of every table the views read,
 * SANDBOX_CHUNK_ROWS at a time from the source; `checkTime` is called before each read and throws
 * when the export's time is up. A read stopped at the source's limit fails the export with
 * ExportStopped naming that limit. Each read sees the database as it is when it runs.
 */
export async function fillSandbox(source: SandboxSource, sandbox: Database, organizationIds: readonly number[], checkTime: () => void): Promise<void> {
  const read = async (table: (typeof SANDBOX_TABLES)[number], after: Record<string, unknown> | null) => {
    try {
      return await table.read(source.db, organizationIds, after);
    } catch (error) {
      if (isStatementTimeout(error)) throw new ExportStopped(source.statementTimeoutMs, 'read');
      throw error;
    }
  };
  for (const table of SANDBOX_TABLES) {
    let after: Record<string, unknown> | null = null;
    for (;;) {
      checkTime();
      const rows = await read(table, after);
      await insertSandboxRows(sandbox, table.name, rows);
      if (rows.length < SANDBOX_CHUNK_ROWS) break;
      after = rows[rows.length - 1]!;
    }
  }
}
