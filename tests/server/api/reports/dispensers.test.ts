import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, groups } from '../../../../server/src/db/schema';
import { dayRange, previousRange, type ReportFilter } from '../../../../server/src/modules/metrics/filters';
import { overviewStats, overviewStatsScan } from '../../../../server/src/modules/reports/dispensers.repo';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { createFleet, eventsFor, ingest, type Fleet } from '../../helpers/fleet';
import { getReport } from './report-client';

// Each test owns its locations (created here, so seeded demo dispensers never count) and its
// own dates. St. Mary's locations are in US/Pacific: UTC−8 in winter, UTC−7 in summer.

const ST_MARYS_TOWER = 4;
const RIVERSIDE_HOSPITAL = 3;
const RIVERSIDE_ICU = 15;

type Query = Record<string, string | number | number[] | boolean | undefined>;

describe('dispenser reports computed from raw dispenses', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let ward: number;
  let levels: number;
  let river: number;
  let fleet: Fleet;
  let riverFleet: Fleet;
  let levelFleets: Fleet[];
  const get = (path: string, query: Query, token?: Tokens) => getReport(ctx.app, (token ?? admin).idToken, path, query);
  const idOf = async (mac: string) => {
    const [row] = await ctx.db.select({ id: devices.id }).from(devices).where(eq(devices.mac, mac));
    if (!row) throw new Error(`no device ${mac}`);
    return row.id;
  };
  const filterOf = (groupIds: number[], start: string, end: string): ReportFilter => {
    const range = dayRange(start, end);
    return { range, previous: previousRange(range), view: 'loc', groupIds, organizationIds: null, professionCode: null, selections: [] };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn('admin@demo.health');
    const created = await ctx.db
      .insert(groups)
      .values([
        { parentId: ST_MARYS_TOWER, organizationId: 3, name: 'Dispenser test ward', type: 'UNIT', timeZone: 'US/Pacific', floorplanImage: 'plans/ward.png' },
        { parentId: ST_MARYS_TOWER, organizationId: 3, name: 'Dispenser levels ward', type: 'UNIT', timeZone: 'US/Pacific' },
        { parentId: RIVERSIDE_HOSPITAL, organizationId: 4, name: 'Riverside dispenser ward', type: 'UNIT', timeZone: 'US/Eastern' },
      ])
      .returning({ id: groups.id });
    [ward, levels, river] = created.map((g) => g.id) as [number, number, number];
    fleet = await createFleet(ctx.db, ward, []);
    riverFleet = await createFleet(ctx.db, river, []);
    levelFleets = [await createFleet(ctx.db, levels, []), await createFleet(ctx.db, levels, []), await createFleet(ctx.db, levels, [])];
    await ingest(ctx.db, [eventsFor(riverFleet).dispense(null, '2025-09-01T15:00:00Z', 'soap')]);
  });
  afterAll(() => ctx.close());

  it('puts a dispense on its UTC day, either side of midnight', async () => {
    const e = eventsFor(fleet);
    await ingest(ctx.db, [e.dispense(null, '2025-02-10T23:59:59.999Z', 'soap'), e.dispense(null, '2025-02-11T00:00:00Z', 'sanitizer')]);
    const trend = await get('dispensers/trend', { groupIds: [ward], startDate: '2025-02-10', endDate: '2025-02-11' });
    expect(trend.body.trend).toEqual([
      { date: '2025-02-10', value: 1 },
      { date: '2025-02-11', value: 1 },
    ]);
    const day1 = await get('dispensers/overview-stats', { groupIds: [ward], startDate: '2025-02-10', endDate: '2025-02-10' });
    expect(day1.body.dispenseCount.value).toBe(1);
    // 23:59:59.999Z is 15:59 in Portland.
    expect(day1.body.peakActivityHour.value).toBe(15);
    const day2 = await get('dispensers/overview-stats', { groupIds: [ward], startDate: '2025-02-11', endDate: '2025-02-11' });
    expect([day2.body.dispenseCount.value, day2.body.peakActivityHour.value]).toEqual([1, 16]);
  });

  it('splits day and night shifts at 05:00 and 17:00 local time', async () => {
    const e = eventsFor(fleet);
    // 15 January (PST): local 04:59:59, 05:00, 12:00, 16:59:59, 17:00.
    await ingest(ctx.db, [
      e.dispense(null, '2025-01-15T12:59:59Z'),
      e.dispense(null, '2025-01-15T13:00:00Z'),
      e.dispense(null, '2025-01-15T20:00:00Z'),
      e.dispense(null, '2025-01-16T00:59:59Z'),
      e.dispense(null, '2025-01-16T01:00:00Z'),
    ]);
    const q = { groupIds: [ward], startDate: '2025-01-15', endDate: '2025-01-16' };
    const usage = await get('dispensers/usage-trends', q);
    expect(usage.body.shift).toEqual([
      { timeOfDay: 'Day', percent: 60 },
      { timeOfDay: 'Night', percent: 40 },
    ]);
    const stats = await get('dispensers/overview-stats', q);
    expect(stats.body.peakActivityHour.value).toBe(4); // one each: the earliest hour wins
    const sanitizer = await idOf(fleet.sanitizer);
    const hourly = await get('dispensers/dispenser/activity/hourly', { dispenserId: sanitizer, startDate: '2025-01-15', endDate: '2025-01-16' });
    expect(hourly.status).toBe(200);
    expect(hourly.body).toHaveLength(24);
    expect(hourly.body.filter((h: { count: number }) => h.count > 0)).toEqual([4, 5, 12, 16, 17].map((hour) => ({ hour, count: 1 })));
    const activity = await get('dispensers/group/activity', { groupId: ward, startDate: '2025-01-15', endDate: '2025-01-16' });
    const row = activity.body.dispensers.find((d: { id: number }) => d.id === sanitizer);
    expect(row).toMatchObject({ count: 5, lastDispense: '2025-01-16T01:00:00.000Z', role: 'Sanitizer', x: 200, y: 100, activityLevel: 'High' });
  });

  it('follows daylight saving time: 05:00 local is 12:00Z in July', async () => {
    const e = eventsFor(fleet);
    await ingest(ctx.db, [e.dispense(null, '2025-07-09T11:59:59Z'), e.dispense(null, '2025-07-09T12:00:00Z'), e.dispense(null, '2025-07-09T12:00:01Z')]);
    const q = { groupIds: [ward], startDate: '2025-07-09', endDate: '2025-07-09' };
    const usage = await get('dispensers/usage-trends', q);
    expect(usage.body.shift.map((s: { percent: number }) => s.percent)).toEqual([(2 / 3) * 100, (1 / 3) * 100]);
    const stats = await get('dispensers/overview-stats', q);
    expect(stats.body.peakActivityHour.value).toBe(5);
  });

  it('grades activity levels exactly at 0.333 and 0.667 of the busiest dispenser', async () => {
    const counts = [1000, 667, 666, 333, 332, 0];
    const macs = levelFleets.flatMap((f) => [f.soap, f.sanitizer]);
    const events = counts.flatMap((n, i) => {
      const fleetOf = levelFleets[Math.floor(i / 2)] as Fleet;
      const role = i % 2 === 0 ? 'soap' : 'sanitizer';
      return Array.from({ length: n }, (_, k) => eventsFor(fleetOf).dispense(null, new Date(Date.UTC(2025, 5, 2, 1) + k * 10_000), role));
    });
    await ingest(ctx.db, events);
    const q = { groupIds: [levels], startDate: '2025-06-02', endDate: '2025-06-02' };
    const usage = await get('dispensers/usage-trends', q);
    expect(usage.body.activity).toEqual([
      { activityLevel: 'None', percent: (1 / 6) * 100 },
      { activityLevel: 'Low', percent: (1 / 6) * 100 },
      { activityLevel: 'Medium', percent: (2 / 6) * 100 },
      { activityLevel: 'High', percent: (2 / 6) * 100 },
    ]);

    const ids = await Promise.all(macs.map(idOf));
    const activity = await get('dispensers/group/activity', { groupId: levels, startDate: '2025-06-02', endDate: '2025-06-02' });
    expect(activity.body.floorplanImage).toBeNull();
    const levelOf = new Map(activity.body.dispensers.map((d: { id: number; activityLevel: string }) => [d.id, d.activityLevel]));
    expect(ids.map((id) => levelOf.get(id))).toEqual(['High', 'High', 'Medium', 'Medium', 'Low', 'None']);

    const ranking = await get('dispensers/ranking', q);
    expect(ranking.body.map((r: { id: number }) => r.id)).toEqual(ids);
    expect(ranking.body.map((r: { totalEvents: number }) => r.totalEvents)).toEqual(counts);
    // 01:00Z on 2 June is 18:00 in Portland.
    expect(ranking.body[0]).toMatchObject({ groupId: levels, peakHour: '6 PM', peakHourRaw: 18, role: 'Soap', hasFloorplan: false });
    expect(ranking.body[5]).toMatchObject({ peakHour: null, peakHourRaw: null, totalEvents: 0, role: 'Sanitizer' });
  });

  it('answers an empty range with zeros and nulls, listing the idle dispensers', async () => {
    const q = { groupIds: [ward], startDate: '2019-06-01', endDate: '2019-06-07' };
    const stats = await get('dispensers/overview-stats', q);
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({
      dispenseCount: { value: 0, delta: 0 },
      hourlyDispenses: { value: 0, delta: 0 },
      peakActivityHour: { value: null, delta: null },
      activeDispensers: { value: 0, delta: 0 },
    });
    const trend = await get('dispensers/trend', q);
    expect(trend.body.trend).toHaveLength(7);
    expect(trend.body.trend.every((d: { value: number }) => d.value === 0)).toBe(true);
    expect(trend.body.breakdown).toEqual([
      { type: 'Soap', value: 0, delta: 0 },
      { type: 'Sanitizer', value: 0, delta: 0 },
    ]);
    const usage = await get('dispensers/usage-trends', q);
    expect(usage.body.shift).toEqual([
      { timeOfDay: 'Day', percent: null },
      { timeOfDay: 'Night', percent: null },
    ]);
    expect(usage.body.activity.map((a: { percent: number }) => a.percent)).toEqual([100, 0, 0, 0]);
    const ranking = await get('dispensers/ranking', q);
    expect(ranking.body).toHaveLength(2);
    expect(ranking.body.every((r: { totalEvents: number; peakHourRaw: null; hasFloorplan: boolean }) => r.totalEvents === 0 && r.peakHourRaw === null && r.hasFloorplan)).toBe(true);
    const activity = await get('dispensers/group/activity', { groupId: ward, startDate: '2019-06-01', endDate: '2019-06-07' });
    expect(activity.body.floorplanImage).toBe('plans/ward.png');
    expect(activity.body.dispensers.map((d: { count: number; lastDispense: null; activityLevel: string }) => [d.count, d.lastDispense, d.activityLevel])).toEqual([
      [0, null, 'None'],
      [0, null, 'None'],
    ]);
  });

  it('gives deltas against the preceding period of the same length', async () => {
    const e = eventsFor(fleet);
    await ingest(ctx.db, [
      // Preceding period 7–9 March: three soap dispenses at 10:00 PST.
      ...[0, 1, 2].map((s) => e.dispense(null, `2025-03-08T18:00:0${s}Z`, 'soap')),
      // 10–12 March: four sanitizer at 13:00 PDT, one soap at 14:00 PDT.
      ...[0, 1, 2, 3].map((s) => e.dispense(null, `2025-03-11T20:00:0${s}Z`, 'sanitizer')),
      e.dispense(null, '2025-03-11T21:00:00Z', 'soap'),
    ]);
    const q = { groupIds: [ward], startDate: '2025-03-10', endDate: '2025-03-12' };
    const stats = await get('dispensers/overview-stats', q);
    expect(stats.body.dispenseCount).toEqual({ value: 5, delta: 2 });
    expect(stats.body.hourlyDispenses.value).toBeCloseTo(5 / 72, 12);
    expect(stats.body.hourlyDispenses.delta).toBeCloseTo(2 / 72, 12);
    expect(stats.body.peakActivityHour).toEqual({ value: 13, delta: 3 });
    expect(stats.body.activeDispensers).toEqual({ value: 2, delta: 1 });
    const trend = await get('dispensers/trend', q);
    expect(trend.body.trend).toEqual([
      { date: '2025-03-10', value: 0 },
      { date: '2025-03-11', value: 5 },
      { date: '2025-03-12', value: 0 },
    ]);
    expect(trend.body.breakdown).toEqual([
      { type: 'Soap', value: 1, delta: -2 },
      { type: 'Sanitizer', value: 4, delta: 4 },
    ]);
  });

  it('drops deltas beyond six months, and keeps them at exactly six', async () => {
    const seven = { groupIds: [ward], startDate: '2025-01-01', endDate: '2025-08-01' };
    const stats = await get('dispensers/overview-stats', seven);
    expect(stats.body.dispenseCount.value).toBeGreaterThan(0);
    for (const key of ['dispenseCount', 'hourlyDispenses', 'peakActivityHour', 'activeDispensers']) {
      expect(stats.body[key].delta, key).toBeNull();
    }
    const trend = await get('dispensers/trend', seven);
    expect(trend.body.breakdown.map((b: { delta: null }) => b.delta)).toEqual([null, null]);
    const six = await get('dispensers/overview-stats', { groupIds: [ward], startDate: '2025-01-01', endDate: '2025-07-01' });
    expect(six.body.dispenseCount.delta).not.toBeNull();
  });

  it('rejects a start after the end', async () => {
    for (const [path, query] of [
      ['dispensers/overview-stats', { groupIds: [ward] }],
      ['dispensers/group/activity', { groupId: ward }],
      ['dispensers/dispenser/activity/hourly', { dispenserId: await idOf(fleet.soap) }],
    ] as [string, Query][]) {
      const res = await get(path, { ...query, startDate: '2025-03-02', endDate: '2025-03-01' });
      expect(res.status, path).toBe(400);
    }
  });

  it('lists a location’s devices of the asked types', async () => {
    const res = await get('devices/group', { groupId: ward, types: 'DISPENSER' });
    expect(res.status).toBe(200);
    expect(res.body.map((d: { mac: string }) => d.mac).sort()).toEqual([fleet.soap, fleet.sanitizer].sort());
    expect(res.body[0]).toMatchObject({ type: 'DISPENSER', groupId: ward });
    const all = await get('devices/group', { groupId: ward });
    expect(all.body.length).toBeGreaterThan(2);
  });

  it('refuses users without the dispenser permissions', async () => {
    const nurse = await signIn('nurse@demo.health');
    const dispenserId = await idOf(fleet.soap);
    const range = { startDate: '2025-01-15', endDate: '2025-01-16' };
    for (const [path, query] of [
      ['dispensers/overview-stats', { groupIds: [ward], ...range }],
      ['dispensers/trend', { groupIds: [ward], ...range }],
      ['dispensers/usage-trends', { groupIds: [ward], ...range }],
      ['dispensers/ranking', { groupIds: [ward], ...range }],
      ['dispensers/group/activity', { groupId: ward, ...range }],
      ['dispensers/dispenser/activity/hourly', { dispenserId, ...range }],
      ['devices/group', { groupId: ward, types: 'DISPENSER' }],
    ] as [string, Query][]) {
      expect((await get(path, query, nurse)).status, path).toBe(403);
    }
  });

  it("never shows a manager another hospital's dispensers, whatever ids are passed", async () => {
    const manager = await signIn('manager@demo.health');
    const range = { startDate: '2025-09-01', endDate: '2025-09-01' };
    const riverside = [RIVERSIDE_HOSPITAL, RIVERSIDE_ICU, river];
    // The admin sees the Riverside dispense; the manager sees nothing of it.
    expect((await get('dispensers/overview-stats', { groupIds: riverside, ...range })).body.dispenseCount.value).toBe(1);
    const stats = await get('dispensers/overview-stats', { groupIds: riverside, ...range }, manager);
    expect(stats.status).toBe(200);
    expect(stats.body.dispenseCount.value).toBe(0);
    expect((await get('dispensers/ranking', { groupIds: riverside, ...range }, manager)).body).toEqual([]);
    const trend = await get('dispensers/trend', { groupIds: riverside, ...range }, manager);
    expect(trend.body.trend).toEqual([{ date: '2025-09-01', value: 0 }]);
    const usage = await get('dispensers/usage-trends', { groupIds: riverside, ...range }, manager);
    expect(usage.body.activity.map((a: { percent: null }) => a.percent)).toEqual([null, null, null, null]);

    const mixed = await get('dispensers/ranking', { groupIds: [ward, river], ...range }, manager);
    const riverIds = await Promise.all([riverFleet.soap, riverFleet.sanitizer].map(idOf));
    expect(mixed.body).toHaveLength(2);
    expect(mixed.body.some((r: { id: number }) => riverIds.includes(r.id))).toBe(false);

    const lost = [
      await get('dispensers/group/activity', { groupId: river, ...range }, manager),
      await get('devices/group', { groupId: river, types: 'DISPENSER' }, manager),
      await get('dispensers/group/activity', { groupId: RIVERSIDE_ICU, ...range }, manager),
    ];
    expect(lost.map((r) => [r.status, r.body.message])).toEqual([
      [404, 'Location not found'],
      [404, 'Location not found'],
      [404, 'Location not found'],
    ]);
    const hourly = await get('dispensers/dispenser/activity/hourly', { dispenserId: riverIds[0] as number, ...range }, manager);
    expect([hourly.status, hourly.body.message]).toEqual([404, 'Dispenser not found']);
    expect((await get('dispensers/dispenser/activity/hourly', { dispenserId: 999_999, ...range }, manager)).status).toBe(404);
    // The manager's own location answers.
    expect((await get('dispensers/group/activity', { groupId: ward, ...range }, manager)).status).toBe(200);
  });

  it('gives the same overview from the rollup as from a scan of the raw events', async () => {
    const cases: [number[], string, string][] = [
      [[ward], '2025-01-15', '2025-01-16'],
      [[ward], '2025-03-10', '2025-03-12'],
      [[ward, levels], '2025-01-01', '2025-06-30'],
      [[ward, levels, river], '2025-01-01', '2025-12-31'],
      [[levels], '2025-06-02', '2025-06-02'],
      [[ward], '2019-06-01', '2019-06-07'],
      [[], '2025-01-01', '2025-12-31'],
    ];
    for (const [groupIds, start, end] of cases) {
      const filter = filterOf(groupIds, start, end);
      const [rollup, scan] = await Promise.all([overviewStats(ctx.db, filter), overviewStatsScan(ctx.db, filter)]);
      expect(rollup, `${groupIds.join(',')} ${start}..${end}`).toEqual(scan);
    }
    const busy = await overviewStats(ctx.db, filterOf([ward, levels, river], '2025-01-01', '2025-12-31'));
    expect(busy.dispenseCount.value).toBeGreaterThan(3000);
  });
});
