import { count, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, eventLedger, heartbeatEvents, hygieneEvents, presenceEvents } from '../../../../server/src/db/schema';
import { deriveAll } from '../../../../server/src/modules/metrics/derive';
import { createTestApp } from '../../helpers/app';
import { derivedChecksums } from '../../helpers/db-checksum';
import { createFleet, eventsFor, sendAsGateway, type Fleet } from '../../helpers/fleet';
import { ST_MARYS, staffOf } from '../../helpers/staff';

describe('POST /api/ingest/events: how a batch is stored', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let fleet: Fleet;
  let users: number[];
  const send = (events: unknown[]) => sendAsGateway(ctx.app, fleet, events);
  const stored = async (table: typeof eventLedger | typeof presenceEvents | typeof heartbeatEvents, ids: string[]) =>
    Number((await ctx.db.select({ n: count() }).from(table).where(inArray(table.eventId, ids)))[0]?.n);
  const derived = () => derivedChecksums(ctx.db);

  beforeAll(async () => {
    ctx = await createTestApp();
    users = (await staffOf(ctx.db, ST_MARYS)).slice(0, 3).map((u) => u.id);
    fleet = await createFleet(ctx.db, 6, users);
  });
  afterAll(() => ctx.close());

  it('counts an event repeated within a batch once', async () => {
    const e = eventsFor(fleet);
    const [enter, leave] = e.visit(users[0] as number, '2025-10-01T10:00:00Z', '2025-10-01T10:05:00Z');
    const res = await send([enter, leave, enter, { ...leave, at: '2025-10-01T10:06:00Z' }]);
    expect(res.json()).toEqual({ accepted: 2, duplicates: 2 });
    const ids = [enter, leave].map((x) => (x as { id: string }).id);
    expect(await stored(presenceEvents, ids)).toBe(2);
    const kept = await ctx.db.execute<{ ts: string }>(sql`select ts::text from presence_events where event_id = ${ids[1]}`);
    expect(new Date(String(kept.rows[0]?.ts)).toISOString()).toBe('2025-10-01T10:05:00.000Z');
  });

  it('stores only the new events of a batch that repeats stored ones', async () => {
    const e = eventsFor(fleet);
    const first = e.visit(users[0] as number, '2025-10-01T12:00:00Z', '2025-10-01T12:05:00Z');
    expect((await send(first)).json()).toEqual({ accepted: 2, duplicates: 0 });
    const later = [e.dispense(users[0] as number, '2025-10-01T12:04:50Z'), ...e.visit(users[0] as number, '2025-10-01T13:00:00Z', '2025-10-01T13:05:00Z')];
    expect((await send([...later.slice(0, 1), ...first, ...later.slice(1)])).json()).toEqual({ accepted: 3, duplicates: 2 });
    const ids = [...first, ...later].map((x) => x.id);
    expect(await stored(eventLedger, ids)).toBe(5);
    expect(await stored(presenceEvents, ids)).toBe(4);
  });

  it('stores nothing of a batch the database refuses part of', async () => {
    const e = eventsFor(fleet);
    const visit = e.visit(users[0] as number, '2025-10-02T10:00:00Z', '2025-10-02T10:05:00Z');
    const beat = { id: `beat-${Date.now()}`, type: 'heartbeat', at: '2025-10-02T10:01:00Z', device: fleet.soap, batteryPercent: 3 };
    const batch = [...visit, e.wash(users[0] as number, '2025-10-02T10:00:10Z'), beat];
    const ids = batch.map((x) => x.id);
    // The wristband wash, written last (after it is placed), is refused: the ledger, presence,
    // heartbeat and device state written before it must go too.
    await ctx.db.execute(sql`create function refuse_row() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`);
    await ctx.db.execute(sql`create trigger refuse_wash before insert on hygiene_events for each row execute function refuse_row()`);
    try {
      expect((await send(batch)).statusCode).toBe(500);
    } finally {
      await ctx.db.execute(sql`drop trigger refuse_wash on hygiene_events`);
      await ctx.db.execute(sql`drop function refuse_row()`);
    }
    expect(await stored(eventLedger, ids)).toBe(0);
    expect(await stored(presenceEvents, ids)).toBe(0);
    expect(Number((await ctx.db.select({ n: count() }).from(hygieneEvents).where(inArray(hygieneEvents.eventId, ids)))[0]?.n)).toBe(0);
    const soap = await ctx.db.execute<{ b: number | null }>(sql`select battery_percent as b from devices where mac = ${fleet.soap}`);
    expect(soap.rows[0]?.b).not.toBe(3);
    // Sent again, it is stored whole.
    expect((await send(batch)).json()).toEqual({ accepted: 4, duplicates: 0 });
    expect(await stored(heartbeatEvents, ids)).toBe(1);
  });

  it('places a wristband wash in the room its wearer entered in the same batch, and keeps a docked band’s heartbeat', async () => {
    const e = eventsFor(fleet);
    const user = users[1] as number;
    const band = fleet.wristbands.get(user) as string;
    const wash = e.wash(user, '2025-10-03T10:01:00Z', 'SOAP', 20);
    const batch = [
      ...e.visit(user, '2025-10-03T10:00:00Z', '2025-10-03T10:05:00Z'),
      wash,
      e.dispense(user, '2025-10-03T10:04:50Z'),
      { id: `band-beat-${Date.now()}`, type: 'heartbeat', at: '2025-10-03T11:00:00Z', device: band, batteryPercent: 61, batteryMv: 3900 },
      { id: `band-dock-${Date.now()}`, type: 'station', at: '2025-10-03T11:00:00Z', wearable: band, action: 'check-in', slot: 2 },
    ];
    expect((await send(batch)).json()).toEqual({ accepted: 6, duplicates: 0 });
    const placed = await ctx.db.execute<{ g: number }>(sql`select group_id as g from hygiene_events where event_id = ${wash.id}`);
    expect(Number(placed.rows[0]?.g)).toBe(fleet.groupId);
    const row = await ctx.db.select().from(devices).where(inArray(devices.mac, [band]));
    const gateway = await ctx.db.select().from(devices).where(inArray(devices.mac, [fleet.gateway]));
    expect(row[0]?.batteryPercent).toBe(61);
    expect(row[0]?.batteryMv).toBe(3900);
    expect(row[0]?.lastHeartbeatAt?.toISOString()).toBe('2025-10-03T11:00:00.000Z');
    expect(row[0]?.gatewayId).toBe(gateway[0]?.id);
  });

  it('derives batches that arrive together as if each had been derived alone', async () => {
    const e = eventsFor(fleet);
    const [a, b, c] = users as [number, number, number];
    // Several batches in flight at once, over nearby hours and a day apart, washes before and after their visits.
    const batches = [
      [...e.visit(a, '2025-10-05T08:00:00Z', '2025-10-05T08:10:00Z'), e.dispense(a, '2025-10-05T07:59:40Z')],
      [e.dispense(a, '2025-10-05T08:10:20Z', 'soap', 12), ...e.visit(b, '2025-10-05T09:00:00Z', '2025-10-05T09:20:00Z')],
      [...e.visit(a, '2025-10-06T12:00:00Z', '2025-10-06T12:30:00Z'), e.wash(a, '2025-10-06T12:00:20Z')],
      [...e.visit(c, '2025-10-05T23:50:00Z', '2025-10-06T00:10:00Z'), e.dispense(c, '2025-10-06T00:10:05Z')],
      [e.dispense(b, '2025-10-05T08:59:50Z'), e.dispense(null, '2025-10-06T13:00:00Z')],
    ];
    const answers = await Promise.all(batches.map((events) => send(events)));
    expect(answers.map((r) => r.json())).toEqual(batches.map((events) => ({ accepted: events.length, duplicates: 0 })));
    const compliant = await ctx.db.execute<{ u: number; entry: boolean; exit: boolean }>(
      sql`select user_id as u, entry_compliant as entry, exit_compliant as exit from visits where entry_at >= '2025-10-05' and entry_at < '2025-10-07' order by entry_at`,
    );
    expect(compliant.rows.map((r) => [Number(r.u), r.entry, r.exit])).toEqual([
      [a, true, true],
      [b, true, false],
      [c, false, true],
      [a, true, false],
    ]);
    const incremental = await derived();
    await deriveAll(ctx.db);
    expect(await derived()).toEqual(incremental);
  });
});
