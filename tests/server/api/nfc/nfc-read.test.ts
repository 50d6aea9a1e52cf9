import { count, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, nfcTags, users } from '../../../../server/src/db/schema';
import { withDescendants } from '../../../../server/src/core/scope';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { createOutpost, nfcClient, type NfcTag } from './nfc-client';

// Main Tower (group 4) holds St. Mary's ICU (6, 7), Emergency (8, 9) and Med-Surg (10–12);
// Riverside's ICU – 2 North is group 15.
const MAIN_TOWER = 4;
const ICU_3_NORTH = 6;
const RIVERSIDE_ICU = 15;

describe('NFC tags: reading', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let api: ReturnType<typeof nfcClient>;
  let admin: Tokens;
  let tech: Tokens;
  let nurse: Tokens;
  let manager: Tokens;
  let outpost: Awaited<ReturnType<typeof createOutpost>>;
  let seeded: (typeof nfcTags.$inferSelect)[];

  beforeAll(async () => {
    ctx = await createTestApp();
    api = nfcClient(ctx.app);
    [admin, tech, nurse, manager] = await Promise.all([
      signIn('admin@demo.health'),
      signIn('tech@demo.health'),
      signIn('nurse@demo.health'),
      signIn('manager@demo.health'),
    ]);
    seeded = await ctx.db.select().from(nfcTags);
    outpost = await createOutpost(ctx.db);
  });
  afterAll(() => ctx.close());

  const allPages = async (tokens: Tokens, query: Record<string, string | number>, take: number) => {
    const out: NfcTag[] = [];
    let startingAfter: number | undefined;
    for (;;) {
      const { status, body } = await api.list(tokens, { ...query, take, startingAfter });
      expect(status).toBe(200);
      out.push(...(body.data as NfcTag[]));
      if (body.data.length < take) return { tags: out, totalCount: body.totalCount as number };
      startingAfter = out.at(-1)?.id;
    }
  };

  it('answers 403 to demo accounts without NFC_TAGS or without a {product} account, and 401 without a token', async () => {
    for (const tokens of [nurse, manager]) {
      expect((await api.list(tokens)).status).toBe(403);
      expect((await api.byNfcId(tokens, seeded[0]!.nfcId)).status).toBe(403);
      expect((await api.data(tokens)).status).toBe(403);
      expect((await api.events(tokens, seeded[0]!.id)).status).toBe(403);
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/nfc-tags' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists every tag in scope in id order with its location and holder', async () => {
    const { status, body } = await api.list(tech, { take: 500 });
    expect(status).toBe(200);
    const tags = body.data as NfcTag[];
    expect(body.totalCount).toBe(seeded.length);
    expect(tags.map((t) => t.id)).toEqual(seeded.map((t) => t.id).sort((a, b) => a - b));
    const assigned = tags.find((t) => t.userId !== null)!;
    const [holder] = await ctx.db.select().from(users).where(eq(users.id, assigned.userId!));
    const [group] = await ctx.db.select().from(groups).where(eq(groups.id, assigned.groupId));
    expect(assigned).toMatchObject({
      user: { id: holder!.id, userName: holder!.userName, firstName: holder!.firstName, lastName: holder!.lastName },
      groupName: group!.name,
    });
    expect(assigned.nfcId).toMatch(/^[0-9A-Z]{14}$/);
    expect(new Date(assigned.createdAt).toISOString()).toBe(assigned.createdAt);
    expect(tags.find((t) => t.userId === null)?.user).toBeNull();
    expect(tags.map((t) => t.id)).not.toContain(outpost.tag.id);
  });

  it('takes 100 by default, pages by startingAfter and refuses a take over 500', async () => {
    const first = await api.list(admin);
    expect(first.body.data.length).toBe(Math.min(100, first.body.totalCount));
    const paged = await allPages(admin, {}, 7);
    expect(paged.tags.map((t) => t.id)).toEqual(first.body.data.map((t: NfcTag) => t.id));
    expect(paged.totalCount).toBe(seeded.length + 1);
    expect(new Set(paged.tags.map((t) => t.id)).size).toBe(paged.tags.length);
    expect((await api.list(admin, { take: 501 })).status).toBe(400);
    expect((await api.list(admin, { take: 0 })).status).toBe(400);
  });

  it('limits a location to itself and its descendant locations', async () => {
    const tree = await ctx.db.select({ id: groups.id, parentId: groups.parentId }).from(groups);
    const tower = withDescendants(tree, [MAIN_TOWER]);
    const { tags, totalCount } = await allPages(tech, { groupId: MAIN_TOWER }, 500);
    const expected = seeded.filter((t) => tower.has(t.groupId));
    expect(expected.length).toBeGreaterThan(0);
    expect(totalCount).toBe(expected.length);
    expect(tags.map((t) => t.id).sort()).toEqual(expected.map((t) => t.id).sort());
    const unit = await api.list(tech, { groupId: ICU_3_NORTH });
    expect(unit.body.data.length).toBeGreaterThan(0);
    expect(unit.body.data.every((t: NfcTag) => t.groupId === ICU_3_NORTH)).toBe(true);
  });

  it('filters by status', async () => {
    const inactive = await api.list(tech, { status: 'inactive' });
    expect(inactive.body.totalCount).toBe(seeded.filter((t) => !t.active).length);
    expect(inactive.body.data.length).toBeGreaterThan(0);
    expect(inactive.body.data.every((t: NfcTag) => !t.active)).toBe(true);
    const active = await api.list(tech, { status: 'active' });
    expect(active.body.totalCount).toBe(seeded.filter((t) => t.active).length);
    expect((await api.list(tech, { status: 'lost' })).status).toBe(400);
  });

  it('searches NFC ids, short ids and the holder’s names, ignoring case and taking wildcards literally', async () => {
    const assigned = seeded.find((t) => t.userId !== null)!;
    const [holder] = await ctx.db.select().from(users).where(eq(users.id, assigned.userId!));
    const byLastName = await api.list(tech, { search: holder!.lastName.toLowerCase() });
    expect(byLastName.body.data.map((t: NfcTag) => t.id)).toContain(assigned.id);
    for (const t of byLastName.body.data as NfcTag[]) {
      expect(`${t.user?.firstName} ${t.user?.lastName} ${t.user?.userName}`.toLowerCase()).toContain(holder!.lastName.toLowerCase());
    }
    const byFullName = await api.list(tech, { search: `${holder!.firstName} ${holder!.lastName}`.toUpperCase() });
    expect(byFullName.body.data.map((t: NfcTag) => t.id)).toContain(assigned.id);
    const byUserName = await api.list(tech, { search: holder!.userName.split('@')[0]! });
    expect(byUserName.body.data.map((t: NfcTag) => t.id)).toContain(assigned.id);
    const byNfcId = await api.list(tech, { search: assigned.nfcId.slice(3, 11).toLowerCase() });
    expect(byNfcId.body.data.map((t: NfcTag) => t.id)).toEqual([assigned.id]);
    const byShortId = await api.list(tech, { search: assigned.nfcShortId.toLowerCase() });
    expect(byShortId.body.data.map((t: NfcTag) => t.id)).toContain(assigned.id);
    expect((await api.list(tech, { search: '%' })).body.totalCount).toBe(0);
    expect((await api.list(tech, { search: '_' })).body.totalCount).toBe(0);
  });

  it('answers 404 for a location outside the caller’s scope, which the provider admin sees', async () => {
    const outside = await api.list(tech, { groupId: outpost.groupId });
    expect(outside.status).toBe(404);
    expect(outside.body.message).toBe('Location not found');
    const own = await api.list(admin, { groupId: outpost.groupId });
    expect(own.status).toBe(200);
    expect(own.body.data.map((t: NfcTag) => t.id)).toEqual([outpost.tag.id]);
    expect(own.body.data[0].user).toMatchObject({ id: outpost.user.id, firstName: 'Olu', lastName: 'Outpost' });
  });

  it('finds a tag by its NFC id, upper-casing what was scanned', async () => {
    const tag = seeded.find((t) => t.userId !== null)!;
    const found = await api.byNfcId(tech, tag.nfcId.toLowerCase());
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ id: tag.id, nfcId: tag.nfcId, nfcShortId: tag.nfcShortId, userId: tag.userId, active: tag.active });
    const missing = await api.byNfcId(tech, 'ABCDEF01234567');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('NFC tag not found');
    const outside = await api.byNfcId(tech, outpost.tag.nfcId);
    expect(outside.status).toBe(404);
    expect(outside.body.message).toBe('NFC tag not found');
    expect((await api.byNfcId(admin, outpost.tag.nfcId)).body.id).toBe(outpost.tag.id);
    expect((await api.byNfcId(tech, tag.nfcId.slice(0, 13))).status).toBe(400);
  });

  it('answers nfc-data by location and by user, within the scope', async () => {
    const all = await api.data(tech);
    expect(all.status).toBe(200);
    expect((all.body as NfcTag[]).map((t) => t.id).sort()).toEqual(seeded.map((t) => t.id).sort());

    const byGroup = await api.data(tech, { groupId: RIVERSIDE_ICU });
    const [expected] = await ctx.db.select({ n: count() }).from(nfcTags).where(eq(nfcTags.groupId, RIVERSIDE_ICU));
    expect(byGroup.body).toHaveLength(expected!.n);
    expect((byGroup.body as NfcTag[]).every((t) => t.groupId === RIVERSIDE_ICU)).toBe(true);

    const [nurseRow] = await ctx.db.select().from(users).where(eq(users.userName, 'nurse@demo.health'));
    const byUser = await api.data(tech, { userId: nurseRow!.id });
    expect((byUser.body as NfcTag[]).map((t) => t.userId)).toEqual([nurseRow!.id]);
    expect((await api.data(tech, { userId: nurseRow!.id, groupId: ICU_3_NORTH })).body).toEqual([]);

    const holders = await ctx.db.select({ userId: nfcTags.userId }).from(nfcTags).where(isNotNull(nfcTags.userId));
    const noTag = await ctx.db.select().from(users).where(inArray(users.userName, ['tech@demo.health']));
    expect(holders.map((h) => h.userId)).not.toContain(noTag[0]!.id);
    expect((await api.data(tech, { userId: noTag[0]!.id })).body).toEqual([]);

    const outsideUser = await api.data(tech, { userId: outpost.user.id });
    expect(outsideUser.status).toBe(404);
    expect(outsideUser.body.message).toBe('User not found');
    const outsideGroup = await api.data(tech, { groupId: outpost.groupId });
    expect(outsideGroup.status).toBe(404);
    expect((await api.data(admin, { userId: outpost.user.id })).body.map((t: NfcTag) => t.id)).toEqual([outpost.tag.id]);
  });
});
