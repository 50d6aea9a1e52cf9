import { count, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLedger, presenceEvents } from '../../../../server/src/db/schema';
import { gatewayToken } from '../../../../server/src/core/gateway-auth';
import { createTestApp, TEST_INGEST_SECRET } from '../../helpers/app';
import { createFleet, eventsFor, type Fleet } from '../../helpers/fleet';
import { RIVERSIDE, ST_MARYS, staffOf } from '../../helpers/staff';

describe('POST /api/ingest/events', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let fleet: Fleet;
  let riverside: Fleet;
  let user: number;
  const send = (body: unknown, gateway = fleet.gateway, token = gatewayToken(TEST_INGEST_SECRET, gateway)) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/events',
      headers: { 'x-gateway-mac': gateway, authorization: `Bearer ${token}` },
      payload: body as object,
    });
  const opportunities = async (day: string) => {
    const rows = await ctx.db.execute<{ n: number }>(
      sql`select coalesce(sum(entry_opportunities + exit_opportunities), 0)::int as n from compliance_daily where user_id = ${user} and day = ${day}::date`,
    );
    return Number(rows.rows[0]?.n);
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    user = (await staffOf(ctx.db, ST_MARYS))[0]?.id as number;
    fleet = await createFleet(ctx.db, 6, [user]);
    riverside = await createFleet(ctx.db, 15, [(await staffOf(ctx.db, RIVERSIDE))[0]?.id as number]);
  });
  afterAll(() => ctx.close());

  it('refuses a caller without the gateway’s token, and an unknown gateway', async () => {
    const e = eventsFor(fleet);
    const batch = { events: e.visit(user, '2025-09-01T10:00:00Z', '2025-09-01T10:05:00Z') };
    expect((await send(batch, fleet.gateway, 'not-the-token')).statusCode).toBe(401);
    expect((await send(batch, fleet.gateway, gatewayToken('another-secret-entirely', fleet.gateway))).statusCode).toBe(401);
    const stranger = '02:00:00:00:00:99';
    const res = await send(batch, stranger);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(`Gateway ${stranger} is not part of the fleet`);
    expect(await opportunities('2025-09-01')).toBe(0);
  });

  it('stores a batch once: a replay is reported as duplicates and changes no figure', async () => {
    const e = eventsFor(fleet);
    const batch = { events: [...e.visit(user, '2025-09-02T10:00:00Z', '2025-09-02T10:05:00Z'), e.dispense(user, '2025-09-02T10:00:30Z')] };
    const first = await send(batch);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ accepted: 3, duplicates: 0 });
    expect(await opportunities('2025-09-02')).toBe(2);
    const again = await send(batch);
    expect(again.json()).toEqual({ accepted: 0, duplicates: 3 });
    expect(await opportunities('2025-09-02')).toBe(2);
    const ids = batch.events.map((ev) => ev.id);
    expect((await ctx.db.select({ n: count() }).from(eventLedger).where(inArray(eventLedger.eventId, ids)))[0]?.n).toBe(3);
  });

  it('recomputes compliance when a late wash arrives in a later batch', async () => {
    const e = eventsFor(fleet);
    await send({ events: e.visit(user, '2025-09-03T10:00:00Z', '2025-09-03T10:05:00Z') });
    const before = await ctx.db.execute<{ c: number }>(sql`select entry_compliant::int as c from visits where user_id = ${user} and entry_at = '2025-09-03T10:00:00Z'`);
    expect(Number(before.rows[0]?.c)).toBe(0);
    await send({ events: [e.dispense(user, '2025-09-03T09:59:30Z')] });
    const after = await ctx.db.execute<{ c: number }>(sql`select entry_compliant::int as c from visits where user_id = ${user} and entry_at = '2025-09-03T10:00:00Z'`);
    expect(Number(after.rows[0]?.c)).toBe(1);
  });

  it('rejects a malformed batch whole, naming the first bad event, and stores nothing of it', async () => {
    const e = eventsFor(fleet);
    const good = e.visit(user, '2025-09-04T10:00:00Z', '2025-09-04T10:05:00Z');
    const cases: [unknown[], RegExp][] = [
      [[...good, { id: 'bad-1', type: 'presence', at: 'yesterday', wearable: fleet.wristbands.get(user), beacon: fleet.rooms.room.beacon, action: 'enter' }], /^Event 2 \(id "bad-1"\): at must be an ISO 8601 date-time$/],
      [[good[0], { id: 'bad-2', type: 'teleport', at: '2025-09-04T10:00:00Z' }, good[1]], /^Event 1 \(id "bad-2"\): type /],
      [[...good, { ...e.dispense(user, '2025-09-04T10:01:00Z'), dispenser: '02:DE:AD:BE:EF:00' }], /^Event 2 \(id "[^"]+"\): dispenser 02:DE:AD:BE:EF:00 is not a known device$/],
      [[...good, { ...e.dispense(user, '2025-09-04T10:01:00Z'), dispenser: fleet.rooms.room.beacon }], /^Event 2 \(id "[^"]+"\): dispenser .* is not a dispenser with a location$/],
      [[...good, { ...e.dispense(null, '2025-09-04T10:01:00Z'), dispenser: riverside.soap }], /^Event 2 \(id "[^"]+"\): dispenser .* belongs to another site than gateway/],
    ];
    for (const [events, message] of cases) {
      const res = await send({ events });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const ids = good.map((ev) => ev.id);
    expect((await ctx.db.select({ n: count() }).from(presenceEvents).where(inArray(presenceEvents.eventId, ids)))[0]?.n).toBe(0);
    expect((await ctx.db.select({ n: count() }).from(eventLedger).where(inArray(eventLedger.eventId, ids)))[0]?.n).toBe(0);
    expect(await opportunities('2025-09-04')).toBe(0);
    expect((await send({ events: [] })).statusCode).toBe(400);
  });

  it('keeps device health from heartbeats: the newest one wins', async () => {
    const res = await send({
      events: [
        { id: `hb-${Date.now()}-2`, type: 'heartbeat', at: '2025-09-05T12:00:00Z', device: fleet.soap, batteryPercent: 14 },
        { id: `hb-${Date.now()}-1`, type: 'heartbeat', at: '2025-09-05T11:00:00Z', device: fleet.soap, batteryPercent: 90 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const row = await ctx.db.execute<{ battery_percent: number; last: string }>(
      sql`select battery_percent, last_heartbeat_at::text as last from devices where mac = ${fleet.soap}`,
    );
    expect(Number(row.rows[0]?.battery_percent)).toBe(14);
    expect(new Date(String(row.rows[0]?.last)).toISOString()).toBe('2025-09-05T12:00:00.000Z');
  });
});
