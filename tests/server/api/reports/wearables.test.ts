import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, users } from '../../../../server/src/db/schema';
import { ingestEvents } from '../../../../server/src/modules/ingest/ingest.service';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { createFleet, eventsFor, ingest, type Fleet } from '../../helpers/fleet';
import { RIVERSIDE, ST_MARYS, staffOf } from '../../helpers/staff';
import { getReport } from './report-client';

// ICU – 3 North (group 6, US/Pacific; on 2023-04-03 UTC−7). Organization 5 is St. Mary's ICU,
// 9 Riverside ICU.
const ICU = 6;
const RIVERSIDE_ICU = 15;
const DAY = { startDate: '2023-04-03', endDate: '2023-04-03' };

interface UsageRow { userId: number; usageMs: number; usageStartLocal: string | null; bedVisits: number; handwashes: number; avgHandwashDuration: number | null; wearableMac: string | null; organizationId: number }
interface ManagementRow { mac: string; lastUserId: number | null; lastCheckinTime: string | null; lastTabletName: string | null; lastTabletGroup: string | null; lastLocationTime: string | null; lastBeaconName: string | null; lastBeaconGroup: string | null }

describe('wearable usage and management', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let manager: Tokens;
  let nurse: Tokens;
  let u: [number, number];
  let v0: number;
  let fleet: Fleet;
  let riverside: Fleet;
  let gatewayName: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    [admin, manager, nurse] = await Promise.all([signIn('admin@demo.health'), signIn('manager@demo.health'), signIn('nurse@demo.health')]);
    u = (await staffOf(ctx.db, ST_MARYS)).filter((s) => s.organizationId === 5 && s.groupId !== null).map((s) => s.id).slice(0, 2) as typeof u;
    [v0] = (await staffOf(ctx.db, RIVERSIDE)).filter((s) => s.organizationId === 9).map((s) => s.id) as [number];
    fleet = await createFleet(ctx.db, ICU, u);
    riverside = await createFleet(ctx.db, RIVERSIDE_ICU, [v0]);
    const [gateway] = await ctx.db.select().from(devices).where(eq(devices.mac, fleet.gateway));
    if (!gateway) throw new Error('no gateway');
    gatewayName = gateway.name;
    const e = eventsFor(fleet);
    const [u0, u1] = u;
    const band = fleet.wristbands.get(u0) as string;
    const station = (id: string, at: string, action: 'check-out' | 'check-in') => ({ id: `station-${id}-${band}`, type: 'station', at, wearable: band, action });
    await ingestEvents(ctx.db, [station('out', '2023-04-03T06:00:00Z', 'check-out')], { gateway });
    await ingest(ctx.db, [
      // u0: a session from the check-out to the last event before a gap of 2.5 h, then one to the check-in.
      ...e.visit(u0, '2023-04-03T06:10:00Z', '2023-04-03T06:20:00Z'),
      ...e.bed(u0, '2023-04-03T06:30:00Z', '2023-04-03T06:30:31Z'),
      e.wash(u0, '2023-04-03T06:40:00Z', 'SOAP', 20),
      e.dispense(u0, '2023-04-03T07:00:00Z', 'sanitizer'),
      ...e.visit(u0, '2023-04-03T09:30:00Z', '2023-04-03T09:40:00Z'),
      // u1: a gap of exactly 2 h keeps the session; 2 h 1 s splits it.
      e.dispense(u1, '2023-04-03T08:00:00Z', 'soap'),
      e.dispense(u1, '2023-04-03T10:00:00Z', 'soap'),
      e.dispense(u1, '2023-04-03T12:00:01Z', 'soap'),
    ]);
    await ingestEvents(ctx.db, [station('in', '2023-04-03T10:30:00Z', 'check-in')], { gateway });
    await ingest(ctx.db, [eventsFor(riverside).dispense(v0, '2023-04-03T09:00:00Z'), eventsFor(riverside).dispense(v0, '2023-04-03T09:30:00Z')]);
  });
  afterAll(() => ctx.close());

  const get = (tokens: Tokens, path: string, query: Record<string, string | number | number[]>) => getReport(ctx.app, tokens.idToken, path, query);
  const usage = (tokens: Tokens, query: Record<string, string | number | number[]>) => get(tokens, 'wearable-usage/organization', query);
  const management = (tokens: Tokens, query: Record<string, string | number | number[]> = {}) => get(tokens, 'wearable-management/organization', query);

  it('splits sessions at a gap of more than 2 hours and at a check-in', async () => {
    const { status, body } = await usage(admin, { organizationIds: [5], ...DAY });
    expect(status).toBe(200);
    const rows = body as UsageRow[];
    expect(rows.find((r) => r.userId === u[0])).toMatchObject({
      organizationId: 5,
      usageMs: 2 * 3_600_000,
      usageStartLocal: '2023-04-02T23:00:00-07:00',
      bedVisits: 1,
      handwashes: 2,
      avgHandwashDuration: 20,
      wearableMac: fleet.wristbands.get(u[0]),
    });
    expect(rows.find((r) => r.userId === u[1])).toMatchObject({ usageMs: 2 * 3_600_000, handwashes: 3, avgHandwashDuration: null, bedVisits: 0 });
  });

  it('filters by profession', async () => {
    const [me] = await ctx.db.select({ code: users.professionCode }).from(users).where(eq(users.id, u[0]));
    const none = (await usage(admin, { organizationIds: [5], professionId: 'NO_SUCH_PROFESSION', ...DAY })).body as UsageRow[];
    expect(none).toEqual([]);
    const same = (await usage(admin, { organizationIds: [5], professionId: me?.code ?? 'ALL', ...DAY })).body as UsageRow[];
    expect(same.map((r) => r.userId)).toContain(u[0]);
  });

  it('answers an empty range with an empty list and rejects a start after the end', async () => {
    expect((await usage(admin, { organizationIds: [5], startDate: '2022-01-01', endDate: '2022-01-01' })).body).toEqual([]);
    expect((await usage(admin, { organizationIds: [5], startDate: '2023-04-04', endDate: '2023-04-03' })).status).toBe(400);
  });

  it('shows each wearable’s last user, check-in and location', async () => {
    const { status, body } = await management(admin, { organizationIds: [5] });
    expect(status).toBe(200);
    const rows = body as ManagementRow[];
    expect(rows.find((r) => r.mac === fleet.wristbands.get(u[0]))).toMatchObject({
      lastUserId: u[0],
      lastCheckinTime: '2023-04-03T10:30:00.000Z',
      lastTabletName: gatewayName,
      lastTabletGroup: 'ICU – 3 North',
      lastLocationTime: '2023-04-03T09:40:00.000Z',
      lastBeaconName: expect.stringMatching(/^Room /),
      lastBeaconGroup: 'ICU – 3 North',
    });
    expect(rows.find((r) => r.mac === fleet.wristbands.get(u[1]))).toMatchObject({
      lastUserId: u[1],
      lastCheckinTime: null,
      lastTabletName: null,
      lastLocationTime: null,
      lastBeaconName: null,
    });
    expect(rows.map((r) => r.mac)).not.toContain(riverside.wristbands.get(v0));
    const other = (await management(admin, { organizationIds: [9] })).body as ManagementRow[];
    expect(other.map((r) => r.mac)).toContain(riverside.wristbands.get(v0));
  });

  it('refuses callers without the permission or the account type', async () => {
    expect((await usage(nurse, DAY)).status).toBe(403);
    expect((await management(nurse)).status).toBe(403);
    // SmartSensor Management is for the product's own accounts: the PRO manager is refused.
    expect((await management(manager, { organizationIds: [RIVERSIDE] })).status).toBe(403);
  });

  it('gives a St. Mary’s manager nothing of Riverside, whatever ids they pass', async () => {
    const own = (await usage(manager, DAY)).body as UsageRow[];
    expect(own.map((r) => r.userId)).toEqual(expect.arrayContaining(u));
    expect(own.map((r) => r.userId)).not.toContain(v0);
    expect((await usage(manager, { organizationIds: [RIVERSIDE, 9], ...DAY })).body).toEqual([]);
    expect((await usage(manager, { groupIds: [RIVERSIDE_ICU], view: 'loc', ...DAY })).body.map((r: UsageRow) => r.userId)).not.toContain(v0);
    expect((await usage(admin, { organizationIds: [9], ...DAY })).body.map((r: UsageRow) => r.userId)).toContain(v0);
  });
});
