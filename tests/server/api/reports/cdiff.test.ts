import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { createFleet, eventsFor, ingest, type Fleet } from '../../helpers/fleet';
import { RIVERSIDE, ST_MARYS, staffOf } from '../../helpers/staff';
import { getReport } from './report-client';

// ICU – 3 North (group 6): visits count from 30 s; every compliance window is 60 s.
const ICU = 6;
const RIVERSIDE_ICU = 15;
const DAY = { startDate: '2023-06-05', endDate: '2023-06-05' };

interface Room { zoneId: number; name: string; compliantVisits: number; totalVisits: number; soapCompliance: number | null }
interface VisitRecord {
  visit: { id: string; entryTimestamp: string; exitTimestamp: string; entryWashTimestamp: string | null; exitWashTimestamp: string | null; exitWashType: string | null; compliant: boolean };
  user: { id: number; firstName: string; lastName: string; organizationId: number; professionId: string | null };
  nextBeacon: { name: string } | null;
}

describe('C. diff rooms', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let manager: Tokens;
  let nurse: Tokens;
  let u: [number, number, number, number];
  let fleet: Fleet;
  let riverside: Fleet;
  let roomName: string;
  let isolationName: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    [admin, manager, nurse] = await Promise.all([signIn('admin@demo.health'), signIn('manager@demo.health'), signIn('nurse@demo.health')]);
    u = (await staffOf(ctx.db, ST_MARYS)).filter((s) => s.organizationId === 5).map((s) => s.id).slice(0, 4) as typeof u;
    const [v0] = (await staffOf(ctx.db, RIVERSIDE)).filter((s) => s.organizationId === 9).map((s) => s.id) as [number];
    fleet = await createFleet(ctx.db, ICU, u);
    riverside = await createFleet(ctx.db, RIVERSIDE_ICU, [v0]);
    const zones = await ctx.db.query.zones.findMany({ columns: { id: true, name: true } });
    roomName = zones.find((z) => z.id === fleet.rooms.room.zoneId)?.name ?? '';
    isolationName = zones.find((z) => z.id === fleet.rooms.cdiff.zoneId)?.name ?? '';
    const e = eventsFor(fleet);
    const [u0, u1, u2, u3] = u;
    await ingest(ctx.db, [
      // u0: soap before entry and soap after exit (compliant, soap); then the patient room 20 minutes later.
      ...e.visit(u0, '2023-06-05T08:00:00Z', '2023-06-05T08:10:00Z', 'cdiff'),
      e.wash(u0, '2023-06-05T07:59:30Z', 'SOAP', 25),
      e.dispense(u0, '2023-06-05T08:10:30Z', 'soap', 30),
      ...e.visit(u0, '2023-06-05T08:30:00Z', '2023-06-05T08:40:00Z'),
      // u1: sanitizer both times (compliant, not soap); the next room only 24 h 30 s later.
      ...e.visit(u1, '2023-06-05T09:00:00Z', '2023-06-05T09:10:00Z', 'cdiff'),
      e.dispense(u1, '2023-06-05T09:00:10Z', 'sanitizer'),
      e.dispense(u1, '2023-06-05T09:10:20Z', 'sanitizer'),
      ...e.visit(u1, '2023-06-06T09:10:30Z', '2023-06-06T09:15:00Z'),
      // u2: no wash at entry, soap at exit (not compliant, soap); the next room exactly 24 h later.
      ...e.visit(u2, '2023-06-05T10:00:00Z', '2023-06-05T10:10:00Z', 'cdiff'),
      e.dispense(u2, '2023-06-05T10:10:10Z', 'soap'),
      ...e.visit(u2, '2023-06-06T10:10:00Z', '2023-06-06T10:15:00Z'),
      // u3: 29 s, too short to be a visit.
      ...e.visit(u3, '2023-06-05T11:00:00Z', '2023-06-05T11:00:29Z', 'cdiff'),
    ]);
    await ingest(ctx.db, eventsFor(riverside).visit(v0, '2023-06-05T12:00:00Z', '2023-06-05T12:10:00Z', 'cdiff'));
  });
  afterAll(() => ctx.close());

  const get = (tokens: Tokens, path: string, query: Record<string, string | number | number[]>) => getReport(ctx.app, tokens.idToken, path, query);
  const visitsOf = (tokens: Tokens, zoneId: number, query: Record<string, string | number | number[]> = {}) =>
    get(tokens, `zones/cdiff/${zoneId}/visits`, { ...DAY, ...query });

  it('counts compliant visits and soap compliance per room', async () => {
    const { status, body } = await get(admin, 'zones/cdiff', { ...DAY, groupIds: [ICU], search: `name~"${isolationName}"` });
    expect(status).toBe(200);
    expect(body).toEqual({
      data: [{ zoneId: fleet.rooms.cdiff.zoneId, name: isolationName, groupId: ICU, compliantVisits: 2, totalVisits: 3, soapCompliance: 2 / 3 }],
      totalCount: 1,
    });
  });

  it('reads the range as days of the room’s location’s clock', async () => {
    const [u0] = u;
    // 22:00 on 11 July and 23:30 on 12 July in Pacific summer time (UTC−7): both are 12 July in UTC.
    await ingest(ctx.db, [
      ...eventsFor(fleet).visit(u0, '2023-07-12T05:00:00Z', '2023-07-12T05:05:00Z', 'cdiff'),
      ...eventsFor(fleet).visit(u0, '2023-07-13T06:30:00Z', '2023-07-13T06:35:00Z', 'cdiff'),
    ]);
    const july12 = { startDate: '2023-07-12', endDate: '2023-07-12' };
    const { body } = await get(admin, 'zones/cdiff', { ...july12, groupIds: [ICU], search: `name~"${isolationName}"` });
    expect(body.data).toEqual([expect.objectContaining({ zoneId: fleet.rooms.cdiff.zoneId, totalVisits: 1 })]);
    const visits = await visitsOf(admin, fleet.rooms.cdiff.zoneId, { ...july12, groupIds: [ICU] });
    expect((visits.body.data as VisitRecord[]).map((v) => v.visit.entryTimestamp)).toEqual(['2023-07-13T06:30:00.000Z']);
    expect(visits.body.totalCount).toBe(1);
  });

  it('lists each visit with its washes, its wearer and the next room within 24 hours', async () => {
    const { body } = await visitsOf(admin, fleet.rooms.cdiff.zoneId, { groupIds: [ICU] });
    expect(body.totalCount).toBe(3);
    const [v2, v1, v0] = body.data as VisitRecord[];
    expect(v0?.visit).toMatchObject({
      entryTimestamp: '2023-06-05T08:00:00.000Z',
      exitTimestamp: '2023-06-05T08:10:00.000Z',
      entryWashTimestamp: '2023-06-05T07:59:30.000Z',
      exitWashTimestamp: '2023-06-05T08:10:30.000Z',
      exitWashType: 'SOAP',
      compliant: true,
    });
    expect(v0?.user).toMatchObject({ id: u[0], organizationId: 5 });
    expect(v0?.nextBeacon).toEqual({ name: roomName });
    expect(v1?.visit).toMatchObject({ exitWashType: 'SANITIZER', compliant: true });
    expect(v1?.nextBeacon).toBeNull();
    expect(v2?.visit).toMatchObject({ entryWashTimestamp: null, exitWashType: 'SOAP', compliant: false });
    expect(v2?.nextBeacon).toEqual({ name: roomName });
  });

  it('pages visits with startingAfter', async () => {
    const first = await visitsOf(admin, fleet.rooms.cdiff.zoneId, { take: 2 });
    expect((first.body.data as VisitRecord[]).map((v) => v.user.id)).toEqual([u[2], u[1]]);
    const second = await visitsOf(admin, fleet.rooms.cdiff.zoneId, { take: 2, startingAfter: (first.body.data[1] as VisitRecord).visit.id });
    expect((second.body.data as VisitRecord[]).map((v) => v.user.id)).toEqual([u[0]]);
    expect(second.body.totalCount).toBe(3);
    expect((await visitsOf(admin, fleet.rooms.cdiff.zoneId, { startingAfter: 'nope' })).status).toBe(400);
  });

  it('pages rooms by name with startingAfter, 15 by default', async () => {
    const seen: Room[] = [];
    let after: number | undefined;
    let total = 0;
    for (let page = 0; page < 20; page++) {
      const { body } = await get(admin, 'zones/cdiff', { ...DAY, groupIds: [ICU], take: 2, ...(after ? { startingAfter: after } : {}) });
      total = body.totalCount;
      if (body.data.length === 0) break;
      seen.push(...body.data);
      after = body.data[body.data.length - 1].zoneId;
    }
    expect(total).toBeGreaterThan(2);
    expect(seen.length).toBe(total);
    expect(seen.map((r) => r.zoneId)).toContain(fleet.rooms.cdiff.zoneId);
    expect(seen.map((r) => r.name)).toEqual([...seen.map((r) => r.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byDefault = await get(admin, 'zones/cdiff', DAY);
    expect(byDefault.body.data.length).toBe(Math.min(15, byDefault.body.totalCount));
  });

  it('parses search terms safely', async () => {
    const bracketed = await ctx.app.inject({
      method: 'GET',
      url: `/api/zones/cdiff?startDate=2023-06-05&endDate=2023-06-05&search[]=${encodeURIComponent(`name~"${isolationName.toUpperCase()}"`)}`,
      headers: { authorization: admin.idToken },
    });
    expect(bracketed.json().data.map((r: Room) => r.zoneId)).toEqual([fleet.rooms.cdiff.zoneId]);
    expect((await get(admin, 'zones/cdiff', { ...DAY, search: `name~"%' or 1=1 --"` })).body).toEqual({ data: [], totalCount: 0 });
    expect((await get(admin, 'zones/cdiff', { ...DAY, search: 'drop table zones' })).status).toBe(400);
    expect((await get(admin, 'zones/cdiff', { ...DAY, search: 'ehrId~"x"' })).status).toBe(400);
  });

  it('answers an empty range with zeros, a start after the end with 400, and a room that is not C. diff with 404', async () => {
    const { body } = await get(admin, 'zones/cdiff', { startDate: '2022-01-01', endDate: '2022-01-01', groupIds: [ICU], search: `name~"${isolationName}"` });
    expect(body.data).toEqual([expect.objectContaining({ compliantVisits: 0, totalVisits: 0, soapCompliance: null })]);
    expect((await visitsOf(admin, fleet.rooms.cdiff.zoneId, { startDate: '2022-01-01', endDate: '2022-01-01' })).body).toEqual({ data: [], totalCount: 0 });
    expect((await get(admin, 'zones/cdiff', { startDate: '2023-06-06', endDate: '2023-06-05' })).status).toBe(400);
    expect((await visitsOf(admin, fleet.rooms.cdiff.zoneId, { startDate: '2023-06-06', endDate: '2023-06-05' })).status).toBe(400);
    expect((await visitsOf(admin, fleet.rooms.room.zoneId)).status).toBe(404);
  });

  it('refuses callers without the permission', async () => {
    expect((await get(nurse, 'zones/cdiff', DAY)).status).toBe(403);
    expect((await visitsOf(nurse, fleet.rooms.cdiff.zoneId)).status).toBe(403);
  });

  it('gives a St. Mary’s manager nothing of Riverside, whatever ids they pass', async () => {
    const own = await get(manager, 'zones/cdiff', { ...DAY, take: 100 });
    expect(own.status).toBe(200);
    expect(own.body.data.map((r: Room) => r.zoneId)).toContain(fleet.rooms.cdiff.zoneId);
    expect(own.body.data.map((r: Room) => r.zoneId)).not.toContain(riverside.rooms.cdiff.zoneId);
    expect((await get(manager, 'zones/cdiff', { ...DAY, groupIds: [3, RIVERSIDE_ICU] })).body).toEqual({ data: [], totalCount: 0 });
    expect((await get(manager, 'zones/cdiff', { ...DAY, zoneIds: [riverside.rooms.cdiff.zoneId] })).body).toEqual({ data: [], totalCount: 0 });
    expect((await visitsOf(manager, riverside.rooms.cdiff.zoneId)).status).toBe(404);
    expect((await visitsOf(manager, riverside.rooms.cdiff.zoneId, { groupIds: [RIVERSIDE_ICU] })).status).toBe(404);
    expect((await visitsOf(admin, riverside.rooms.cdiff.zoneId)).body.totalCount).toBe(1);
  });
});
