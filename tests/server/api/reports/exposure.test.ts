import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { createFleet, eventsFor, ingest } from '../../helpers/fleet';
import { RIVERSIDE, ST_MARYS, staffOf } from '../../helpers/staff';
import { getPersonalReport } from './report-client';

// Rooms of ICU – 3 North (group 6, organization 5), whose clock is Pacific summer time (UTC−7):
// the chosen day is 2023-05-10; contact tracing looks back to 2023-05-09 00:00 there (07:00 UTC).
const ICU = 6;
const DAY = { startDate: '2023-05-10', endDate: '2023-05-10' };

interface Interaction { userId: number; sourceUserId: number; durationMs: number; entryTimestamp: string; exitTimestamp: string; room: string; beaconId: number | null }
interface Exposed { userId: number; totalMs: number; contacts: number }

describe('exposure and contact tracing', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let manager: Tokens;
  let nurse: Tokens;
  let u: [number, number, number, number];
  let mine: Set<number>;

  beforeAll(async () => {
    ctx = await createTestApp();
    [admin, manager, nurse] = await Promise.all([signIn('admin@demo.health'), signIn('manager@demo.health'), signIn('nurse@demo.health')]);
    u = (await staffOf(ctx.db, ST_MARYS)).filter((s) => s.organizationId === 5).map((s) => s.id).slice(0, 4) as typeof u;
    mine = new Set(u);
    const fleet = await createFleet(ctx.db, ICU, u);
    const e = eventsFor(fleet);
    const [u0, u1, u2, u3] = u;
    await ingest(ctx.db, [
      // Before the look-back: u2 and u3 together for 20 minutes on 2023-05-08.
      ...e.visit(u2, '2023-05-09T06:00:00Z', '2023-05-09T06:20:00Z'),
      ...e.visit(u3, '2023-05-09T06:00:00Z', '2023-05-09T06:20:00Z'),
      // Inside the look-back: 869 s from the first instant of 2023-05-09.
      ...e.visit(u2, '2023-05-09T07:00:00Z', '2023-05-09T07:14:29Z'),
      ...e.visit(u3, '2023-05-09T07:00:00Z', '2023-05-09T07:20:00Z'),
      // Exactly 30 s of overlap: noise.
      ...e.visit(u0, '2023-05-10T17:00:00Z', '2023-05-10T17:10:00Z'),
      ...e.visit(u1, '2023-05-10T17:09:30Z', '2023-05-10T17:20:00Z'),
      // 31 s: exposed.
      ...e.visit(u0, '2023-05-10T18:00:00Z', '2023-05-10T18:10:00Z'),
      ...e.visit(u2, '2023-05-10T18:09:29Z', '2023-05-10T18:20:00Z'),
      // Exactly 2 h: a shared office, not care. One second less: exposed.
      ...e.visit(u1, '2023-05-10T19:00:00Z', '2023-05-10T21:00:00Z'),
      ...e.visit(u3, '2023-05-10T19:00:00Z', '2023-05-10T21:00:00Z'),
      ...e.visit(u1, '2023-05-10T22:00:00Z', '2023-05-11T00:00:00Z'),
      ...e.visit(u3, '2023-05-10T22:00:01Z', '2023-05-11T00:00:00Z'),
    ]);
  });
  afterAll(() => ctx.close());

  const report = (tokens: Tokens, query: Record<string, string | number | number[]>) =>
    getPersonalReport(ctx.app, tokens.idToken, 'exposureReport/interaction', query);
  const pairs = (rows: Interaction[]) =>
    rows.filter((r) => mine.has(r.userId)).map((r) => [r.sourceUserId, r.userId, r.durationMs / 1000]);

  /** Each of the four users traced in turn: their overlaps with the others, as [source, contact, seconds]. */
  const tracedPairs = async (query: Record<string, string | number>) => {
    const out: (number | undefined)[][] = [];
    for (const userId of u) {
      const { status, body } = await report(admin, { organizationId: 5, userId, periodMs: 60_000, ...query });
      expect(status).toBe(200);
      out.push(...pairs(body.interactions));
    }
    return out;
  };

  it('counts overlaps longer than 30 s and shorter than 2 h, from 24 hours before the start', async () => {
    const { status, body } = await report(admin, { organizationId: 5, ...DAY });
    expect(status).toBe(200);
    expect(body.from).toBe('2023-05-09T07:00:00.000Z');
    expect(body.to).toBe('2023-05-11T06:59:59.999Z');
    // Without a traced user the answer is everyone's totals, not the overlaps.
    expect(body.interactions).toEqual([]);
    const [u0, u1, u2, u3] = u;
    expect(await tracedPairs(DAY)).toEqual([
      [u0, u2, 31],
      [u1, u3, 7199],
      [u2, u3, 869],
      [u2, u0, 31],
      [u3, u2, 869],
      [u3, u1, 7199],
    ]);
    const first = (await report(admin, { organizationId: 5, userId: u2, periodMs: 60_000, ...DAY })).body.interactions[0] as Interaction;
    expect(first.entryTimestamp).toBe('2023-05-09T07:00:00.000Z');
    expect(first.exitTimestamp).toBe('2023-05-09T07:14:29.000Z');
    expect(first.room).toMatch(/^Room /);
    expect(first.beaconId).toEqual(expect.any(Number));
  });

  it('takes the days of the one time zone the chosen organizations’ locations share, and names it; UTC over several', async () => {
    // The network's locations span three time zones; St. Mary's are all in Pacific time (UTC−7 in May).
    const network = (await report(admin, { organizationId: 2, ...DAY })).body;
    expect([network.timeZone, network.from, network.to]).toEqual(['UTC', '2023-05-09T00:00:00.000Z', '2023-05-10T23:59:59.999Z']);
    const stMarys = (await report(admin, { organizationId: 3, ...DAY })).body;
    expect([stMarys.timeZone, stMarys.from, stMarys.to]).toEqual(['US/Pacific', '2023-05-09T07:00:00.000Z', '2023-05-11T06:59:59.999Z']);
  });

  it('lists a longer range in order, an overlap starting on a day boundary once', async () => {
    const [u0, u1, u2, u3] = u;
    const range = { startDate: '2023-05-08', endDate: '2023-05-10' };
    expect((await report(admin, { organizationId: 5, ...range })).body.from).toBe('2023-05-07T07:00:00.000Z');
    expect(await tracedPairs(range)).toEqual([
      [u0, u2, 31],
      [u1, u3, 7199],
      [u2, u3, 1200],
      [u2, u3, 869],
      [u2, u0, 31],
      [u3, u2, 1200],
      [u3, u2, 869],
      [u3, u1, 7199],
    ]);
    const totals = (await report(admin, { organizationId: 5, periodMs: 60_000, ...range })).body.users as Exposed[];
    expect(totals.filter((x) => mine.has(x.userId)).map((x) => [x.userId, x.totalMs, x.contacts])).toEqual([
      [u3, 9_268_000, 2],
      [u1, 7_199_000, 1],
      [u2, 2_100_000, 2],
    ]);
  });

  it('lists users whose total exposure reaches the period (default 15 minutes)', async () => {
    const [u0, u1, u2, u3] = u;
    const byDefault = (await report(admin, { organizationId: 5, ...DAY })).body.users as Exposed[];
    // u2: 869 s + 31 s = exactly 15 minutes; u0: 31 s.
    expect(byDefault.filter((x) => mine.has(x.userId)).map((x) => [x.userId, x.totalMs, x.contacts])).toEqual([
      [u3, 8_068_000, 2],
      [u1, 7_199_000, 1],
      [u2, 900_000, 2],
    ]);
    const oneMinute = (await report(admin, { organizationId: 5, periodMs: 60_000, ...DAY })).body.users as Exposed[];
    expect(oneMinute.map((x) => x.userId)).not.toContain(u0);
    expect((await report(admin, { organizationId: 5, periodMs: 30_000, ...DAY })).status).toBe(400);
  });

  it('traces one user’s contacts', async () => {
    const [, u1, u2, u3] = u;
    const { body } = await report(admin, { organizationId: 5, userId: u3, periodMs: 60_000, ...DAY });
    expect(pairs(body.interactions)).toEqual([
      [u3, u2, 869],
      [u3, u1, 7199],
    ]);
    expect((body.users as Exposed[]).map((x) => [x.userId, x.totalMs])).toEqual([
      [u1, 7_199_000],
      [u2, 869_000],
    ]);
    const fifteen = await report(admin, { organizationId: 5, userId: u3, ...DAY });
    expect((fifteen.body.users as Exposed[]).map((x) => x.userId)).toEqual([u1]);
    expect((await report(admin, { userId: 99_999_999, ...DAY })).status).toBe(404);
    // Both people must be staff of the selected organizations, the traced user too.
    const elsewhere = await report(admin, { organizationId: RIVERSIDE, userId: u3, periodMs: 60_000, ...DAY });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.interactions).toEqual([]);
    expect(elsewhere.body.users).toEqual([]);
  });

  it('answers an empty range with empty lists and rejects a start after the end', async () => {
    const { body } = await report(admin, { organizationId: 5, startDate: '2022-01-01', endDate: '2022-01-01' });
    expect(body.interactions).toEqual([]);
    expect(body.users).toEqual([]);
    expect((await report(admin, { organizationId: 5, startDate: '2023-05-11', endDate: '2023-05-10' })).status).toBe(400);
  });

  it('is for the product’s own account type and the contact tracing permission', async () => {
    expect((await report(nurse, DAY)).status).toBe(403);
    // The St. Mary's manager is a PRO account: refused whatever ids they pass (Riverside's included).
    expect((await report(manager, { organizationId: RIVERSIDE, ...DAY })).status).toBe(403);
    expect((await report(manager, { organizationId: 5, ...DAY })).status).toBe(403);
  });

  it('selects nothing for organizations without staff in the rooms', async () => {
    const { body } = await report(admin, { organizationId: RIVERSIDE, periodMs: 60_000, ...DAY });
    expect((body.users as Exposed[]).filter((x) => mine.has(x.userId))).toEqual([]);
  });
});
