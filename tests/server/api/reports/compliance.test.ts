import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceTotals, complianceTotalsScan } from '../../../../server/src/modules/metrics/compliance.repo';
import { dayRange, previousRange, type ReportFilter } from '../../../../server/src/modules/metrics/filters';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { createFleet, eventsFor, ingest, type Fleet } from '../../helpers/fleet';
import { RIVERSIDE, ST_MARYS, staffOf } from '../../helpers/staff';
import { getReport } from './report-client';

// ICU – 3 North (group 6): visits count from 30 s; every compliance window is 60 s.
const ICU = 6;
const RIVERSIDE_ICU = 15;

describe('compliance reports computed from raw events', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let staff: number[];
  let fleet: Fleet;
  let e: ReturnType<typeof eventsFor>;
  const stats = (startDate: string, endDate: string, extra: Record<string, string | number | number[]> = {}) =>
    getReport(ctx.app, admin.idToken, 'compliance/overview-stats', { groupIds: [ICU], startDate, endDate, ...extra });

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn('admin@demo.health');
    staff = (await staffOf(ctx.db, ST_MARYS)).filter((u) => u.organizationId === 5).map((u) => u.id).slice(0, 8);
    fleet = await createFleet(ctx.db, ICU, staff);
    e = eventsFor(fleet);
  });
  afterAll(() => ctx.close());

  it('counts a wash exactly at each window boundary, and not one second outside', async () => {
    const [u] = staff as [number];
    await ingest(ctx.db, [
      // 2025-01-06: washes at entry − 60 s and exit + 60 s: both compliant.
      ...e.visit(u, '2025-01-06T10:00:00Z', '2025-01-06T10:05:00Z'),
      e.dispense(u, '2025-01-06T09:59:00Z'),
      e.dispense(u, '2025-01-06T10:06:00Z'),
      // 2025-01-07: washes at entry + 60 s and exit − 60 s: both compliant.
      ...e.visit(u, '2025-01-07T10:00:00Z', '2025-01-07T10:05:00Z'),
      e.dispense(u, '2025-01-07T10:01:00Z'),
      e.dispense(u, '2025-01-07T10:04:00Z'),
      // 2025-01-08: washes one second outside both windows: neither compliant.
      ...e.visit(u, '2025-01-08T10:00:00Z', '2025-01-08T10:05:00Z'),
      e.dispense(u, '2025-01-08T09:58:59Z'),
      e.dispense(u, '2025-01-08T10:06:01Z'),
    ]);
    for (const [day, compliant] of [['2025-01-06', 2], ['2025-01-07', 2], ['2025-01-08', 0]] as const) {
      const { body } = await stats(day, day);
      expect(body.opportunities.value, day).toBe(2);
      expect(body.complianceTotal.value, day).toBe(compliant / 2);
    }
  });

  it('lets one wash serve the exit of one room and the entry of the next', async () => {
    const u = staff[1] as number;
    await ingest(ctx.db, [
      ...e.visit(u, '2025-02-03T08:00:00Z', '2025-02-03T08:10:00Z'),
      ...e.visit(u, '2025-02-03T08:10:30Z', '2025-02-03T08:20:00Z', 'cdiff'),
      e.wash(u, '2025-02-03T08:10:15Z', 'SANITIZER', 20),
    ]);
    const { body } = await getReport(ctx.app, admin.idToken, 'compliance/trend', { groupIds: [ICU], startDate: '2025-02-03', endDate: '2025-02-03' });
    expect(body.trend).toEqual([{ date: '2025-02-03', value: 0.5, opportunities: 4, compliantEvents: 2 }]);
    expect(body.breakdown.map((b: { type: string; compliantEvents: number }) => [b.type, b.compliantEvents])).toEqual([
      ['Entry', 1],
      ['Exit', 1],
    ]);
  });

  it('ignores a visit one second shorter than the minimum and counts one of exactly the minimum', async () => {
    const u = staff[2] as number;
    await ingest(ctx.db, [
      ...e.visit(u, '2025-03-03T10:00:00Z', '2025-03-03T10:00:29Z'),
      ...e.visit(u, '2025-03-04T10:00:00Z', '2025-03-04T10:00:30Z'),
    ]);
    expect((await stats('2025-03-03', '2025-03-03')).body.opportunities.value).toBe(0);
    expect((await stats('2025-03-04', '2025-03-04')).body.opportunities.value).toBe(2);
  });

  it('puts events on their UTC day, a visit on the day it began', async () => {
    const u = staff[3] as number;
    await ingest(ctx.db, [
      ...e.visit(u, '2025-04-01T23:59:00Z', '2025-04-02T00:01:00Z'),
      e.dispense(u, '2025-04-01T23:59:59.999Z', 'soap', 30),
      e.dispense(u, '2025-04-02T00:00:00Z', 'soap', 10),
    ]);
    const day1 = await getReport(ctx.app, admin.idToken, 'dispensers/handwash/overview-stats', { groupIds: [ICU], startDate: '2025-04-01', endDate: '2025-04-01' });
    const day2 = await getReport(ctx.app, admin.idToken, 'dispensers/handwash/overview-stats', { groupIds: [ICU], startDate: '2025-04-02', endDate: '2025-04-02' });
    expect([day1.body.washCount.value, day1.body.washAverage.value]).toEqual([1, 30]);
    expect([day2.body.washCount.value, day2.body.washAverage.value]).toEqual([1, 10]);
    expect((await stats('2025-04-01', '2025-04-01')).body.opportunities.value).toBe(2);
    expect((await stats('2025-04-02', '2025-04-02')).body.opportunities.value).toBe(0);
  });

  it('answers an empty range with zeros and nulls, not an error', async () => {
    const { status, body } = await stats('2019-06-01', '2019-06-07');
    expect(status).toBe(200);
    expect(body).toEqual({
      complianceTotal: { value: null, delta: null },
      complianceAverage: { value: null, delta: null },
      washAverage: { value: null, delta: null },
      activeUsers: { value: 0, delta: 0 },
      opportunities: { value: 0, delta: 0 },
      disputes: { disputed: 0, excluded: 0 },
    });
  });

  it('counts a user with washes but no opportunities as active, outside the compliance average', async () => {
    const [a, b, c] = [staff[4], staff[5], staff[6]] as [number, number, number];
    await ingest(ctx.db, [
      // a: 1 of 2 compliant; b: 2 of 2; c: a wash, no visit.
      ...e.visit(a, '2025-05-05T10:00:00Z', '2025-05-05T10:05:00Z'),
      e.dispense(a, '2025-05-05T10:00:10Z', 'sanitizer', 20),
      ...e.visit(b, '2025-05-05T11:00:00Z', '2025-05-05T11:05:00Z'),
      e.dispense(b, '2025-05-05T10:59:30Z', 'sanitizer', 16),
      e.dispense(b, '2025-05-05T11:05:30Z', 'soap', 30),
      e.dispense(c, '2025-05-05T12:00:00Z', 'soap', 26),
    ]);
    const { body } = await stats('2025-05-05', '2025-05-05');
    expect(body.opportunities.value).toBe(4);
    expect(body.complianceTotal.value).toBe(0.75);
    expect(body.complianceAverage.value).toBe(0.75); // (0.5 + 1) / 2, c not included
    expect(body.activeUsers.value).toBe(3);
    expect(body.washAverage.value).toBe(23); // (20 + 16 + 30 + 26) / 4
    const ranking = await getReport(ctx.app, admin.idToken, 'compliance/ranking/users', { groupIds: [ICU], startDate: '2025-05-05', endDate: '2025-05-05' });
    expect(ranking.body.map((r: { userId: number }) => r.userId)).toEqual([b, a]);
    expect(ranking.body[0]).toMatchObject({ opportunities: 2, handwashes: 2, compliance: 1, avgSoapDuration: 30, avgSanitizerDuration: 16 });
  });

  it('compares with the preceding period of the same length, and not beyond six months', async () => {
    const u = staff[7] as number;
    await ingest(ctx.db, [
      // 2025-06-10: 2 opportunities, 0 compliant. 2025-06-11: 2 opportunities, 2 compliant.
      ...e.visit(u, '2025-06-10T10:00:00Z', '2025-06-10T10:05:00Z'),
      ...e.visit(u, '2025-06-11T10:00:00Z', '2025-06-11T10:05:00Z'),
      e.dispense(u, '2025-06-11T10:00:00Z'),
      e.dispense(u, '2025-06-11T10:05:00Z'),
    ]);
    const { body } = await stats('2025-06-11', '2025-06-11');
    expect(body.complianceTotal).toEqual({ value: 1, delta: 1 });
    expect(body.opportunities).toEqual({ value: 2, delta: 0 });
    const seven = await stats('2025-01-01', '2025-07-31');
    expect(seven.body.opportunities.value).toBeGreaterThan(0);
    for (const key of ['complianceTotal', 'complianceAverage', 'washAverage', 'activeUsers', 'opportunities']) {
      expect(seven.body[key].delta, key).toBeNull();
    }
    expect(previousRange(dayRange('2025-01-01', '2025-07-01'))).not.toBeNull();
    expect(previousRange(dayRange('2025-01-01', '2025-07-02'))).toBeNull();
  });

  it('gives the same answers from the rollups as from a plain scan of the raw events', async () => {
    const filter: ReportFilter = {
      range: dayRange('2025-01-01', '2025-06-30'),
      previous: null,
      view: 'loc',
      groupIds: [ICU],
      organizationIds: null,
      professionCode: null,
      selections: [],
    };
    const [rollup, scan] = await Promise.all([complianceTotals(ctx.db, filter, filter.range), complianceTotalsScan(ctx.db, filter, filter.range)]);
    expect(rollup.opportunities).toBeGreaterThan(10);
    expect(rollup).toEqual(scan);
  });

  it('filters by the other dimension: locations in organization view, organizations in location view', async () => {
    const all = await staffOf(ctx.db, ST_MARYS);
    const mine = all.find((u) => u.organizationId === 5 && !staff.includes(u.id));
    const other = all.find((u) => u.organizationId !== 5);
    if (!mine || !other) throw new Error('demo staff missing');
    const icu = eventsFor(await createFleet(ctx.db, ICU, [mine.id, other.id]));
    const south = eventsFor(await createFleet(ctx.db, 7, [mine.id]));
    await ingest(ctx.db, [
      ...icu.visit(mine.id, '2025-09-01T10:00:00Z', '2025-09-01T10:05:00Z'),
      ...icu.visit(other.id, '2025-09-01T11:00:00Z', '2025-09-01T11:05:00Z'),
      ...south.visit(mine.id, '2025-09-01T12:00:00Z', '2025-09-01T12:05:00Z'),
    ]);
    const opportunities = async (query: Record<string, string | number | number[]>) =>
      (await getReport(ctx.app, admin.idToken, 'compliance/overview-stats', { startDate: '2025-09-01', endDate: '2025-09-01', ...query })).body
        .opportunities.value;
    // Organization view: organization 5's wearers, anywhere; groupIdFilters keeps the ICU's events.
    expect(await opportunities({ view: 'org', organizationIds: [5] })).toBe(4);
    expect(await opportunities({ view: 'org', organizationIds: [5], groupIdFilters: [ICU] })).toBe(2);
    // Location view: everyone's events in the ICU; organizationIdFilters keeps organization 5's wearers.
    expect(await opportunities({ view: 'loc', groupIds: [ICU] })).toBe(4);
    expect(await opportunities({ view: 'loc', groupIds: [ICU], organizationIdFilters: [5] })).toBe(2);
    // A filter outside the caller's scope narrows to nothing rather than widening.
    expect(await opportunities({ view: 'loc', groupIds: [ICU], organizationIdFilters: [9] })).toBe(0);
  });

  it('refuses a start after the end', async () => {
    const { status, body } = await stats('2025-02-02', '2025-02-01');
    expect(status).toBe(400);
    expect(body.message).toMatch(/startDate must not be after endDate/);
  });
});

describe('report scope and permissions', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let manager: Tokens;
  let nurse: Tokens;
  let riversideUser: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    [manager, nurse] = await Promise.all([signIn('manager@demo.health'), signIn('nurse@demo.health')]);
    riversideUser = (await staffOf(ctx.db, RIVERSIDE))[0]?.id as number;
    const fleet = await createFleet(ctx.db, RIVERSIDE_ICU, [riversideUser]);
    const e = eventsFor(fleet);
    await ingest(ctx.db, [...e.visit(riversideUser, '2025-08-04T10:00:00Z', '2025-08-04T10:05:00Z'), e.dispense(riversideUser, '2025-08-04T10:00:00Z', 'soap', 22)]);
  });
  afterAll(() => ctx.close());

  const range = { startDate: '2025-08-04', endDate: '2025-08-04' };
  const probes = [
    { groupIds: [RIVERSIDE_ICU] },
    { groupIds: [3] },
    { organizationIds: [RIVERSIDE] },
    { organizationIds: [9], view: 'org' },
    { groupIds: [1] },
    {},
  ];

  it('gives a manager of one hospital nothing of the other, whatever ids they pass', async () => {
    const paths = [
      'compliance/overview-stats',
      'compliance/trend',
      'compliance/ranking/users',
      'compliance/ranking/professions',
      'compliance/report',
      'dispensers/wash-type-breakdown',
      'dispensers/handwash/overview-stats',
      'dispensers/wash-count-trend',
      'dispensers/wash-type-trend',
    ];
    for (const path of paths) {
      for (const probe of probes) {
        const { status, body } = await getReport(ctx.app, manager.idToken, path, { ...range, ...probe } as never);
        expect(status, `${path} ${JSON.stringify(probe)}`).toBe(200);
        const text = JSON.stringify(body);
        // Any count of the Riverside visit or wash would show as a non-zero figure.
        expect(text, `${path} ${JSON.stringify(probe)}`).not.toMatch(/"(opportunities|count|value|washCount|soap|compliantEvents|handwashes)":[1-9]/);
      }
    }
    const report = await getReport(ctx.app, manager.idToken, 'compliance/report', { ...range, userIds: [riversideUser], groupIds: [RIVERSIDE_ICU] });
    expect(report.body.series).toEqual([]);
    for (const path of ['compliance/user/dashboard']) {
      const { status } = await getReport(ctx.app, manager.idToken, path, { userId: riversideUser, ...range });
      expect(status, path).toBe(404);
    }
    const breakdowns = await getReport(ctx.app, manager.idToken, 'compliance/breakdowns', { ...range, userId: riversideUser });
    expect(breakdowns.status).toBe(404);
  });

  it('shows the same Riverside figures to an administrator of both, so the probe above can fail', async () => {
    const admin = await signIn('admin@demo.health');
    const { body } = await getReport(ctx.app, admin.idToken, 'compliance/overview-stats', { ...range, groupIds: [RIVERSIDE_ICU] });
    expect(body.opportunities.value).toBe(2);
  });

  it('refuses report calls without the permission, but lets a user read their own overview', async () => {
    expect((await getReport(ctx.app, nurse.idToken, 'compliance/overview-stats', range)).status).toBe(403);
    expect((await getReport(ctx.app, nurse.idToken, 'compliance/ranking/users', range)).status).toBe(403);
    const own = await getReport(ctx.app, nurse.idToken, 'compliance/user/dashboard', range);
    expect(own.status).toBe(200);
    expect(own.body.opportunities).toEqual({ value: 0, delta: 0 });
    expect((await getReport(ctx.app, nurse.idToken, 'compliance/user/dashboard', { ...range, userId: riversideUser })).status).toBe(404);
  });
});
