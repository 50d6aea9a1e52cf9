import type { FastifyBaseLogger } from 'fastify';
import { NFC_MESSAGES } from '../../contracts/nfc';
import { databaseErrorOf } from '../../db/database-error';
import { HttpError } from '../../plugins/errors';

export { databaseErrorOf, type DatabaseErrorInfo } from '../../db/database-error';

/** The unique indexes of nfc_tags, by the name the database reports a violation with. */
const CONFLICTS: Readonly<Record<string, string>> = {
  nfc_tags_nfc_id_key: NFC_MESSAGES.nfcIdExists,
  nfc_tags_user_id_key: NFC_MESSAGES.userAssigned,
};

const UNIQUE_VIOLATION = '23505';
/**
 * SQLSTATE classes of failures that may pass on their own (lost connection, deadlock or
 * serialization failure, resources, shutdown, internal): left as 5xx, so a queued edit is retried.
 */
const TRANSIENT_CLASSES = new Set(['08', '40', '53', '57', '58', 'XX']);

/**
 * What a failed tag write answers: a duplicate NFC id or a user who already holds a tag is 409
 * with the spec's message; any other error the database refused the write with is 400 'An
 * unknown error occurred' (logged). HttpErrors, transient database failures and errors that are
 * not the database's pass through unchanged.
 */
export function nfcWriteError(error: unknown, log: FastifyBaseLogger): unknown {
  if (error instanceof HttpError) return error;
  const db = databaseErrorOf(error);
  if (!db || TRANSIENT_CLASSES.has(db.code.slice(0, 2))) return error;
  const conflict = db.code === UNIQUE_VIOLATION && db.constraint !== null ? CONFLICTS[db.constraint] : undefined;
  if (conflict) return new HttpError(409, conflict);
  log.error({ err: error, sqlState: db.code, constraint: db.constraint }, 'NFC tag write refused by the database');
  return new HttpError(400, NFC_MESSAGES.unknown);
}

/** Runs a tag write, answering its failures as nfcWriteError says. */
export async function withNfcWriteErrors<T>(log: FastifyBaseLogger, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw nfcWriteError(error, log);
  }
}
