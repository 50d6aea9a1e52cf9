import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, devices, groups, users } from '../../../../server/src/db/schema';
import { postGroupForm } from '../accounts/accounts-client';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { createFleet, eventsFor, ingest, type Fleet } from '../../helpers/fleet';
import { RIVERSIDE, ST_MARYS, staffOf } from '../../helpers/staff';
import { getPersonalReport } from './report-client';

// ICU – 3 North (group 6, US/Pacific): a bed visit counts from 30 s. Riverside ICU – 2 North is 15.
const ICU = 6;
const RIVERSIDE_ICU = 15;

interface UserRow { id: number; uniqueBedsVisited: number; totalBedVisits: number; totalDuration: number; avgDuration: number }
interface BedRow { beaconId: number; uniqueStaffVisits: number; totalStaffVisits: number; totalDuration: number; avgDuration: number }

describe('staff rounding reports', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let manager: Tokens;
  let nurse: Tokens;
  let staff: number[];
  let riversideStaff: number[];
  let fleet: Fleet;
  let riverside: Fleet;
  let roomBed: number;
  let cdiffBed: number;
  let riversideBed: number;
  const beaconId = async (mac: string) => {
    const [row] = await ctx.db.select({ id: devices.id }).from(devices).where(eq(devices.mac, mac));
    if (!row) throw new Error(`no device ${mac}`);
    return row.id;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    [admin, manager, nurse] = await Promise.all([signIn('admin@demo.health'), signIn('manager@demo.health'), signIn('nurse@demo.health')]);
    staff = (await staffOf(ctx.db, ST_MARYS)).filter((u) => u.organizationId === 5).map((u) => u.id).slice(0, 4);
    riversideStaff = (await staffOf(ctx.db, RIVERSIDE)).filter((u) => u.organizationId === 9).map((u) => u.id).slice(0, 2);
    fleet = await createFleet(ctx.db, ICU, staff);
    riverside = await createFleet(ctx.db, RIVERSIDE_ICU, riversideStaff);
    [roomBed, cdiffBed, riversideBed] = await Promise.all([
      beaconId(fleet.rooms.room.bed),
      beaconId(fleet.rooms.cdiff.bed),
      beaconId(riverside.rooms.room.bed),
    ]);
    const e = eventsFor(fleet);
    const r = eventsFor(riverside);
    const [u0, u1] = staff as [number, number];
    const [v0] = riversideStaff as [number];
    await ingest(ctx.db, [
      // One second short of the minimum, then exactly the minimum.
      ...e.bed(u0, '2023-03-01T10:00:00Z', '2023-03-01T10:00:29Z'),
      ...e.bed(u0, '2023-03-02T10:00:00Z', '2023-03-02T10:00:30Z'),
      // 2023-03-03 (PST, UTC−8): u0 twice at the room bed at 02:00 local and once at the C. diff bed at 07:00.
      ...e.bed(u0, '2023-03-03T10:00:00Z', '2023-03-03T10:01:00Z'),
      ...e.bed(u0, '2023-03-03T10:05:00Z', '2023-03-03T10:07:00Z'),
      ...e.bed(u0, '2023-03-03T15:00:00Z', '2023-03-03T15:01:30Z', 'cdiff'),
      ...e.bed(u1, '2023-03-03T10:10:00Z', '2023-03-03T10:15:00Z'),
    ]);
    await ingest(ctx.db, r.bed(v0, '2023-03-03T12:00:00Z', '2023-03-03T12:10:00Z'));
  });
  afterAll(() => ctx.close());

  const report = (tokens: Tokens, path: string, query: Record<string, string | number | number[]>) => getPersonalReport(ctx.app, tokens.idToken, path, query);
  const day = (d: string) => ({ startDate: d, endDate: d });

  it('ignores a bed visit one second short of requiredVisitDuration and counts exactly the minimum', async () => {
    const short = await report(admin, 'staffRounding/user', { groupIds: [ICU], ...day('2023-03-01') });
    expect(short.status).toBe(200);
    expect(short.body.filter((u: UserRow) => u.id === staff[0])).toEqual([]);
    const exact = await report(admin, 'staffRounding/user', { groupIds: [ICU], ...day('2023-03-02') });
    const row = exact.body.find((u: UserRow) => u.id === staff[0]);
    expect(row).toMatchObject({ totalBedVisits: 1, uniqueBedsVisited: 1, totalDuration: 30, avgDuration: 30, organizationId: 5 });
  });

  it('counts the same bed visits on the user’s own dashboard', async () => {
    const { status, body } = await report(admin, 'compliance/user/dashboard', { userId: staff[0] as number, startDate: '2023-03-01', endDate: '2023-03-03' });
    expect(status).toBe(200);
    // The short visit of 03-01 does not count; 03-02's one and 03-03's three do.
    expect(body.bedVisits).toBe(4);
    const other = await report(admin, 'compliance/user/dashboard', { userId: staff[2] as number, startDate: '2023-03-01', endDate: '2023-03-03' });
    expect(other.body.bedVisits).toBe(0);
  });

  it('totals per user and per bed', async () => {
    const users = (await report(admin, 'staffRounding/user', { groupIds: [ICU], ...day('2023-03-03') })).body as UserRow[];
    expect(users.find((u) => u.id === staff[0])).toMatchObject({ totalBedVisits: 3, uniqueBedsVisited: 2, totalDuration: 270, avgDuration: 90 });
    expect(users.find((u) => u.id === staff[1])).toMatchObject({ totalBedVisits: 1, uniqueBedsVisited: 1, totalDuration: 300, avgDuration: 300 });
    const beds = (await report(admin, 'staffRounding/bed', { groupIds: [ICU], ...day('2023-03-03') })).body as BedRow[];
    expect(beds.find((b) => b.beaconId === roomBed)).toMatchObject({ totalStaffVisits: 3, uniqueStaffVisits: 2, totalDuration: 480, avgDuration: 160 });
    expect(beds.find((b) => b.beaconId === cdiffBed)).toMatchObject({ totalStaffVisits: 1, uniqueStaffVisits: 1, totalDuration: 90 });
    const searched = (await report(admin, 'staffRounding/bed', { groupIds: [ICU], search: 'isolation', ...day('2023-03-03') })).body as BedRow[];
    expect(searched.map((b) => b.beaconId)).toContain(cdiffBed);
    expect(searched.map((b) => b.beaconId)).not.toContain(roomBed);
  });

  it('gives a user’s visits and hourly stats in the location’s time zone', async () => {
    const { status, body } = await report(admin, 'staffRounding/user/stats', { userId: staff[0] as number, ...day('2023-03-03') });
    expect(status).toBe(200);
    expect(body.visits.map((v: { entryTime: string; duration: number }) => [v.entryTime, v.duration])).toEqual([
      ['2023-03-03T10:00:00.000Z', 60],
      ['2023-03-03T10:05:00.000Z', 120],
      ['2023-03-03T15:00:00.000Z', 90],
    ]);
    expect(body.visits[2].bedName).toMatch(/Isolation .* Bed A/);
    expect(body.hourly).toHaveLength(24);
    expect(body.hourly[2]).toEqual({ hour: '2:00', total: 2, duration: 180 });
    expect(body.hourly[7]).toEqual({ hour: '7:00', total: 1, duration: 90 });
    expect(body.hourly.reduce((n: number, h: { total: number }) => n + h.total, 0)).toBe(3);
  });

  it('records a read of one user’s visits in the audit trail, naming them; a bed’s visits name nobody', async () => {
    const [me] = await ctx.db.select().from(users).where(eq(users.userName, 'manager@demo.health'));
    const lastRead = async (route: string) =>
      (await ctx.db.select().from(auditEvents).where(and(eq(auditEvents.actorUserId, me!.id), eq(auditEvents.route, route))).orderBy(desc(auditEvents.id)).limit(1))[0];
    expect((await report(manager, 'staffRounding/user/stats', { userId: staff[0] as number, ...day('2023-03-03') })).status).toBe(200);
    expect(await lastRead('/api/staffRounding/user/stats')).toMatchObject({ action: 'read', personUserId: staff[0], status: 200 });
    expect((await report(manager, 'staffRounding/bed/stats', { beaconId: roomBed, ...day('2023-03-03') })).status).toBe(200);
    expect(await lastRead('/api/staffRounding/bed/stats')).toBeUndefined();
  });

  it('gives a bed’s visits with who made them', async () => {
    const { body } = await report(admin, 'staffRounding/bed/stats', { beaconId: roomBed, ...day('2023-03-03') });
    expect(body.visits.map((v: { userId: number; duration: number }) => [v.userId, v.duration])).toEqual([
      [staff[0], 60],
      [staff[0], 120],
      [staff[1], 300],
    ]);
    expect(body.hourly[2]).toEqual({ hour: '2:00', total: 3, duration: 480 });
  });

  it('summarises per location and per organization', async () => {
    const locations = (await report(admin, 'staffRounding/location', { groupIds: [ICU, RIVERSIDE_ICU], ...day('2023-03-03') })).body;
    expect(locations).toEqual([
      expect.objectContaining({ groupId: ICU, totalBedVisits: 4, uniqueBedsVisited: 2, uniqueStaff: 2, totalDuration: 570 }),
      expect.objectContaining({ groupId: RIVERSIDE_ICU, totalBedVisits: 1, uniqueStaff: 1, totalDuration: 600, avgDuration: 600 }),
    ]);
    const orgs = (await report(admin, 'staffRounding/organization', { organizationIds: [5], ...day('2023-03-03') })).body;
    expect(orgs).toEqual([expect.objectContaining({ organizationId: 5, name: "St. Mary's ICU", totalBedVisits: 4, uniqueStaff: 2 })]);
  });

  it('sums a location over several days as its users and beds lists do: a wearer or bed seen on two days counts once', async () => {
    const range = { startDate: '2023-03-01', endDate: '2023-03-03' };
    const [location] = (await report(admin, 'staffRounding/location', { groupIds: [ICU], ...range })).body;
    const users = (await report(admin, 'staffRounding/user', { groupIds: [ICU], ...range })).body as UserRow[];
    const beds = (await report(admin, 'staffRounding/bed', { groupIds: [ICU], ...range })).body as BedRow[];
    const visits = users.reduce((sum, u) => sum + u.totalBedVisits, 0);
    const duration = users.reduce((sum, u) => sum + u.totalDuration, 0);
    // u0 rounds on 2023-03-02 and 2023-03-03, at the room bed both days.
    expect(location).toEqual(
      expect.objectContaining({
        groupId: ICU,
        totalBedVisits: 5,
        uniqueStaff: 2,
        uniqueBedsVisited: 2,
        totalDuration: 600,
        avgDuration: 120,
      }),
    );
    expect([location.totalBedVisits, location.totalDuration, location.uniqueStaff, location.uniqueBedsVisited]).toEqual([visits, duration, users.length, beds.length]);
  });

  it('reads the range as days of the location’s clock, and a new time zone moves the visits to its days', async () => {
    const u2 = staff[2] as number;
    const e = eventsFor(fleet);
    // In Pacific summer time (UTC−7): 10 April 22:00, 11 April 01:00 and 11 April 23:30.
    await ingest(ctx.db, [
      ...e.bed(u2, '2023-04-11T05:00:00Z', '2023-04-11T05:01:00Z'),
      ...e.bed(u2, '2023-04-11T08:00:00Z', '2023-04-11T08:02:00Z'),
      ...e.bed(u2, '2023-04-12T06:30:00Z', '2023-04-12T06:34:00Z'),
    ]);
    const figures = async () => {
      const users = (await report(admin, 'staffRounding/user', { groupIds: [ICU], ...day('2023-04-11') })).body as UserRow[];
      const [location] = (await report(admin, 'staffRounding/location', { groupIds: [ICU], ...day('2023-04-11') })).body;
      const stats = (await report(admin, 'staffRounding/user/stats', { userId: u2, groupIds: [ICU], ...day('2023-04-11') })).body;
      const bed = (await report(admin, 'staffRounding/bed/stats', { beaconId: roomBed, ...day('2023-04-11') })).body;
      return {
        user: users.find((u) => u.id === u2)?.totalDuration,
        location: location.totalDuration,
        visits: stats.visits.map((v: { entryTime: string; timeZone: string }) => `${v.entryTime} ${v.timeZone}`),
        bed: bed.visits.length,
      };
    };
    expect(await figures()).toEqual({
      user: 360,
      location: 360,
      visits: ['2023-04-11T08:00:00.000Z US/Pacific', '2023-04-12T06:30:00.000Z US/Pacific'],
      bed: 2,
    });

    // In Eastern summer time (UTC−4) 11 April holds the first two.
    const [row] = await ctx.db.select().from(groups).where(eq(groups.id, ICU));
    if (!row) throw new Error('no ICU');
    const { id, parentId, floorplanImage: _plan, groupOnly: _groupOnly, ...fields } = row;
    const form = (timeZone: string) => ({ ...fields, id, parentId: parentId as number, address: fields.address ?? '1 Main St, Portland, OR 97201', mapScale: fields.mapScale ?? 1, timeZone });
    const moved = await postGroupForm(ctx.app, admin, form('US/Eastern'));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    try {
      expect(await figures()).toEqual({
        user: 180,
        location: 180,
        visits: ['2023-04-11T05:00:00.000Z US/Eastern', '2023-04-11T08:00:00.000Z US/Eastern'],
        bed: 2,
      });
    } finally {
      expect((await postGroupForm(ctx.app, admin, form('US/Pacific'))).status).toBe(200);
    }
    expect((await figures()).location).toBe(360);
  });

  it('answers an empty range with empty lists and zeros', async () => {
    expect((await report(admin, 'staffRounding/user', { groupIds: [ICU], ...day('2022-01-01') })).body).toEqual([]);
    expect((await report(admin, 'staffRounding/bed', { groupIds: [ICU], ...day('2022-01-01') })).body).toEqual([]);
    const stats = await report(admin, 'staffRounding/user/stats', { userId: staff[0] as number, ...day('2022-01-01') });
    expect(stats.body.visits).toEqual([]);
    expect(stats.body.hourly.every((h: { total: number; duration: number }) => h.total === 0 && h.duration === 0)).toBe(true);
    const loc = (await report(admin, 'staffRounding/location', { groupIds: [ICU], ...day('2022-01-01') })).body;
    expect(loc).toEqual([expect.objectContaining({ groupId: ICU, totalBedVisits: 0, totalDuration: 0, avgDuration: null })]);
  });

  it('rejects a start after the end', async () => {
    for (const path of ['staffRounding/user', 'staffRounding/bed', 'staffRounding/location', 'staffRounding/organization']) {
      expect((await report(admin, path, { startDate: '2023-03-04', endDate: '2023-03-03' })).status, path).toBe(400);
    }
    expect((await report(admin, 'staffRounding/user/stats', { userId: staff[0] as number, startDate: '2023-03-04', endDate: '2023-03-03' })).status).toBe(400);
  });

  it('refuses callers without the permission', async () => {
    expect((await report(nurse, 'staffRounding/user', day('2023-03-03'))).status).toBe(403);
    expect((await report(nurse, 'staffRounding/bed/stats', { beaconId: roomBed, ...day('2023-03-03') })).status).toBe(403);
  });

  it('gives a St. Mary’s manager nothing of Riverside, whatever ids they pass', async () => {
    const range = day('2023-03-03');
    const all = (await report(manager, 'staffRounding/user', range)).body as UserRow[];
    expect(all.map((u) => u.id)).toEqual(expect.arrayContaining([staff[0], staff[1]]));
    expect(all.map((u) => u.id)).not.toContain(riversideStaff[0]);
    const queries: Record<string, number[]>[] = [{ organizationIds: [RIVERSIDE, 9] }, { groupIds: [3, RIVERSIDE_ICU] }];
    for (const query of queries) {
      expect((await report(manager, 'staffRounding/user', { ...query, ...range })).body).toEqual([]);
      expect((await report(manager, 'staffRounding/bed', { ...query, ...range })).body).toEqual([]);
    }
    expect((await report(manager, 'staffRounding/location', { groupIds: [RIVERSIDE_ICU], ...range })).body).toEqual([]);
    expect((await report(manager, 'staffRounding/organization', { organizationIds: [RIVERSIDE], ...range })).body).toEqual([]);
    expect((await report(manager, 'staffRounding/user/stats', { userId: riversideStaff[0] as number, ...range })).status).toBe(404);
    expect((await report(manager, 'staffRounding/bed/stats', { beaconId: riversideBed, ...range })).status).toBe(404);
    const stats = await report(manager, 'staffRounding/user/stats', { userId: staff[0] as number, groupIds: [RIVERSIDE_ICU], ...range });
    expect(stats.body.visits).toEqual([]);
  });
});
