import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { NfcAssignEvent, NfcTag } from '../../../../server/src/contracts/nfc';
import type { Database } from '../../../../server/src/db/client';
import { NFC_DEMO_DEPARTMENTS } from '../../../../server/src/db/demo/nfc';
import { groups, nfcAssignEvents, nfcTags, organizations, users, type UserRow } from '../../../../server/src/db/schema';
import type { createTestApp, Tokens } from '../../helpers/app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>['app'];
type Query = Record<string, string | number | undefined>;

/** An NFC id no seeded tag has (seeded ones start with 04) and no other test uses. */
export function uniqueNfcId(): string {
  return `T${randomBytes(7).toString('hex').slice(0, 13).toUpperCase()}`;
}

/** The NFC calls as the holder of `tokens`, answering status, body and headers. */
export function nfcClient(app: TestApp) {
  const send = async (tokens: Tokens, method: 'GET' | 'POST' | 'PATCH', url: string, opts: { query?: Query; payload?: unknown; key?: string } = {}) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) params.set(k, String(v));
    const res = await app.inject({
      method,
      url: `/api${url}${params.size ? `?${params}` : ''}`,
      headers: { authorization: tokens.idToken, ...(opts.key ? { 'idempotency-key': opts.key } : {}) },
      ...(opts.payload === undefined ? {} : { payload: opts.payload as object }),
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
  return {
    list: (tokens: Tokens, query: Query = {}) => send(tokens, 'GET', '/nfc-tags', { query }),
    byNfcId: (tokens: Tokens, nfcId: string) => send(tokens, 'GET', `/nfc/nfcId/${encodeURIComponent(nfcId)}`),
    data: (tokens: Tokens, query: Query = {}) => send(tokens, 'GET', '/nfc/nfc-data', { query }),
    create: (tokens: Tokens, payload: unknown, key?: string) => send(tokens, 'POST', '/nfc-tags', { payload, key }),
    update: (tokens: Tokens, id: number, payload: unknown) => send(tokens, 'PATCH', `/nfc-tags/${id}`, { payload }),
    events: (tokens: Tokens, id: number, query: Query = {}) => send(tokens, 'GET', `/nfc-tags/${id}/assign-events`, { query }),
  };
}

export type { NfcAssignEvent, NfcTag };

/**
 * An organization right under the provider, with a location, a staff member and a tag: outside
 * the device technician's scope (the network), inside the provider admin's.
 */
export async function createOutpost(db: Database) {
  const suffix = randomBytes(3).toString('hex');
  const [org] = await db.insert(organizations).values({ name: `Outpost ${suffix}`, type: 'HOSPITAL', accountType: 'LAVO', parentId: 1 }).returning();
  if (!org) throw new Error('organization not created');
  const [group] = await db.insert(groups).values({ organizationId: org.id, name: `Outpost ${suffix} Ward`, type: 'UNIT' }).returning();
  if (!group) throw new Error('group not created');
  const [user] = await db
    .insert(users)
    .values({ userName: `outpost-${suffix}@example.org`, firstName: 'Olu', lastName: 'Outpost', organizationId: org.id, groupId: group.id })
    .returning();
  if (!user) throw new Error('user not created');
  const [tag] = await db.insert(nfcTags).values({ nfcId: uniqueNfcId(), nfcShortId: 'OUT1', groupId: group.id, userId: user.id }).returning();
  if (!tag) throw new Error('tag not created');
  return { organizationId: org.id, groupId: group.id, user, tag };
}

/**
 * Active staff of the NFC demo departments who hold no tag, handed out one at a time so no two
 * tests share a user.
 */
export async function tagFreeStaff(db: Database): Promise<() => UserRow> {
  const holders = new Set((await db.select({ userId: nfcTags.userId }).from(nfcTags).where(isNotNull(nfcTags.userId))).map((r) => r.userId));
  const rows = await db
    .select()
    .from(users)
    .where(and(inArray(users.organizationId, [...NFC_DEMO_DEPARTMENTS]), eq(users.active, true), isNotNull(users.groupId)))
    .orderBy(asc(users.id));
  const free = rows.filter((u) => !holders.has(u.id) && !u.userName.endsWith('@demo.health'));
  let next = 0;
  return () => {
    const user = free[next++];
    if (!user) throw new Error('ran out of staff without a tag');
    return user;
  };
}

/** A tag's rows as stored, and its assign events oldest first. */
export async function stored(db: Database, tagId: number) {
  const [tag] = await db.select().from(nfcTags).where(eq(nfcTags.id, tagId));
  const events = await db.select().from(nfcAssignEvents).where(eq(nfcAssignEvents.tagId, tagId)).orderBy(asc(nfcAssignEvents.id));
  return { tag, events };
}
