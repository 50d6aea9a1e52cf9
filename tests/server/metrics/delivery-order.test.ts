import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { statePurpose } from '../helpers/purposes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_API_ENDPOINTS } from '../../../server/src/contracts/endpoints';
import { DERIVED_TABLE_NAMES, deriveBetween } from '../../../server/src/modules/metrics/derive';
import { createTestApp, signIn, type Tokens } from '../helpers/app';
import { createFleet, sendAsGateway, type Fleet } from '../helpers/fleet';
import { buildScenarios, type DeliveryScenario, type ReportCall } from '../helpers/delivery-scenarios';
import { ST_MARYS, staffOf } from '../helpers/staff';

// A figure must not depend on the order or the batching in which the same events arrived
// (docs/METRICS.md 'Late events'). Hand-built scenarios are delivered through the ingest route in
// order, then in random orders and batchings (with batches sent twice, and a gateway's backlog
// after later events), and every report endpoint must answer exactly as for in-order delivery.

/** Tables that delivery fills: emptied before each delivery. */
const EVENT_TABLES = [
  'event_ledger', 'presence_events', 'bed_events', 'hygiene_events', 'dispense_events', 'reminder_events',
  'heartbeat_events', 'station_events', 'counter_events', ...DERIVED_TABLE_NAMES,
] as const;

/** The report areas of the contracts: each of their endpoints must be called below. */
const REPORT_AREAS = ['compliance', 'userReports', 'handwash', 'dispensers', 'rounding', 'exposure', 'cdiff', 'wearableReports', 'trust'] as const;

describe('report figures under real delivery', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let fleet: Fleet;
  let scenario: DeliveryScenario;
  let calls: ReportCall[];
  let baseline: unknown[];
  let deviceState: unknown[];

  const post = async (events: unknown[]) => {
    const res = await sendAsGateway(ctx.app, fleet, events);
    expect(res.statusCode, res.body).toBe(200);
  };

  const answers = async () => {
    const out: unknown[] = [];
    for (const call of calls) {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(call.query)) {
        for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
      }
      const res = await ctx.app.inject({ method: 'GET', url: `/api${call.path}?${params}`, headers: { authorization: admin.idToken } });
      expect(res.statusCode, `${call.path}?${params}: ${res.body}`).toBe(200);
      out.push({ call: `${call.path}?${params}`, answer: res.json() });
    }
    // Device state the lists show: heartbeat, battery, the station a wristband was docked in.
    out.push(await ctx.db.execute(sql`select id, last_heartbeat_at, battery_percent, battery_mv, gateway_id from devices where group_id = ${fleet.groupId} order by id`).then((r) => r.rows));
    return out;
  };

  const reset = async () => {
    for (const table of EVENT_TABLES) await ctx.db.execute(sql`delete from ${sql.identifier(table)}`);
    await ctx.db.execute(sql`
      update devices d set last_heartbeat_at = s.last_heartbeat_at, battery_percent = s.battery_percent, battery_mv = s.battery_mv, gateway_id = s.gateway_id
      from jsonb_to_recordset(${JSON.stringify(deviceState)}::jsonb) as s(id int, last_heartbeat_at timestamptz, battery_percent int, battery_mv int, gateway_id int)
      where d.id = s.id`);
  };

  /** Empties the tables, sends the batches in turn, and reads every report. */
  const deliver = async (batches: readonly (readonly unknown[])[]) => {
    await reset();
    for (const batch of batches) await post([...batch]);
    return answers();
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn('admin@demo.health');
    const staff = (await staffOf(ctx.db, ST_MARYS)).filter((s) => s.organizationId === 5).slice(0, 3);
    const home = staff[0]?.groupId as number;
    // The fleet's rooms are in another unit of the hospital than the wearers' home, so where a
    // wristband wash is placed shows in the figures by location.
    const other = await ctx.db.execute<{ id: number }>(sql`
      with recursive t as (select id from groups where id = 2 union all select g.id from groups g join t on g.parent_id = t.id)
      select id from t where id <> ${home} and id <> 2 order by id limit 1`);
    fleet = await createFleet(ctx.db, other.rows[0]?.id as number, staff.map((s) => s.id));
    deviceState = (await ctx.db.execute(sql`select id, last_heartbeat_at, battery_percent, battery_mv, gateway_id from devices where group_id = ${fleet.groupId}`)).rows;
    scenario = await buildScenarios(ctx.db, fleet, staff.map((s) => s.id) as [number, number, number]);
    calls = scenario.calls({ home, hospitalOrg: ST_MARYS, hospitalGroup: 2 });
    // The reports of one wearer open once the reader has said why (docs/PRIVACY.md 'A purpose first').
    for (const s of staff) expect(await statePurpose(ctx.app, admin.idToken, s.id, 'DATA_QUALITY')).toBe(200);
    baseline = await deliver([scenario.inOrder()]);
  }, 120_000);
  afterAll(() => ctx?.close());

  it('calls every report endpoint of the contracts, and the scenarios show in them', () => {
    const described = REPORT_AREAS.flatMap((area) => Object.values(MAIN_API_ENDPOINTS[area] ?? {}).map((e) => e.path.replace(/:(\w+)/g, '{}')));
    const called = new Set(calls.map((c) => c.path.replace(/\/\d+(?=\/|$)/g, '/{}')));
    expect(described.filter((path) => !called.has(path))).toEqual([]);
    // Not a report of nothing: the scenarios' visits and contacts are counted.
    const answerOf = (path: string) => (baseline as { call: string; answer: unknown }[]).find((b) => b.call.startsWith(`${path}?`))?.answer;
    expect((answerOf('/compliance/overview-stats') as { opportunities: { value: number } }).opportunities.value).toBeGreaterThan(4);
    expect((answerOf('/exposureReport/interaction') as unknown[] | { interactions?: unknown[] })).not.toEqual([]);
  });

  it('explains every room entry and exit as the figures count it: the counted ones are the opportunities, the compliant ones the compliant events', () => {
    // Per wearer over the scenarios' two days, so a visit across midnight is seen whole.
    type Day = { opportunities: number; compliance: number | null; userActivity: { type: string; verdict: { counted: boolean; compliant: boolean; washAt: string | null } | null }[] };
    // The last answer is the devices' state, not a call.
    const days = (baseline as { call?: string; answer: unknown }[]).filter((b): b is { call: string; answer: unknown } => b.call?.startsWith('/compliance/user/activity?') === true);
    expect(days.length).toBeGreaterThan(0);
    const byUser = new Map<string, { call: string; answer: unknown }[]>();
    for (const d of days) {
      const userId = new URLSearchParams(d.call.split('?')[1]).get('userId') ?? '';
      byUser.set(userId, [...(byUser.get(userId) ?? []), d]);
    }
    let explained = 0;
    for (const list of byUser.values()) {
      const answers = list.map((d) => d.answer as Day);
      const doors = answers.flatMap((a) => a.userActivity.filter((e) => e.type === 'Room Entry' || e.type === 'Room Exit'));
      expect(doors.every((e) => e.verdict !== null)).toBe(true);
      const counted = doors.filter((e) => e.verdict?.counted);
      expect(counted.length).toBe(answers.reduce((n, a) => n + a.opportunities, 0));
      const compliant = answers.reduce((n, a) => n + Math.round((a.compliance ?? 0) * a.opportunities), 0);
      expect(counted.filter((e) => e.verdict?.compliant).length).toBe(compliant);
      // A compliant one names the hand hygiene that made it so; a missed one none.
      expect(counted.every((e) => (e.verdict?.compliant ? e.verdict.washAt !== null : e.verdict?.washAt === null))).toBe(true);
      explained += counted.length;
    }
    expect(explained).toBeGreaterThan(4);
  });

  it('answers the same when a gateway’s backlog arrives after later events, and when a batch is sent twice', async () => {
    const { backlog, later } = scenario.backlog();
    expect(await deliver([later, backlog])).toEqual(baseline);
    const events = scenario.inOrder();
    const half = events.slice(0, Math.ceil(events.length / 2));
    expect(await deliver([half, events.slice(half.length), half])).toEqual(baseline);
  });

  it('answers the same for 20 random orders and batchings', async () => {
    const events = scenario.inOrder();
    const plan = fc.record({
      order: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: events.length, maxLength: events.length }),
      cuts: fc.uniqueArray(fc.integer({ min: 1, max: events.length - 1 }), { maxLength: 12 }),
      resend: fc.option(fc.nat(), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(plan, async ({ order, cuts, resend }) => {
        const shuffled = events.map((e, i) => ({ e, k: order[i] ?? 0 })).sort((a, b) => a.k - b.k).map((x) => x.e);
        const bounds = [0, ...[...cuts].sort((a, b) => a - b), events.length];
        const batches = bounds.slice(1).map((end, i) => shuffled.slice(bounds[i], end));
        if (resend !== undefined) batches.push(batches[resend % batches.length] ?? []);
        expect(await deliver(batches)).toEqual(baseline);
      }),
      { numRuns: 20, seed: 20_261_125, endOnFailure: true },
    );
  }, 600_000);

  it('rebuilds the same figures from the raw events on demand (npm run derive)', async () => {
    const incremental = await deliver([scenario.backlog().later, scenario.backlog().backlog]);
    // Lose every derived row, then rebuild the scenarios' span.
    for (const table of DERIVED_TABLE_NAMES) await ctx.db.execute(sql`delete from ${sql.identifier(table)}`);
    const covered = await deriveBetween(ctx.db, scenario.from, scenario.to);
    expect(covered.users).toBe(3);
    expect(await answers()).toEqual(incremental);
    // Rebuilding a span whose rows are right changes nothing.
    await deriveBetween(ctx.db, scenario.from, scenario.to);
    expect(await answers()).toEqual(baseline);
  }, 120_000);
});
