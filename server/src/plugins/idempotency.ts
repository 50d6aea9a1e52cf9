import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { HttpError } from '../core/http-error';

/**
 * Idempotency-Key on writes. The offline outbox sends a UUID with every queued edit and may send
 * it again (a reply lost on a flaky network, a replay after a reload). The first request with a
 * key is handled and its answer stored; a repeat of the key by the same user gets that answer
 * again, with `Idempotent-Replayed: true`, and changes nothing.
 *
 * - Only signed-in writes (POST, PUT, PATCH, DELETE) take part; without the header nothing changes.
 * - 2xx and 4xx answers are stored: a refused edit stays refused. A 5xx answer is not, so the
 *   outbox's retry runs the request again.
 * - The key names one request (method and URL): reusing it for another one is refused (422).
 * - A repeat that arrives while the first is still being handled gets 409 and retries later;
 *   a first request that never finished (the server stopped) is given up after a minute.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** A claimed key with no answer after this long belongs to a request that will never answer. */
export const ABANDONED_AFTER_MS = 60_000;
/**
 * Answers are kept this long: far longer than a queued edit waits for the network (a technician
 * back on the ward the next day), short enough that the table stays small.
 */
export const KEEP_KEYS_MS = 7 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed; its answer is stored when sent. */
    idempotencyKey: { userId: number; key: string } | null;
  }
}

type Claim = { claimed: true } | { claimed: false; request: string; statusCode: number | null; contentType: string | null; body: string | null };

/** Claims (userId, key) for `request`, taking over a claim abandoned long ago; else answers what is stored. */
async function claim(db: Database, userId: number, key: string, request: string): Promise<Claim> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ userId, key, request })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { claimed: true };
  const abandoned = await db
    .update(idempotencyKeys)
    .set({ createdAt: sql`now()` })
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.request, request),
        isNull(idempotencyKeys.statusCode),
        lt(idempotencyKeys.createdAt, new Date(Date.now() - ABANDONED_AFTER_MS)),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  if (abandoned.length > 0) return { claimed: true };
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  // Deleted in between (a 5xx answer): claim it afresh.
  if (!row) return claim(db, userId, key, request);
  return { claimed: false, request: row.request, statusCode: row.statusCode, contentType: row.contentType, body: row.body };
}

/** Forgets the keys older than `KEEP_KEYS_MS`; answers how many went. */
export async function pruneIdempotencyKeys(db: Database, now = Date.now()): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now - KEEP_KEYS_MS)))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}

/** Registers the hooks; call after the auth hook so the caller is known. Old keys are pruned hourly. */
export function registerIdempotency(app: FastifyInstance, db: Database): void {
  app.decorateRequest('idempotencyKey', null);

  let pruning: ReturnType<typeof setInterval> | undefined;
  const prune = () => {
    pruneIdempotencyKeys(db).catch((error: unknown) => app.log.warn({ err: error }, 'Could not prune idempotency keys'));
  };
  app.addHook('onReady', async () => {
    prune();
    pruning = setInterval(prune, PRUNE_EVERY_MS);
    pruning.unref();
  });
  app.addHook('onClose', async () => clearInterval(pruning));

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || !WRITES.has(request.method) || !request.caller) return;
    const key = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
    if (!UUID.test(key)) throw new HttpError(400, 'The Idempotency-Key header must be a UUID');
    const userId = request.caller.user.id;
    const what = `${request.method} ${request.url}`;
    const found = await claim(db, userId, key.toLowerCase(), what);
    if (found.claimed) {
      request.idempotencyKey = { userId, key: key.toLowerCase() };
      return;
    }
    if (found.request !== what) throw new HttpError(422, 'This Idempotency-Key was already used for another request');
    if (found.statusCode === null) throw new HttpError(409, 'The first request with this Idempotency-Key is still being handled; try again shortly');
    reply.header(REPLAYED_HEADER, 'true');
    if (found.contentType) reply.type(found.contentType);
    return reply.code(found.statusCode).send(found.body ?? '');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claimed = request.idempotencyKey;
    if (!claimed) return payload;
    request.idempotencyKey = null;
    const where = and(eq(idempotencyKeys.userId, claimed.userId), eq(idempotencyKeys.key, claimed.key));
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    if (reply.statusCode >= 500 || body === null) {
      // Not an answer to keep (a failure to retry, or a stream): the key is free again.
      await db.delete(idempotencyKeys).where(where);
    } else {
      const contentType = reply.getHeader('content-type');
      await db
        .update(idempotencyKeys)
        .set({ statusCode: reply.statusCode, contentType: typeof contentType === 'string' ? contentType : null, body })
        .where(where);
    }
    return payload;
  });
}
