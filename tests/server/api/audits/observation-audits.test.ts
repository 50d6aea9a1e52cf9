import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_MESSAGES, type AuditUnit, type UnitReadinessRow, type UnitValidation } from '../../../../server/src/contracts/observation-audits';
import { devices, groups, nfcTags, observations, observationSessions, organizations, users, visits, wearableAssignments, zones, type UserRow } from '../../../../server/src/db/schema';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { deviceId } from '../../helpers/route-samples';
import { createScopedAccount } from '../../helpers/scoped-account';

// The observation audits' calls (docs/PERMISSIONS.md 'Observation audits') and their figures on a
// month built by hand (docs/METRICS.md sections 11–13): ICU – 3 North in March 2024, long before
// the demo's history, so the visits below are the unit's only ones that month.

const ICU_NORTH = 6;
const ICU_SOUTH = 7;
const ST_MARYS_GROUP = 2;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let observer: Tokens;
let admin: Tokens;
/** Patient rooms of ICU – 3 North, and one of ICU – 3 South. */
let r1: number;
let r2: number;
let southRoom: number;
/** Staff of ICU – 3 North. */
let a: UserRow;
let b: UserRow;
/** Staff of ICU – 3 South, outside the observer's scope. */
let south: UserRow;

type Method = 'GET' | 'POST' | 'DELETE';
async function call(tokens: Tokens, method: Method, path: string, opts: { query?: Record<string, string | number>; body?: unknown } = {}) {
  const query = new URLSearchParams(Object.entries(opts.query ?? {}).map(([k, v]) => [k, String(v)]));
  const res = await ctx.app.inject({
    method,
    url: `/api/audits/${path}${query.size ? `?${query}` : ''}`,
    headers: { authorization: tokens.idToken },
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });
  return { status: res.statusCode, body: res.json() };
}

const id = (name: string) => deviceId(`observation-audits-test:${name}`);
const observation = (name: string, session: string, at: string, fields: Record<string, unknown> = {}) => ({
  clientId: id(name),
  sessionClientId: session,
  observedAt: at,
  zoneId: r1,
  indication: 'MOMENT_1',
  action: 'RUB',
  gloves: false,
  userId: null,
  professionId: null,
  ...fields,
});

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signIn('admin@demo.health');
  observer = (await createScopedAccount(ctx.db, { subjects: ['OBSERVATION_AUDITS'], groupIds: [ICU_NORTH], label: 'observer' })).tokens;
  const rooms = await ctx.db
    .select({ id: zones.id, groupId: zones.groupId })
    .from(zones)
    .where(and(inArray(zones.groupId, [ICU_NORTH, ICU_SOUTH]), eq(zones.type, 'PATIENT_ROOM')))
    .orderBy(asc(zones.id));
  [r1, r2] = rooms.filter((r) => r.groupId === ICU_NORTH).map((r) => r.id) as [number, number];
  southRoom = rooms.find((r) => r.groupId === ICU_SOUTH)!.id;
  const staff = await ctx.db.select().from(users).where(and(eq(users.groupId, ICU_NORTH), eq(users.active, true), eq(users.demo, false))).orderBy(asc(users.id));
  [a, b] = staff.filter((s) => s.professionCode !== null) as [UserRow, UserRow];
  south = (await ctx.db.select().from(users).where(and(eq(users.groupId, ICU_SOUTH), eq(users.active, true))).orderBy(asc(users.id)).limit(1))[0] as UserRow;
});
afterAll(() => ctx.close());

describe('the units an observer may audit', () => {
  it('list each staff member with the wearables they hold and their active NFC tags, so a scanned badge names them offline', async () => {
    const res = await call(observer, 'GET', 'units');
    expect(res.status).toBe(200);
    const units = res.body.data as AuditUnit[];
    expect(units.map((u) => u.id)).toEqual([ICU_NORTH]);
    const staff = units[0]!.staff;
    const ids = staff.map((s) => s.id);
    const held = await ctx.db
      .select({ userId: wearableAssignments.userId, mac: devices.mac })
      .from(wearableAssignments)
      .innerJoin(devices, eq(devices.id, wearableAssignments.deviceId))
      .where(and(inArray(wearableAssignments.userId, ids), isNull(wearableAssignments.unassignedAt)));
    const tags = await ctx.db.select().from(nfcTags).where(and(inArray(nfcTags.userId, ids), eq(nfcTags.active, true)));
    expect(held.length).toBeGreaterThan(0);
    for (const member of staff) {
      expect(member.wearableMacs, member.name).toEqual(held.filter((h) => h.userId === member.id).map((h) => h.mac).sort());
      expect(member.nfcTags.sort(), member.name).toEqual(tags.filter((t) => t.userId === member.id).map((t) => `${t.nfcId}${t.nfcShortId}`).sort());
    }
  });
});

describe('an observer’s session', () => {
  const session = id('session');
  const started = '2024-02-12T17:00:00.000Z';

  it('starts on a unit of their scope, once however often the device sends it', async () => {
    const body = { clientId: session, groupId: ICU_NORTH, startedAt: started };
    const first = await call(observer, 'POST', 'sessions', { body });
    expect(first).toMatchObject({ status: 200, body: { clientId: session, groupId: ICU_NORTH, startedAt: started, endedAt: null, observations: 0 } });
    expect((await call(observer, 'POST', 'sessions', { body })).body).toEqual(first.body);
    expect(await ctx.db.select().from(observationSessions).where(eq(observationSessions.clientId, session))).toHaveLength(1);
  });

  it('is refused on a location outside the scope, and on one that is no unit', async () => {
    expect(await call(observer, 'POST', 'sessions', { body: { clientId: id('south'), groupId: ICU_SOUTH, startedAt: started } })).toMatchObject({ status: 404 });
    expect(await call(admin, 'POST', 'sessions', { body: { clientId: id('hospital'), groupId: ST_MARYS_GROUP, startedAt: started } })).toMatchObject({
      status: 400,
      body: { message: AUDIT_MESSAGES.notAUnit },
    });
  });

  it('records an opportunity once, and only inside the session, in a room of the unit, about someone in scope', async () => {
    const body = observation('first', session, '2024-02-12T17:05:00.000Z', { userId: a.id });
    expect(await call(observer, 'POST', 'observations', { body })).toMatchObject({ status: 200, body: { clientId: body.clientId, sessionClientId: session } });
    expect((await call(observer, 'POST', 'observations', { body })).status).toBe(200);
    expect(await ctx.db.select().from(observations).where(eq(observations.clientId, body.clientId))).toHaveLength(1);

    const refused = async (name: string, fields: Record<string, unknown>, at = '2024-02-12T17:06:00.000Z') =>
      (await call(observer, 'POST', 'observations', { body: observation(name, session, at, fields) })).body.message;
    expect(await refused('before', {}, '2024-02-12T16:59:59.000Z')).toBe(AUDIT_MESSAGES.outsideSession);
    expect(await refused('south-room', { zoneId: southRoom })).toBe(AUDIT_MESSAGES.roomNotOnUnit);
    expect(await refused('out-of-scope', { userId: south.id })).toBe('User not found');
    expect(await refused('unknown-profession', { professionId: 'NO_SUCH_PROFESSION' })).toBe(AUDIT_MESSAGES.professionNotFound);
    expect(await refused('both-named', { userId: a.id, professionId: a.professionCode })).toMatch(/not both/);
    // Someone else's session is as if it did not exist.
    expect(await call(admin, 'POST', 'observations', { body: observation('admin', session, '2024-02-12T17:06:00.000Z') })).toMatchObject({
      status: 404,
      body: { message: AUDIT_MESSAGES.sessionNotFound },
    });
    expect(await ctx.db.select().from(observations).where(inArray(observations.clientId, [id('before'), id('south-room'), id('out-of-scope'), id('admin')]))).toEqual([]);
  });

  it('undoes a record once, and only its observer may', async () => {
    const path = `observations/${id('first')}`;
    expect((await call(admin, 'DELETE', path)).status).toBe(404);
    expect(await call(observer, 'DELETE', path)).toMatchObject({ status: 200, body: { removed: true } });
    expect(await call(observer, 'DELETE', path)).toMatchObject({ status: 200, body: { removed: false } });
  });

  it('ends within 12 hours of its start, and ending it again keeps the first end', async () => {
    expect((await call(observer, 'POST', `sessions/${session}/end`, { body: { endedAt: '2024-02-12T16:00:00.000Z' } })).status).toBe(400);
    expect(await call(observer, 'POST', `sessions/${session}/end`, { body: { endedAt: '2024-02-13T05:00:01.000Z' } })).toMatchObject({
      status: 400,
      body: { message: AUDIT_MESSAGES.tooLong },
    });
    // The records of the month below are made before the end reaches the server, as the outbox may send them.
    expect((await call(observer, 'POST', `sessions/${session}/end`, { body: { endedAt: '2024-02-12T18:00:00.000Z' } })).body.endedAt).toBe('2024-02-12T18:00:00.000Z');
    expect((await call(observer, 'POST', `sessions/${session}/end`, { body: { endedAt: '2024-02-12T19:00:00.000Z' } })).body.endedAt).toBe('2024-02-12T18:00:00.000Z');
    expect((await call(observer, 'POST', 'observations', { body: observation('after-end', session, '2024-02-12T18:00:01.000Z') })).body.message).toBe(
      AUDIT_MESSAGES.outsideSession,
    );
  });
});

describe('a unit’s month, built by hand', () => {
  const session = id('month-session');
  const visit = (userId: number, zoneId: number, entry: string, exit: string, entryCompliant: boolean, exitCompliant: boolean) => ({
    userId,
    zoneId,
    groupId: ICU_NORTH,
    entryAt: new Date(entry),
    exitAt: new Date(exit),
    durationS: (Date.parse(exit) - Date.parse(entry)) / 1000,
    counted: true,
    entryCompliant,
    exitCompliant,
  });

  beforeAll(async () => {
    // Tuesday 12 March 2024, 10:00–11:00 on the unit's clock (PDT, UTC−7).
    await call(observer, 'POST', 'sessions', { body: { clientId: session, groupId: ICU_NORTH, startedAt: '2024-03-12T17:00:00.000Z' } });
    await ctx.db.insert(visits).values([
      // During the session: six opportunities, three compliant.
      visit(a.id, r1, '2024-03-12T17:10:00Z', '2024-03-12T17:20:00Z', true, false),
      visit(b.id, r1, '2024-03-12T17:30:00Z', '2024-03-12T17:40:00Z', true, true),
      visit(a.id, r2, '2024-03-12T17:50:00Z', '2024-03-12T17:55:00Z', false, false),
      // The unobserved hours: Tuesday's day shift without 09:00–12:00 (the session and the hour around it).
      visit(a.id, r1, '2024-03-12T13:00:00Z', '2024-03-12T13:10:00Z', false, false),
      visit(b.id, r2, '2024-03-12T20:00:00Z', '2024-03-12T20:05:00Z', true, false),
      // In the hour after the session, and on Wednesday: neither is compared.
      visit(b.id, r1, '2024-03-12T18:30:00Z', '2024-03-12T18:35:00Z', true, true),
      visit(b.id, r1, '2024-03-13T13:00:00Z', '2024-03-13T13:05:00Z', true, true),
    ]);
    const records = [
      // 59 s after A's entry: matched, compliant for both.
      observation('o1', session, '2024-03-12T17:10:59.000Z', { userId: a.id }),
      // 61 s after A's exit: too far; the sensors did not see it, and A's exit goes unrecorded.
      observation('o2', session, '2024-03-12T17:21:01.000Z', { userId: a.id, action: 'MISSED', indication: 'ROOM_EXIT' }),
      // Unidentified, of B's profession: B's entry; compliant for both.
      observation('o3', session, '2024-03-12T17:30:30.000Z', { professionId: b.professionCode, action: 'WASH', indication: 'ROOM_ENTRY' }),
      // Unidentified, no profession: B's exit; missed for the observer, compliant for the sensors.
      observation('o4', session, '2024-03-12T17:40:10.000Z', { action: 'MISSED', indication: 'ROOM_EXIT' }),
      // A's entry to room 2: compliant for the observer only; A's exit there goes unrecorded.
      observation('o5', session, '2024-03-12T17:50:00.000Z', { userId: a.id, zoneId: r2 }),
      // No room: matches nothing.
      observation('o6', session, '2024-03-12T17:45:00.000Z', { zoneId: null, action: 'MISSED' }),
    ];
    for (const body of records) expect((await call(observer, 'POST', 'observations', { body })).status).toBe(200);
    await call(observer, 'POST', `sessions/${session}/end`, { body: { endedAt: '2024-03-12T18:00:00.000Z' } });
  });

  it('answers the 2×2 table, what each side missed, and the figures with their intervals', async () => {
    const res = await call(observer, 'GET', 'validation', { query: { groupId: ICU_NORTH, month: '2024-03' } });
    expect(res.status).toBe(200);
    const unit = (res.body.units as UnitValidation[]).find((u) => u.groupId === ICU_NORTH)!;
    expect(unit).toMatchObject({ sessions: 1, observed: 6, matched: 4, unseen: 2, unrecorded: 2, table: { both: 2, observerOnly: 1, sensorsOnly: 1, neither: 0 } });
    expect(unit.agreement).toMatchObject({ value: 0.5, n: 4 });
    // pₒ = 0.5, pₑ = ¾·¾ + ¼·¼ = 0.625: κ = −0.125 / 0.375.
    expect(unit.kappa.value).toBeCloseTo(-1 / 3, 12);
    expect(unit.sensitivity).toMatchObject({ value: 2 / 3, n: 3 });
    expect(unit.positivePredictiveValue).toMatchObject({ value: 2 / 3, n: 3 });
    // The observer: 3 of 6 compliant; the sensors during the sessions: 3 of 6; unobserved: 1 of 4.
    expect(unit.hawthorne.observed).toMatchObject({ value: 0.5, n: 6 });
    expect(unit.hawthorne.sensorsDuring).toMatchObject({ value: 0.5, n: 6 });
    expect(unit.hawthorne.sensorsUnobserved).toMatchObject({ value: 0.25, n: 4 });
    expect(unit.hawthorne.watchedGap.value).toBeCloseTo(0.25, 12);
    expect(unit.hawthorne.observerGap.value).toBe(0);
    // The other units of the scope are answered, with nothing to count.
    expect((res.body.units as UnitValidation[]).map((u) => u.groupId)).toEqual([ICU_NORTH]);
  });

  it('matches within the tolerance the unit’s organization sets', async () => {
    const [unitRow] = await ctx.db.select({ organizationId: groups.organizationId }).from(groups).where(eq(groups.id, ICU_NORTH));
    const validation = async () =>
      ((await call(observer, 'GET', 'validation', { query: { groupId: ICU_NORTH, month: '2024-03' } })).body.units as UnitValidation[]).find((u) => u.groupId === ICU_NORTH)!;
    expect(await validation()).toMatchObject({ toleranceSeconds: 60, matched: 4 });
    await ctx.db.update(organizations).set({ auditMatchToleranceSeconds: 62 }).where(eq(organizations.id, unitRow!.organizationId));
    try {
      // 61 s after A's exit now matches it: missed for the observer, not compliant for the sensors either.
      expect(await validation()).toMatchObject({ toleranceSeconds: 62, matched: 5, unseen: 1, table: { both: 2, observerOnly: 1, sensorsOnly: 1, neither: 1 } });
    } finally {
      await ctx.db.update(organizations).set({ auditMatchToleranceSeconds: 60 }).where(eq(organizations.id, unitRow!.organizationId));
    }
  });

  it('says the unit’s Leapfrog month falls short, in the words of the definition', async () => {
    const res = await call(observer, 'GET', 'leapfrog', { query: { groupId: ICU_NORTH, month: '2024-03', option: '2' } });
    expect(res.status).toBe(200);
    const [unit] = res.body.units as UnitReadinessRow[];
    expect(unit).toMatchObject({ groupId: ICU_NORTH, status: 'Gap', target: 100, opportunities: 14, validation: { sessions: 1, matched: 4 } });
    expect(unit!.gaps).toContain('14 opportunities monitored of the 100 needed');
    expect(unit!.gaps).toContain('No opportunity monitored on Sundays');
    expect(unit!.gaps.some((g) => g.startsWith('Not validated'))).toBe(false);
    expect(res.body).toMatchObject({ status: 'Gap', summary: '1 unit of 1 short: ICU – 3 North' });
  });

  it('says beside a report of the unit that it was validated in the month of the report’s last day, and how well', async () => {
    const summary = async (query: Record<string, string | number>) => (await call(observer, 'GET', 'validation/summary', { query })).body;
    const march = await summary({ groupIds: ICU_NORTH, startDate: '2024-03-01', endDate: '2024-03-31', view: 'loc' });
    expect(march).toMatchObject({ month: '2024-03', units: 1, validated: [{ groupId: ICU_NORTH, matched: 4 }] });
    // κ = −1/3 with SE = √(0.25 / (4 · 0.375²)) = 2/3: the interval −1.64 to 0.97, kept within −1.
    expect(march.words).toBe('Validated in March 2024: κ −0.33 (−1.00 to 0.97), agreement 50 % of 4 matched opportunities');
    expect((await summary({ groupIds: ICU_NORTH, startDate: '2024-04-01', endDate: '2024-04-30', view: 'loc' })).words).toBe('Not validated in April 2024');
  });

  it('lists the observer’s own sessions of the month with their counts', async () => {
    const res = await call(observer, 'GET', 'sessions', { query: { groupId: ICU_NORTH, month: '2024-03', mine: 'true' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ clientId: session, groupName: 'ICU – 3 North', observations: 6, compliant: 3, endedAt: '2024-03-12T18:00:00.000Z' })]);
    expect((await call(admin, 'GET', 'sessions', { query: { groupId: ICU_NORTH, month: '2024-03', mine: 'true' } })).body.data).toEqual([]);
  });
});
