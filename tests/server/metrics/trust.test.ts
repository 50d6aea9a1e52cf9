import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/src/db/client';
import { devices, groups, users } from '../../../server/src/db/schema';
import { ingestEvents } from '../../../server/src/modules/ingest/ingest.service';
import { deriveAll } from '../../../server/src/modules/metrics/derive';
import { dayRange, daysOf, type ReportFilter } from '../../../server/src/modules/metrics/filters';
import { dayLevel, dayRun, inputLevels, rangeTrust, type TrustFigures, weighedLevel } from '../../../server/src/modules/metrics/trust';
import { possibleHours, trustFigures } from '../../../server/src/modules/metrics/trust.repo';
import { complianceTotals } from '../../../server/src/modules/metrics/compliance.repo';
import { rankUsers } from '../../../server/src/modules/metrics/ranking.repo';
import { withoutLowTrust } from '../../../server/src/modules/reports/low-trust';
import { createTrustService } from '../../../server/src/modules/reports/trust.service';
import type { Caller } from '../../../server/src/core/caller';
import { createFleet, eventsFor, type Fleet } from '../helpers/fleet';
import { ST_MARYS, staffOf } from '../helpers/staff';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

// docs/METRICS.md 'Data trust': each input's level at its edges, a day's and a range's level, and
// the figures derived from hand-built events, derived again when late ones arrive.

const day = (over: Partial<TrustFigures>): TrustFigures => ({
  groupId: 1, groupName: 'ICU 3 North', day: '2025-03-10', onShift: 0, seen: 0,
  dispensers: 0, silentDispensers: 0, idleDispensers: 0, unwellDispensers: 0, stoppedDispensers: 0,
  roomBeacons: 0, silentBeacons: 0, gateways: 0, gatewayHours: 0, quietestGatewayHours: 0, possibleHours: 24, opportunities: 0, ...over,
});
const levelOf = (over: Partial<TrustFigures>) => inputLevels(day(over)).map((i) => [i.input, i.level]);

describe('trust rules', () => {
  it('judges badge wear below 80 % Medium and below 50 % Low', () => {
    expect(levelOf({ onShift: 10, seen: 8 })).toEqual([['BADGE_WEAR', 'HIGH']]);
    expect(levelOf({ onShift: 100, seen: 79 })).toEqual([['BADGE_WEAR', 'MEDIUM']]);
    expect(levelOf({ onShift: 10, seen: 5 })).toEqual([['BADGE_WEAR', 'MEDIUM']]);
    expect(levelOf({ onShift: 100, seen: 49 })).toEqual([['BADGE_WEAR', 'LOW']]);
    expect(inputLevels(day({ onShift: 12, seen: 5 }))[0]?.words).toBe('Badges seen for 5 of 12 wearers on shift (42 %)');
  });

  it('judges any silent or idle dispenser Medium, a fifth of them Low, and one that fell silent while in use Low', () => {
    expect(levelOf({ dispensers: 10 })).toEqual([['DISPENSERS', 'HIGH']]);
    expect(levelOf({ dispensers: 10, silentDispensers: 1, idleDispensers: 1, unwellDispensers: 1 })).toEqual([['DISPENSERS', 'MEDIUM']]);
    expect(levelOf({ dispensers: 30, silentDispensers: 1, unwellDispensers: 1, stoppedDispensers: 1 })).toEqual([['DISPENSERS', 'LOW']]);
    expect(inputLevels(day({ dispensers: 30, silentDispensers: 1, unwellDispensers: 1, stoppedDispensers: 1 }))[0]?.words).toBe('1 of 30 dispensers fell silent after being in use');
    expect(levelOf({ dispensers: 10, idleDispensers: 2, unwellDispensers: 2 })).toEqual([['DISPENSERS', 'LOW']]);
    expect(levelOf({ dispensers: 11, silentDispensers: 2, idleDispensers: 2, unwellDispensers: 2 })).toEqual([['DISPENSERS', 'MEDIUM']]);
    expect(inputLevels(day({ dispensers: 9, silentDispensers: 2, unwellDispensers: 2 }))[0]?.words).toBe('2 of 9 dispensers silent');
    expect(inputLevels(day({ dispensers: 9, idleDispensers: 1, unwellDispensers: 1 }))[0]?.words).toBe('1 of 9 dispensers without a dispense in 10 days');
    expect(inputLevels(day({ dispensers: 9, silentDispensers: 1, idleDispensers: 1, unwellDispensers: 2 }))[0]?.words).toBe('2 of 9 dispensers silent or without a dispense in 10 days');
  });

  it('judges room beacons as dispensers, and gateway hours below 90 % Medium and below 50 % Low', () => {
    expect(levelOf({ roomBeacons: 5, silentBeacons: 1 })).toEqual([['ROOM_BEACONS', 'LOW']]);
    expect(levelOf({ roomBeacons: 6, silentBeacons: 1 })).toEqual([['ROOM_BEACONS', 'MEDIUM']]);
    expect(levelOf({ gateways: 1, gatewayHours: 22, quietestGatewayHours: 22 })).toEqual([['GATEWAYS', 'HIGH']]);
    expect(levelOf({ gateways: 1, gatewayHours: 21, quietestGatewayHours: 21 })).toEqual([['GATEWAYS', 'MEDIUM']]);
    expect(levelOf({ gateways: 2, gatewayHours: 24, quietestGatewayHours: 0 })).toEqual([['GATEWAYS', 'MEDIUM']]);
    expect(levelOf({ gateways: 2, gatewayHours: 23, quietestGatewayHours: 0 })).toEqual([['GATEWAYS', 'LOW']]);
    // One of three down six hours: 92 % of the gateway-hours, but a gap in its area.
    expect(levelOf({ gateways: 3, gatewayHours: 66, quietestGatewayHours: 18 })).toEqual([['GATEWAYS', 'MEDIUM']]);
    expect(inputLevels(day({ gateways: 3, gatewayHours: 66, quietestGatewayHours: 18 }))[0]?.words).toBe('Gateways heard 66 of 72 gateway-hours (92 %); the least heard 18 of 24');
    expect(levelOf({ gateways: 3, gatewayHours: 70, quietestGatewayHours: 22 })).toEqual([['GATEWAYS', 'HIGH']]);
    // Today so far: 6 hours have passed, and the gateway was heard in all of them.
    expect(levelOf({ gateways: 1, gatewayHours: 7, quietestGatewayHours: 7, possibleHours: 6 })).toEqual([['GATEWAYS', 'HIGH']]);
    expect(possibleHours('2025-03-10', new Date('2025-03-10T06:59:00Z'))).toBe(6);
    expect(possibleHours('2025-03-10', new Date('2025-03-12T00:00:00Z'))).toBe(24);
    expect(possibleHours('2025-03-11', new Date('2025-03-10T12:00:00Z'))).toBe(0);
  });

  it('gives a day the worst of its inputs, and no level when nothing can be judged', () => {
    expect(dayLevel(inputLevels(day({ onShift: 10, seen: 10, dispensers: 10, silentDispensers: 1, unwellDispensers: 1 })))).toBe('MEDIUM');
    expect(dayLevel(inputLevels(day({})))).toBeNull();
    expect(dayLevel(inputLevels(day({ dispensers: 3, possibleHours: 0 })))).toBeNull();
  });

  it('weighs a range by opportunities: Low from a fifth of them on Low days, High from nine tenths on High days', () => {
    expect(weighedLevel([{ level: 'LOW', opportunities: 20 }, { level: 'HIGH', opportunities: 80 }]).level).toBe('LOW');
    expect(weighedLevel([{ level: 'LOW', opportunities: 19 }, { level: 'HIGH', opportunities: 81 }]).level).toBe('MEDIUM');
    expect(weighedLevel([{ level: 'MEDIUM', opportunities: 10 }, { level: 'HIGH', opportunities: 90 }]).level).toBe('HIGH');
    // No opportunities: each location-day weighs one.
    expect(weighedLevel([{ level: 'LOW', opportunities: 0 }, { level: 'HIGH', opportunities: 0 }, { level: 'HIGH', opportunities: 0 }]).level).toBe('LOW');
    expect(weighedLevel([{ level: null, opportunities: 5 }])).toEqual({ level: null, rule: 'No devices to judge in this range' });
  });

  it('names each run of days an input stayed low, by location', () => {
    expect([dayRun('2025-11-12', '2025-11-12'), dayRun('2025-11-12', '2025-11-14'), dayRun('2025-11-30', '2025-12-02')]).toEqual(['Nov 12', 'Nov 12–14', 'Nov 30–Dec 2']);
    const silent = { dispensers: 9, silentDispensers: 2, unwellDispensers: 2, opportunities: 10 };
    const figures = [
      day({ ...silent, day: '2025-11-12' }), day({ ...silent, day: '2025-11-13' }), day({ ...silent, day: '2025-11-14' }),
      day({ dispensers: 9, day: '2025-11-15', opportunities: 10 }),
    ];
    const trust = rangeTrust(figures, ['2025-11-12', '2025-11-13', '2025-11-14', '2025-11-15']);
    expect(trust.level).toBe('LOW');
    expect(trust.reasons.map((r) => r.words)).toEqual(['2 of 9 dispensers silent on ICU 3 North, Nov 12–14']);
    expect(trust.days.map((d) => d.level)).toEqual(['LOW', 'LOW', 'LOW', 'HIGH']);
    expect(trust.locationDays).toEqual({ high: 1, medium: 0, low: 3 });
  });
});

describe('trust figures from events', () => {
  let test: TestDatabase;
  let db: Database;
  let fleet: Fleet;
  let groupId: number;
  let nurse: number;
  const D = '2025-03-10';
  const at = (d: string, time: string) => `${d}T${time}Z`;
  const after = new Date('2025-03-20T00:00:00Z');

  /** Heartbeats of every device of the fleet but `except`, the gateway's every hour of the day. */
  const heartbeats = (d: string, except: string[] = []) => {
    const beacons = [fleet.rooms.room.beacon, fleet.rooms.cdiff.beacon, fleet.soap, fleet.sanitizer].filter((m) => !except.includes(m));
    const gateway = except.includes(fleet.gateway) ? [] : Array.from({ length: 24 }, (_, h) => ({ id: `hb-gw-${d}-${h}`, type: 'heartbeat', at: at(d, `${String(h).padStart(2, '0')}:30:00`), device: fleet.gateway }));
    return [...gateway, ...beacons.map((mac) => ({ id: `hb-${mac}-${d}`, type: 'heartbeat', at: at(d, '12:00:00'), device: mac }))];
  };

  const figuresOf = async (d: string) => (await trustFigures(db, [groupId], dayRange(d, d), after))[0] as TrustFigures;

  beforeAll(async () => {
    test = await createTestDatabase();
    db = test.handle.db;
    const [group] = await db.insert(groups).values({ organizationId: ST_MARYS, name: 'Trust Test Unit', type: 'UNIT', timeZone: 'UTC' }).returning();
    groupId = group?.id as number;
    nurse = (await staffOf(db, ST_MARYS))[0]?.id as number;
    await db.update(users).set({ groupId }).where(eq(users.id, nurse));
    fleet = await createFleet(db, groupId, [nurse]);
    // The nurse's wristband lives in the fleet gateway's station (a kiosk event names its station).
    const [gateway] = await db.select().from(devices).where(eq(devices.mac, fleet.gateway));
    await db.update(devices).set({ gatewayId: gateway?.id }).where(eq(devices.mac, fleet.wristbands.get(nurse) as string));
  }, 120_000);
  afterAll(() => test?.close());

  it('judges a day with every device heard, used, and the wearer on shift seen as High', async () => {
    const e = eventsFor(fleet);
    await ingestEvents(db, [
      ...heartbeats(D),
      { id: 'co-1', type: 'station', at: at(D, '07:00:00'), wearable: fleet.wristbands.get(nurse), action: 'check-out' },
      ...e.visit(nurse, at(D, '08:00:00'), at(D, '08:10:00')),
      e.dispense(nurse, at(D, '07:59:30'), 'soap'),
      e.dispense(null, at(D, '09:00:00'), 'sanitizer'),
    ]);
    const f = await figuresOf(D);
    expect(f).toMatchObject({ onShift: 1, seen: 1, dispensers: 2, unwellDispensers: 0, roomBeacons: 2, silentBeacons: 0, gateways: 1, gatewayHours: 24, opportunities: 2 });
    expect(dayLevel(inputLevels(f))).toBe('HIGH');
  });

  it('judges a dispenser silent for 48 hours, a gateway down six hours and an unseen wearer, and takes it back when the late events arrive', async () => {
    const D2 = '2025-03-12';
    const e = eventsFor(fleet);
    const gatewayDown = heartbeats(D2).filter((h) => !(h.device === fleet.gateway && h.at >= at(D2, '10:00:00') && h.at < at(D2, '16:00:00')));
    await ingestEvents(db, [
      ...heartbeats('2025-03-11', [fleet.soap]),
      ...gatewayDown.filter((h) => h.device !== fleet.soap),
      { id: 'co-2', type: 'station', at: at(D2, '07:00:00'), wearable: fleet.wristbands.get(nurse), action: 'check-out' },
      e.dispense(null, at(D2, '09:00:00'), 'sanitizer'),
    ]);
    const low = await figuresOf(D2);
    expect(low).toMatchObject({ onShift: 1, seen: 0, silentDispensers: 1, unwellDispensers: 1, stoppedDispensers: 1, gatewayHours: 18 });
    expect(inputLevels(low).map((i) => [i.input, i.level])).toEqual([
      ['BADGE_WEAR', 'LOW'], ['DISPENSERS', 'LOW'], ['ROOM_BEACONS', 'HIGH'], ['GATEWAYS', 'MEDIUM'],
    ]);
    // The gateway's backlog, the soap dispenser's heartbeat and the wearer's visit arrive late.
    await ingestEvents(db, [
      ...heartbeats(D2).filter((h) => h.device === fleet.gateway || h.device === fleet.soap),
      ...e.visit(nurse, at(D2, '08:00:00'), at(D2, '08:10:00')),
    ]);
    const high = await figuresOf(D2);
    expect(high).toMatchObject({ onShift: 1, seen: 1, silentDispensers: 0, gatewayHours: 24 });
    expect(dayLevel(inputLevels(high))).toBe('HIGH');
  });

  it('sees a night shift on the day its wearable was taken, by a room entry after midnight, but not one past the shift', async () => {
    const e = eventsFor(fleet);
    const band = fleet.wristbands.get(nurse);
    await ingestEvents(db, [
      { id: 'co-night', type: 'station', at: at('2025-03-14', '22:00:00'), wearable: band, action: 'check-out' },
      { id: 'co-late', type: 'station', at: at('2025-03-16', '06:00:00'), wearable: band, action: 'check-out' },
      // 13 hours after the second check-out: past its shift.
      ...e.visit(nurse, at('2025-03-16', '19:00:00'), at('2025-03-16', '19:10:00')),
    ]);
    expect((await figuresOf('2025-03-14')).seen).toBe(0);
    // The night's room entry arrives late, after midnight on the wearable's clock.
    await ingestEvents(db, e.visit(nurse, at('2025-03-15', '03:00:00'), at('2025-03-15', '03:10:00')));
    expect(await figuresOf('2025-03-14')).toMatchObject({ onShift: 1, seen: 1 });
    expect(await figuresOf('2025-03-16')).toMatchObject({ onShift: 1, seen: 0 });
  });

  it('leaves the opportunities of low-trust days out of the figures when asked, as many days as the badge counts Low', async () => {
    const range = dayRange(D, '2025-03-16');
    const filter: ReportFilter = { range, previous: null, view: 'loc', groupIds: [groupId], organizationIds: null, professionCode: null, selections: [] };
    const all = await complianceTotals(db, filter, range);
    const trusted = await withoutLowTrust(db, filter, true, after);
    const figures = await trustFigures(db, [groupId], range, after);
    // Mar 10 and 12 are High; from Mar 13 no device was heard.
    expect(trusted.excludedDays?.map((d) => d.day)).toEqual(['2025-03-13', '2025-03-14', '2025-03-15', '2025-03-16']);
    expect(trusted.excludedDays).toHaveLength(rangeTrust(figures, daysOf(range)).locationDays.low);
    expect(all.opportunities).toBe(8);
    expect((await complianceTotals(db, trusted, range)).opportunities).toBe(4);
    const ranked = await rankUsers(db, trusted, range, { take: 10, includeEmpty: false });
    expect(ranked.map((r) => [r.userId, r.opportunities])).toEqual([[nurse, 4]]);
    expect(await withoutLowTrust(db, filter, false, after)).toBe(filter);
  });

  it('judges a wearer’s own figures by the location-days of their opportunities, weighed by theirs', async () => {
    const [row] = await db.select().from(users).where(eq(users.id, nurse));
    const trust = await createTrustService(db, () => after).wearer({ user: row } as Caller, { startDate: D, endDate: '2025-03-16' });
    // Opportunities on Mar 10 and 12 (High) and Mar 15 and 16 (Low): half the weight is Low.
    expect(trust.level).toBe('LOW');
    expect(trust.locationDays).toEqual({ high: 2, medium: 0, low: 2 });
    expect(trust.rule).toBe('50 % of the opportunities fell on low-trust days, 50 % on high-trust days');
    expect(trust.days.filter((d) => d.level !== null).map((d) => d.date)).toEqual(['2025-03-10', '2025-03-12', '2025-03-15', '2025-03-16']);
  });

  it('derives the same trust tables from scratch', async () => {
    const read = async () => [
      (await db.execute(sql`select * from shift_days order by day, user_id, group_id`)).rows,
      (await db.execute(sql`select * from device_heartbeat_days order by device_id, day`)).rows,
    ];
    const before = await read();
    await db.execute(sql`delete from shift_days`);
    await db.execute(sql`delete from device_heartbeat_days`);
    await deriveAll(db);
    expect(await read()).toEqual(before);
  });
});
