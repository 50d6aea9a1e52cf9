import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../../server/src/db/client';
import { nfcTags } from '../../../../server/src/db/schema';
import { databaseErrorOf } from '../../../../server/src/core/database-error';
import { nfcWriteError } from '../../../../server/src/modules/nfc/nfc-errors';
import { HttpError } from '../../../../server/src/core/http-error';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db';
import { uniqueNfcId } from './nfc-client';

// The mapping runs on what the driver really raises (PGlite, or node-postgres on the PostgreSQL
// project), as drizzle wraps it.
async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the database to refuse');
}

function logger() {
  const error = vi.fn();
  return { log: { error } as unknown as FastifyBaseLogger, error };
}

describe('NFC write errors', () => {
  let database: TestDatabase;
  let db: Database;
  let userId: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
    const [holder] = await db.select({ userId: nfcTags.userId }).from(nfcTags).where(sql`${nfcTags.userId} is not null`).limit(1);
    userId = holder!.userId!;
  });
  afterAll(() => database.close());

  it('maps a duplicate NFC id to 409 NFC ID Already Exists', async () => {
    const nfcId = uniqueNfcId();
    await db.insert(nfcTags).values({ nfcId, nfcShortId: '', groupId: 6 });
    const error = await failure(() => db.insert(nfcTags).values({ nfcId, nfcShortId: '', groupId: 6 }));
    expect(databaseErrorOf(error)).toEqual({ code: '23505', constraint: 'nfc_tags_nfc_id_key' });
    const { log, error: logged } = logger();
    const mapped = nfcWriteError(error, log);
    expect(mapped).toBeInstanceOf(HttpError);
    expect(mapped).toMatchObject({ statusCode: 409, message: 'NFC ID Already Exists' });
    expect(logged).not.toHaveBeenCalled();
  });

  it('maps a second tag for one user to 409 User Already Assigned, also from inside a transaction', async () => {
    const error = await failure(() =>
      db.transaction(async (tx) => {
        await tx.insert(nfcTags).values({ nfcId: uniqueNfcId(), nfcShortId: '', groupId: 6, userId });
      }),
    );
    expect(databaseErrorOf(error)).toEqual({ code: '23505', constraint: 'nfc_tags_user_id_key' });
    expect(nfcWriteError(error, logger().log)).toMatchObject({ statusCode: 409, message: 'User Already Assigned' });
  });

  it('answers any other refusal 400 An unknown error occurred, and logs it', async () => {
    const malformed = await failure(() => db.insert(nfcTags).values({ nfcId: 'not-upper-case', nfcShortId: '', groupId: 6 }));
    expect(databaseErrorOf(malformed)).toEqual({ code: '23514', constraint: 'nfc_tags_nfc_id_check' });
    const noGroup = await failure(() => db.insert(nfcTags).values({ nfcId: uniqueNfcId(), nfcShortId: '', groupId: 999_999 }));
    expect(databaseErrorOf(noGroup)?.code).toBe('23503');
    for (const error of [malformed, noGroup]) {
      const { log, error: logged } = logger();
      expect(nfcWriteError(error, log)).toMatchObject({ statusCode: 400, message: 'An unknown error occurred' });
      expect(logged).toHaveBeenCalledTimes(1);
    }
  });

  it('passes through HttpErrors, transient database failures and errors that are not the database’s', () => {
    const http = new HttpError(404, 'NFC tag not found');
    const transient = Object.assign(new Error('could not serialize access'), { code: '40001', severity: 'ERROR' });
    const wrapped = Object.assign(new Error('Failed query'), { cause: transient });
    const bug = new TypeError('x is undefined');
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const { log, error: logged } = logger();
    for (const error of [http, wrapped, bug, refused]) expect(nfcWriteError(error, log)).toBe(error);
    expect(databaseErrorOf(wrapped)).toEqual({ code: '40001', constraint: null });
    expect(databaseErrorOf(refused)).toBeNull();
    expect(logged).not.toHaveBeenCalled();
  });
});
