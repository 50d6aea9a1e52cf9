import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bedEvents, eventLedger, presenceEvents, zones } from '../../../../server/src/db/schema';
import { createTestApp } from '../../helpers/app';
import { createFleet, eventsFor, sendAsGateway, type Fleet } from '../../helpers/fleet';
import { ST_MARYS, staffOf } from '../../helpers/staff';

// docs/PRIVACY.md 'Private zones': a breakroom's or restroom's beacons tell nothing of who was there.

describe('a private zone', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let fleet: Fleet;
  let wearer: number;
  const send = (events: unknown[]) => sendAsGateway(ctx.app, fleet, events);
  const countIn = async (table: typeof presenceEvents | typeof bedEvents | typeof eventLedger, ids: string[]) =>
    Number((await ctx.db.select({ n: count() }).from(table).where(inArray(table.eventId, ids)))[0]?.n);
  const idsOf = (events: unknown[]) => events.map((e) => (e as { id: string }).id);
  const visitsOf = async (userId: number) =>
    Number((await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from visits where user_id = ${userId}`)).rows[0]?.n ?? 0);

  beforeAll(async () => {
    ctx = await createTestApp();
    [wearer] = (await staffOf(ctx.db, ST_MARYS)).slice(0, 1).map((u) => u.id) as [number];
    fleet = await createFleet(ctx.db, 6, [wearer]);
  });
  afterAll(() => ctx.close());

  it('keeps none of its beacons’ presence, nor a visit, only that the events came', async () => {
    await ctx.db.update(zones).set({ type: 'PRIVATE' }).where(eq(zones.id, fleet.rooms.room.zoneId));
    const e = eventsFor(fleet);
    const visit = e.visit(wearer, '2025-11-03T10:00:00Z', '2025-11-03T10:12:00Z');
    const bed = e.bed(wearer, '2025-11-03T10:01:00Z', '2025-11-03T10:10:00Z');
    const res = await send([...visit, ...bed]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 4, duplicates: 0 });
    expect(await countIn(presenceEvents, idsOf(visit))).toBe(0);
    expect(await countIn(bedEvents, idsOf(bed))).toBe(0);
    expect(await visitsOf(wearer)).toBe(0);
    // The ledger holds each event's id, kind and time, never whose it was: a replay stays a duplicate.
    expect(await countIn(eventLedger, idsOf([...visit, ...bed]))).toBe(4);
    expect((await send(visit)).json()).toEqual({ accepted: 0, duplicates: 2 });
  });

  it('keeps the presence again once the zone is a patient room', async () => {
    await ctx.db.update(zones).set({ type: 'PATIENT_ROOM' }).where(eq(zones.id, fleet.rooms.room.zoneId));
    const visit = eventsFor(fleet).visit(wearer, '2025-11-04T10:00:00Z', '2025-11-04T10:12:00Z');
    expect((await send(visit)).statusCode).toBe(200);
    expect(await countIn(presenceEvents, idsOf(visit))).toBe(2);
    expect(await visitsOf(wearer)).toBe(1);
  });
});
