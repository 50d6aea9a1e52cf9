import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/src/db/client';
import { DEMO_ACCOUNT_BY_KEY } from '../../../../server/src/db/demo-accounts';
import { buildNfcTags, NFC_DEMO_DEPARTMENTS } from '../../../../server/src/db/demo/nfc';
import { createRandom } from '../../../../server/src/db/demo/random';
import { groups, nfcAssignEvents, nfcTags, users, type UserRow } from '../../../../server/src/db/schema';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db';

describe('demo NFC tags', () => {
  let database: TestDatabase;
  let db: Database;
  let tags: (typeof nfcTags.$inferSelect)[];
  let events: (typeof nfcAssignEvents.$inferSelect)[];
  let staff: UserRow[];
  let organizationOf: Map<number, number>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
    tags = await db.select().from(nfcTags).orderBy(asc(nfcTags.id));
    events = await db.select().from(nfcAssignEvents).orderBy(asc(nfcAssignEvents.id));
    staff = await db.select().from(users).orderBy(asc(users.id));
    organizationOf = new Map((await db.select().from(groups)).map((g) => [g.id, g.organizationId]));
  });
  afterAll(() => database.close());

  it('gives about a third of the active staff of the NFC departments a tag, and keeps spares and deactivated tags', () => {
    const departmentStaff = staff.filter((u) => u.active && u.groupId !== null && NFC_DEMO_DEPARTMENTS.includes(u.organizationId));
    const holders = tags.filter((t) => t.userId !== null);
    const share = holders.length / departmentStaff.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.45);
    expect(tags.filter((t) => t.userId === null && t.active).length).toBeGreaterThanOrEqual(NFC_DEMO_DEPARTMENTS.length * 2);
    expect(tags.filter((t) => !t.active).length).toBeGreaterThan(0);
    expect(tags.every((t) => NFC_DEMO_DEPARTMENTS.includes(organizationOf.get(t.groupId) ?? -1))).toBe(true);
    const nurse = staff.find((u) => u.userName === DEMO_ACCOUNT_BY_KEY.nurse.email);
    expect(holders.map((t) => t.userId)).toContain(nurse?.id);
    for (const t of holders) {
      const holder = staff.find((u) => u.id === t.userId);
      expect(holder?.active).toBe(true);
      expect(holder?.organizationId).toBe(organizationOf.get(t.groupId));
    }
  });

  it('uses 14-character NTAG-style ids with 7-character short ids', () => {
    for (const t of tags) {
      expect(t.nfcId).toMatch(/^04[0-9A-F]{12}$/);
      expect(t.nfcShortId).toMatch(/^[0-9A-Z]{7}$/);
    }
    expect(new Set(tags.map((t) => t.nfcId)).size).toBe(tags.length);
  });

  it('records one or two assign events per assigned tag, the last for the holder, by the device technician', async () => {
    const [tech] = await db.select().from(users).where(eq(users.userName, DEMO_ACCOUNT_BY_KEY.tech.email));
    expect(events.every((e) => e.assignorId === tech?.id)).toBe(true);
    const counts: number[] = [];
    for (const t of tags) {
      const own = events.filter((e) => e.tagId === t.id);
      for (let i = 1; i < own.length; i++) expect(own[i]!.createdAt.getTime()).toBeGreaterThan(own[i - 1]!.createdAt.getTime());
      if (t.userId !== null) {
        expect(own.length).toBeGreaterThanOrEqual(1);
        expect(own.length).toBeLessThanOrEqual(2);
        expect(own.at(-1)?.userId).toBe(t.userId);
        expect(t.updatedAt.getTime()).toBe(own.at(-1)?.createdAt.getTime());
        counts.push(own.length);
      } else if (!t.active) {
        expect(own.map((e) => e.userId === null)).toEqual([false, true]);
      }
      for (const e of own) expect(e.createdAt.getTime()).toBeGreaterThanOrEqual(t.createdAt.getTime());
    }
    expect(counts).toContain(1);
    expect(counts).toContain(2);
  });

  it('builds the same tags from the same staff', () => {
    const members = staff.filter((u) => u.groupId !== null) as (UserRow & { groupId: number })[];
    expect(buildNfcTags(createRandom(7), members)).toEqual(buildNfcTags(createRandom(7), members));
  });
});
