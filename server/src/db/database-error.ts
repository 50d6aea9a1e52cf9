/** What the database said about a failed statement. */
export interface DatabaseErrorInfo {
  /** SQLSTATE. */
  code: string;
  constraint: string | null;
}

/** SQLSTATE of a statement stopped by its time limit (PostgreSQL's query_canceled; PGlite's limit raises it too). */
export const STATEMENT_TIMEOUT = '57014';

/**
 * The SQLSTATE and constraint of an error the database raised. node-postgres and PGlite both
 * raise an error carrying `code`, `severity` and `constraint`; drizzle wraps it in a
 * DrizzleQueryError whose `cause` it is, so the cause chain is searched.
 */
export function databaseErrorOf(error: unknown): DatabaseErrorInfo | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, severity, constraint, cause } = current as { code?: unknown; severity?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string') {
      return { code, constraint: typeof constraint === 'string' ? constraint : null };
    }
    current = cause;
  }
  return null;
}

/** Whether the database stopped the statement because it ran past its time limit. */
export function isStatementTimeout(error: unknown): boolean {
  return databaseErrorOf(error)?.code === STATEMENT_TIMEOUT;
}

/**
 * SQLSTATEs of a value the database could not take as given: invalid text representation (22P02),
 * numeric value out of range (22003), invalid byte sequence such as NUL in text (22021), datetime
 * format or field overflow (22007, 22008), value too long (22001), untranslatable character
 * (22P05). The request's contract should stop every such value first; this is the net below it.
 */
const INPUT_ERROR_CODES = new Set(['22P02', '22003', '22021', '22007', '22008', '22001', '22P05']);

/** Whether `error` is the database refusing a value that came from the request. */
export function isDatabaseInputError(error: unknown): boolean {
  const info = databaseErrorOf(error);
  return info !== null && INPUT_ERROR_CODES.has(info.code);
}
