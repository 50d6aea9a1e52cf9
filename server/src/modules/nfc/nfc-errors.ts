import type { FastifyBaseLogger } from 'fastify';
import { NFC_MESSAGES } from '../../contracts/nfc';
import { writeRefusalOf, type WriteRefusals } from '../../core/database-error';
import { HttpError } from '../../core/http-error';

/** How the database refusing a tag write is answered: nfc_tags' unique indexes by name, anything else. */
const REFUSALS: WriteRefusals = {
  conflicts: {
    nfc_tags_nfc_id_key: NFC_MESSAGES.nfcIdExists,
    nfc_tags_user_id_key: NFC_MESSAGES.userAssigned,
  },
  unknown: NFC_MESSAGES.unknown,
  what: 'NFC tag write',
};

/**
 * What a failed tag write answers: a duplicate NFC id or a user who already holds a tag is 409
 * with the spec's message; any other error the database refused the write with is 400 'An
 * unknown error occurred' (logged). HttpErrors, transient database failures and errors that are
 * not the database's pass through unchanged, so a queued edit is retried.
 */
export function nfcWriteError(error: unknown, log: FastifyBaseLogger): unknown {
  if (error instanceof HttpError) return error;
  const refusal = writeRefusalOf(error, REFUSALS, log);
  return refusal ? new HttpError(refusal.statusCode, refusal.message) : error;
}

/** Runs a tag write, answering its failures as nfcWriteError says. */
export async function withNfcWriteErrors<T>(log: FastifyBaseLogger, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw nfcWriteError(error, log);
  }
}
