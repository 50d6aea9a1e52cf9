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

/** SQLSTATE of a unique violation. */
export const UNIQUE_VIOLATION = '23505';

/** The constraint a unique violation broke ('' when the driver did not name it); null for any other error. */
export function uniqueViolationOf(error: unknown): string | null {
  const info = databaseErrorOf(error);
  return info?.code === UNIQUE_VIOLATION ? (info.constraint ?? '') : null;
}

/**
 * SQLSTATE classes of failures that may pass on their own (lost connection, deadlock or
 * serialization failure, resources, shutdown, internal): left as 5xx, so a queued edit is retried.
 */
const TRANSIENT_CLASSES = new Set(['08', '40', '53', '57', '58', 'XX']);

/** Whether the database failed for a reason that may pass on its own. */
export const isTransient = (info: DatabaseErrorInfo) => TRANSIENT_CLASSES.has(info.code.slice(0, 2));

/** How a module answers the database refusing one of its writes. */
export interface WriteRefusals {
  /** The message of a unique violation, by the constraint's name (answered 409). */
  conflicts: Readonly<Record<string, string>>;
  /** The message of any other refusal (answered 400 and logged). */
  unknown: string;
  /** What the log line calls the write. */
  what: string;
}

/** A write refusal as HTTP: the status and message, or null when the error is to pass through unchanged. */
export interface WriteRefusal {
  statusCode: 400 | 409;
  message: string;
}

/**
 * What a refused write answers: a unique violation of a known constraint is 409 with its message;
 * any other error the database refused the write with is 400 with the unknown message (logged).
 * Transient database failures and errors that are not the database's give null: they pass through.
 */
export function writeRefusalOf(
  error: unknown,
  refusals: WriteRefusals,
  log: { error: (details: object, message: string) => void },
): WriteRefusal | null {
  const info = databaseErrorOf(error);
  if (!info || isTransient(info)) return null;
  const conflict = info.code === UNIQUE_VIOLATION && info.constraint !== null ? refusals.conflicts[info.constraint] : undefined;
  if (conflict) return { statusCode: 409, message: conflict };
  log.error({ err: error, sqlState: info.code, constraint: info.constraint }, `${refusals.what} refused by the database`);
  return { statusCode: 400, message: refusals.unknown };
}
