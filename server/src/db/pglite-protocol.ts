import { messages, type Results, type RowMode } from '@electric-sql/pglite';
import { STATEMENT_TIMEOUT } from '../core/database-error';

// The messages between the API process and the worker thread that owns PGlite
// (pglite-thread.ts on the API side, pglite-worker.mjs in the worker). Everything in them must
// survive structured cloning, so parsers (functions) never cross: the API side names the type
// ids it parses itself and the worker leaves those values as PostgreSQL's text.

/**
 * What the worker opens: a data directory, filled from a dumpDataDir archive when given; without
 * a directory, a database in the worker's memory (a scratch database, gone with its worker).
 */
export interface WorkerStart {
  dataDir?: string;
  loadDataDir?: Uint8Array;
  /**
   * The worker thread's nice value (Linux; elsewhere it runs at the process's priority): a
   * scratch database's work then takes only the CPU the API's own threads leave.
   */
  niceness?: number;
  /** PGlite's WebAssembly compiled by the API process, shared rather than compiled again in each worker. */
  wasmModule?: WebAssembly.Module;
}

export type WorkerRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; rowMode: RowMode; paramTypes?: number[]; rawTypes: number[] }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** A query's answer as PGlite gives it, minus what cannot be cloned; `command` is the statement's tag (COMMIT answers ROLLBACK when the transaction had failed). */
export type QueryAnswer = Pick<Results, 'rows' | 'fields' | 'affectedRows'> & { command?: string };
/** An exec's answer: one per statement of the text. */
export type ExecAnswer = QueryAnswer[];

export type WorkerReply =
  | { op: 'ready' }
  | { op: 'failed'; error: SerializedError }
  | { id: number; ok: true; value: QueryAnswer | ExecAnswer | Uint8Array | null }
  | { id: number; ok: false; error: SerializedError };

/** An error as it crosses the thread: its message plus the fields PostgreSQL reports. */
export interface SerializedError {
  message: string;
  stack?: string;
  /** Set when the database raised it (a DatabaseError): its SQLSTATE, severity, constraint, … */
  fields?: Record<string, string>;
}

/** The error again, on this side: a PGlite DatabaseError with the same fields when the database raised it. */
export function deserializeError(serialized: SerializedError): Error {
  if (!serialized.fields) {
    const error = new Error(serialized.message);
    if (serialized.stack) error.stack = serialized.stack;
    return error;
  }
  const error = new messages.DatabaseError(serialized.message, 0, 'error');
  Object.assign(error, serialized.fields);
  return error;
}

/** The error a statement stopped by its time limit fails with: PostgreSQL's own for statement_timeout. */
export function statementTimeoutError(limitMs: number): Error {
  return deserializeError({
    message: 'canceling statement due to statement timeout',
    fields: { severity: 'ERROR', code: STATEMENT_TIMEOUT, detail: `The statement ran longer than ${limitMs} ms and its database thread was restarted.` },
  });
}
