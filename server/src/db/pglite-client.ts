import { TransactionAbortedError, type ParserOptions, type QueryOptions, type Results } from '@electric-sql/pglite';
import { deserializeError, type ExecAnswer, type QueryAnswer } from './pglite-protocol';
import type { PgliteThread } from './pglite-thread';

/** What drizzle's PGlite driver calls on its client: query, and transaction whose tx has query. */
export interface PgliteClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(callback: (tx: PgliteTransaction) => Promise<T>): Promise<T>;
}

export interface PgliteTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

// A worker replaced mid-transaction (one of its statements ran past its limit) took the
// transaction with it: what follows fails as PostgreSQL fails statements of an aborted one.
const aborted = () =>
  deserializeError({
    message: 'current transaction is aborted, commands ignored until end of transaction block',
    fields: { severity: 'ERROR', code: '25P02' },
  });

// PGlite calls a parser with the value and its type id, though ParserOptions names only the value.
type Parse = (value: string, typeId: number) => unknown;

/** Applies the caller's parsers on this side to the values the worker left as text. */
function parse(answer: QueryAnswer, parsers: ParserOptions, rowMode: 'array' | 'object'): void {
  // In object mode a repeated column name keeps the last column's value, so only its type counts.
  const targets = answer.fields
    .map((field, index) => ({ key: rowMode === 'array' ? index : field.name, parser: parsers[field.dataTypeID] as Parse | undefined, type: field.dataTypeID, index }))
    .filter((t) => t.parser && (rowMode === 'array' || answer.fields.findLastIndex((f) => f.name === t.key) === t.index));
  if (targets.length === 0) return;
  for (const row of answer.rows as Record<string | number, unknown>[]) {
    for (const { key, parser, type } of targets) {
      const value = row[key];
      if (typeof value === 'string') row[key] = parser!(value, type);
    }
  }
}

/**
 * A PGlite-shaped client over the worker thread, handed to drizzle-orm/pglite so queries,
 * parsers and transactions behave exactly as on PGlite itself (the worker runs PGlite's own
 * query(); only text values the caller parses cross as text). A transaction holds the database
 * from BEGIN to COMMIT, so no other statement runs inside it, as PGlite's transaction() does.
 * With `limitMs`, each statement is stopped after that long (SQLSTATE 57014); given as a function,
 * it is asked again for each statement (a limit counting down to a deadline).
 */
export function pgliteClient(thread: PgliteThread, limitMs?: number | (() => number)): PgliteClient {
  const limitOf = typeof limitMs === 'function' ? limitMs : () => limitMs;
  async function query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    if (options.serializers || options.blob || options.onNotice) {
      throw new Error('serializers, blob and onNotice cannot cross to the database thread');
    }
    const rowMode = options.rowMode ?? 'object';
    const parsers = options.parsers ?? {};
    const rawTypes = Object.keys(parsers).map(Number);
    try {
      const request = { op: 'query', sql, params, rowMode, paramTypes: options.paramTypes, rawTypes } as const;
      const answer = (await thread.send(request, limitOf())) as QueryAnswer;
      parse(answer, parsers, rowMode);
      return answer as Results<T>;
    } catch (error) {
      // As PGlite does, so a logged error names its statement.
      if (error instanceof Error && 'code' in error) Object.assign(error, { query: sql, params });
      throw error;
    }
  }
  const exec = async (sql: string) => (await thread.send({ op: 'exec', sql }, limitOf())) as ExecAnswer as Results[];
  // BEGIN, COMMIT and ROLLBACK are never stopped: a transaction ends as its statements decided.
  const control = async (sql: 'BEGIN' | 'COMMIT' | 'ROLLBACK') => (await thread.send({ op: 'exec', sql })) as ExecAnswer;

  return {
    query: (sql, params, options) => thread.exclusive(() => query(sql, params, options)),
    exec: (sql) => thread.exclusive(() => exec(sql)),
    transaction: (callback) =>
      thread.exclusive(async () => {
        const generation = thread.generation;
        await control('BEGIN');
        let closed = false;
        const check = () => {
          if (closed) throw new Error('Transaction is closed');
          if (thread.generation !== generation) throw aborted();
        };
        const tx: PgliteTransaction = {
          query: async (sql, params, options) => (check(), query(sql, params, options)),
          exec: async (sql) => (check(), exec(sql)),
          rollback: async () => {
            if (closed) throw new Error('Transaction is closed');
            closed = true;
            if (thread.generation === generation) await control('ROLLBACK');
          },
          get closed() {
            return closed;
          },
        };
        try {
          const result = await callback(tx);
          if (!closed) {
            closed = true;
            if (thread.generation !== generation) throw new TransactionAbortedError();
            const [commit] = await control('COMMIT');
            if (commit?.command === 'ROLLBACK') throw new TransactionAbortedError();
          }
          return result;
        } catch (error) {
          if (!closed) {
            closed = true;
            if (thread.generation === generation) await control('ROLLBACK');
          }
          throw error;
        }
      }),
  };
}
