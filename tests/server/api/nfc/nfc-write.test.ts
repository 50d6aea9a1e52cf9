import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../../../server/src/db/schema';
import { nfcAssignEvents, nfcTags, users } from '../../../../server/src/db/schema';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { createOutpost, nfcClient, stored, tagFreeStaff, uniqueNfcId, type NfcTag } from './nfc-client';

const ICU_3_NORTH = 6;

describe('NFC tags: creating and assigning', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let api: ReturnType<typeof nfcClient>;
  let admin: Tokens;
  let tech: Tokens;
  let nurse: Tokens;
  let techUser: UserRow;
  let adminUser: UserRow;
  let freeUser: () => UserRow;
  let outpost: Awaited<ReturnType<typeof createOutpost>>;

  beforeAll(async () => {
    ctx = await createTestApp();
    api = nfcClient(ctx.app);
    [admin, tech, nurse] = await Promise.all([signIn('admin@demo.health'), signIn('tech@demo.health'), signIn('nurse@demo.health')]);
    const byName = async (userName: string) => (await ctx.db.select().from(users).where(eq(users.userName, userName)))[0]!;
    [techUser, adminUser] = await Promise.all([byName('tech@demo.health'), byName('admin@demo.health')]);
    freeUser = await tagFreeStaff(ctx.db);
    outpost = await createOutpost(ctx.db);
  });
  afterAll(() => ctx.close());

  const tagCount = async () => (await ctx.db.select({ n: count() }).from(nfcTags))[0]!.n;
  const eventCount = async () => (await ctx.db.select({ n: count() }).from(nfcAssignEvents))[0]!.n;
  const newTag = async (userId: number | null = null) => {
    const res = await api.create(tech, { nfcId: uniqueNfcId(), nfcShortId: 'AB12CD3', groupId: ICU_3_NORTH, active: true, userId });
    expect(res.status).toBe(201);
    return res.body as NfcTag;
  };

  describe('POST /nfc-tags', () => {
    it('creates a tag as the caller, upper-casing the ids, and answers it with 201', async () => {
      const nfcId = uniqueNfcId();
      const res = await api.create(tech, { nfcId: nfcId.toLowerCase(), nfcShortId: 'x1y2z3', groupId: ICU_3_NORTH, active: true, createdBy: adminUser.id });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ nfcId, nfcShortId: 'X1Y2Z3', groupId: ICU_3_NORTH, groupName: 'ICU – 3 North', active: true, userId: null, user: null });
      const { tag, events } = await stored(ctx.db, res.body.id);
      expect(tag).toMatchObject({ createdBy: techUser.id, updatedBy: techUser.id });
      expect(events).toEqual([]);
      expect((await api.byNfcId(tech, nfcId)).body.id).toBe(res.body.id);
    });

    it('records the first assignment when created for a user, with the caller as assignor', async () => {
      const holder = freeUser();
      const res = await api.create(tech, { nfcId: uniqueNfcId(), nfcShortId: '', groupId: ICU_3_NORTH, active: true, userId: holder.id });
      expect(res.status).toBe(201);
      expect(res.body.user).toEqual({ id: holder.id, userName: holder.userName, firstName: holder.firstName, lastName: holder.lastName });
      const { events } = await stored(ctx.db, res.body.id);
      expect(events.map((e) => [e.userId, e.assignorId])).toEqual([[holder.id, techUser.id]]);
    });

    it('refuses a malformed NFC id or short id with 400 and writes nothing', async () => {
      const before = await tagCount();
      const short = await api.create(tech, { nfcId: uniqueNfcId().slice(0, 13), nfcShortId: '', groupId: ICU_3_NORTH, active: true });
      expect(short.status).toBe(400);
      expect(short.body.message).toContain('NFC ID must be exactly 14 characters');
      const symbols = await api.create(tech, { nfcId: 'ab-cd_ef:12/34', nfcShortId: '', groupId: ICU_3_NORTH, active: true });
      expect(symbols.status).toBe(400);
      expect(symbols.body.message).toContain('NFC ID Must Contain Only Alphanumeric Characters');
      const longShort = await api.create(tech, { nfcId: uniqueNfcId(), nfcShortId: 'ABCDEFGH', groupId: ICU_3_NORTH, active: true });
      expect(longShort.status).toBe(400);
      const noGroup = await api.create(tech, { nfcId: uniqueNfcId(), nfcShortId: '' });
      expect(noGroup.status).toBe(400);
      expect(await tagCount()).toBe(before);
    });

    it('answers 409 NFC ID Already Exists for a duplicate NFC id', async () => {
      const existing = await newTag();
      const before = await tagCount();
      const res = await api.create(tech, { nfcId: existing.nfcId.toLowerCase(), nfcShortId: 'OTHER', groupId: ICU_3_NORTH, active: true });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('NFC ID Already Exists');
      expect(await tagCount()).toBe(before);
    });

    it('answers 409 User Already Assigned for a user who holds a tag, writing neither tag nor event', async () => {
      const holder = freeUser();
      await newTag(holder.id);
      const [tags, events] = [await tagCount(), await eventCount()];
      const res = await api.create(tech, { nfcId: uniqueNfcId(), nfcShortId: '', groupId: ICU_3_NORTH, active: true, userId: holder.id });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('User Already Assigned');
      expect([await tagCount(), await eventCount()]).toEqual([tags, events]);
    });

    it('answers 404 for a location or a user outside the caller’s scope', async () => {
      const before = await tagCount();
      const group = await api.create(tech, { nfcId: uniqueNfcId(), nfcShortId: '', groupId: outpost.groupId, active: true });
      expect(group.status).toBe(404);
      expect(group.body.message).toBe('Location not found');
      const user = await api.create(tech, { nfcId: uniqueNfcId(), nfcShortId: '', groupId: ICU_3_NORTH, active: true, userId: adminUser.id });
      expect(user.status).toBe(404);
      expect(user.body.message).toBe('User not found');
      const missing = await api.create(tech, { nfcId: uniqueNfcId(), nfcShortId: '', groupId: 999_999, active: true });
      expect(missing.status).toBe(404);
      expect(await tagCount()).toBe(before);
      expect((await api.create(admin, { nfcId: uniqueNfcId(), nfcShortId: '', groupId: outpost.groupId, active: true })).status).toBe(201);
    });

    it('answers 403 to an account without NFC_TAGS and writes nothing', async () => {
      const before = await tagCount();
      const res = await api.create(nurse, { nfcId: uniqueNfcId(), nfcShortId: '', groupId: ICU_3_NORTH, active: true });
      expect(res.status).toBe(403);
      expect(await tagCount()).toBe(before);
    });

    it('creates one tag for a POST repeated with the same Idempotency-Key', async () => {
      const key = randomUUID();
      const payload = { nfcId: uniqueNfcId(), nfcShortId: 'RETRY1', groupId: ICU_3_NORTH, active: true, userId: freeUser().id };
      const before = [await tagCount(), await eventCount()];
      const first = await api.create(tech, payload, key);
      expect(first.status).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await api.create(tech, payload, key);
      expect(again.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      expect([await tagCount(), await eventCount()]).toEqual([before[0]! + 1, before[1]! + 1]);
      const fresh = await api.create(tech, payload, randomUUID());
      expect(fresh.status).toBe(409);
      expect(fresh.body.message).toBe('NFC ID Already Exists');
    });
  });

  describe('PATCH /nfc-tags/{id}', () => {
    it('assigns, reassigns and unassigns, recording each change with the caller as assignor', async () => {
      const tag = await newTag();
      const [first, second] = [freeUser(), freeUser()];
      const assigned = await api.update(tech, tag.id, { userId: first.id, updatedBy: adminUser.id, updatedAt: '2020-01-01T00:00:00Z' });
      expect(assigned.status).toBe(200);
      expect(assigned.body).toMatchObject({ id: tag.id, userId: first.id, user: { id: first.id, firstName: first.firstName } });
      expect(Date.parse(assigned.body.updatedAt)).toBeGreaterThan(Date.parse('2025-01-01'));
      const reassigned = await api.update(tech, tag.id, { userId: second.id });
      expect(reassigned.body.userId).toBe(second.id);
      const unassigned = await api.update(tech, tag.id, { userId: null, updatedBy: techUser.id });
      expect(unassigned.status).toBe(200);
      expect(unassigned.body).toMatchObject({ userId: null, user: null });
      const { tag: row, events } = await stored(ctx.db, tag.id);
      expect(row).toMatchObject({ userId: null, updatedBy: techUser.id, createdBy: techUser.id });
      expect(events.map((e) => [e.userId, e.assignorId])).toEqual([
        [first.id, techUser.id],
        [second.id, techUser.id],
        [null, techUser.id],
      ]);
    });

    it('records the updater as the caller whatever the body says', async () => {
      const tag = await newTag();
      await api.update(admin, tag.id, { userId: null, updatedBy: techUser.id, active: false });
      const { tag: row, events } = await stored(ctx.db, tag.id);
      expect(row).toMatchObject({ updatedBy: adminUser.id, active: false });
      expect(events).toEqual([]);
    });

    it('changes the NFC id and status without an event while the holder stays', async () => {
      const holder = freeUser();
      const tag = await newTag(holder.id);
      const nfcId = uniqueNfcId();
      const res = await api.update(tech, tag.id, { userId: holder.id, nfcId: nfcId.toLowerCase(), active: false });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ nfcId, active: false, userId: holder.id });
      expect((await stored(ctx.db, tag.id)).events).toHaveLength(1);
    });

    it('answers 409 User Already Assigned when the user holds another tag, changing nothing', async () => {
      const holder = freeUser();
      await newTag(holder.id);
      const tag = await newTag();
      const res = await api.update(tech, tag.id, { userId: holder.id, active: false });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('User Already Assigned');
      const { tag: row, events } = await stored(ctx.db, tag.id);
      expect(row).toMatchObject({ userId: null, active: true });
      expect(events).toEqual([]);
    });

    it('answers 409 NFC ID Already Exists when renamed to another tag’s NFC id', async () => {
      const [one, two] = [await newTag(), await newTag()];
      const res = await api.update(tech, two.id, { userId: null, nfcId: one.nfcId });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('NFC ID Already Exists');
      expect((await stored(ctx.db, two.id)).tag?.nfcId).toBe(two.nfcId);
    });

    it('refuses a replayed edit whose expected holder is no longer the holder, changing nothing', async () => {
      const [holder, other, third] = [freeUser(), freeUser(), freeUser()];
      const tag = await newTag(holder.id);
      const stale = await api.update(tech, tag.id, { userId: third.id, expectedUserId: other.id });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(`This tag was assigned to ${holder.firstName} ${holder.lastName} meanwhile.`);
      const wasFree = await api.update(tech, tag.id, { userId: null, expectedUserId: null, active: false });
      expect(wasFree.status).toBe(409);
      expect(wasFree.body.message).toBe(`This tag was assigned to ${holder.firstName} ${holder.lastName} meanwhile.`);
      let now = await stored(ctx.db, tag.id);
      expect(now.tag).toMatchObject({ userId: holder.id, active: true });
      expect(now.events).toHaveLength(1);

      expect((await api.update(tech, tag.id, { userId: null, expectedUserId: holder.id })).status).toBe(200);
      const gone = await api.update(tech, tag.id, { userId: third.id, expectedUserId: holder.id });
      expect(gone.status).toBe(409);
      expect(gone.body.message).toBe('This tag was unassigned meanwhile.');
      now = await stored(ctx.db, tag.id);
      expect(now.tag?.userId).toBeNull();
      expect(now.events.map((e) => e.userId)).toEqual([holder.id, null]);

      const fresh = await api.update(tech, tag.id, { userId: third.id, expectedUserId: null });
      expect(fresh.status).toBe(200);
      expect(fresh.body.userId).toBe(third.id);
    });

    it('answers 404 for a tag or a user outside the caller’s scope, and for an unknown tag', async () => {
      const outside = await api.update(tech, outpost.tag.id, { userId: null });
      expect(outside.status).toBe(404);
      expect(outside.body.message).toBe('NFC tag not found');
      expect((await stored(ctx.db, outpost.tag.id)).tag?.userId).toBe(outpost.user.id);
      const tag = await newTag();
      const user = await api.update(tech, tag.id, { userId: outpost.user.id });
      expect(user.status).toBe(404);
      expect(user.body.message).toBe('User not found');
      expect((await api.update(tech, 999_999, { userId: null })).status).toBe(404);
      expect((await api.update(tech, tag.id, {})).status).toBe(400);
      expect((await api.update(nurse, tag.id, { userId: null })).status).toBe(403);
    });
  });

  describe('GET /nfc-tags/{id}/assign-events', () => {
    it('pages the history newest first with the holder and the assignor', async () => {
      const people = Array.from({ length: 4 }, () => freeUser());
      const tag = await newTag(people[0]!.id);
      for (const userId of [people[1]!.id, null, people[2]!.id, people[3]!.id, null, people[0]!.id]) {
        expect((await api.update(tech, tag.id, { userId })).status).toBe(200);
      }
      const all = await api.events(tech, tag.id);
      expect(all.status).toBe(200);
      const events = all.body.data.data as { id: number; userId: number | null; user: unknown; assignor: unknown; timestamp: string }[];
      expect(all.body.data.hasMore).toBe(false);
      expect(events.map((e) => e.userId)).toEqual([people[0]!.id, null, people[3]!.id, people[2]!.id, null, people[1]!.id, people[0]!.id]);
      expect(events[0]).toMatchObject({ user: { firstName: people[0]!.firstName, lastName: people[0]!.lastName }, assignor: { firstName: 'Theo', lastName: 'Nakamura' } });
      expect(events[1]!.user).toBeNull();
      const times = events.map((e) => Date.parse(e.timestamp));
      expect([...times].sort((a, b) => b - a)).toEqual(times);

      const pages: (typeof events)[] = [];
      let startingAfter: number | undefined;
      let hasMore = true;
      while (hasMore) {
        const page = await api.events(tech, tag.id, { take: 3, startingAfter });
        pages.push(page.body.data.data);
        hasMore = page.body.data.hasMore;
        startingAfter = page.body.data.data.at(-1)?.id;
      }
      expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
      expect(pages.flat()).toEqual(events);
    });

    it('shows a seeded handed-on tag’s two events, and refuses a take over 45', async () => {
      const [event] = await ctx.db
        .select({ tagId: nfcAssignEvents.tagId, n: count() })
        .from(nfcAssignEvents)
        .groupBy(nfcAssignEvents.tagId)
        .having(eq(count(), 2))
        .limit(1);
      const res = await api.events(admin, event!.tagId);
      expect(res.body.data.data).toHaveLength(2);
      expect(Date.parse(res.body.data.data[0].timestamp)).toBeGreaterThan(Date.parse(res.body.data.data[1].timestamp));
      expect((await api.events(admin, event!.tagId, { take: 46 })).status).toBe(400);
      expect((await api.events(admin, event!.tagId, { take: 45 })).status).toBe(200);
    });

    it('answers 404 for a tag outside the caller’s scope', async () => {
      const res = await api.events(tech, outpost.tag.id);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('NFC tag not found');
      expect((await api.events(admin, outpost.tag.id)).status).toBe(200);
    });
  });
});
