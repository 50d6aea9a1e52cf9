import type { FastifyInstance } from 'fastify';
import { BENCH_TOKEN } from './bench-app';
import { percentile, timed } from './timing';

type Query = Record<string, string | number | number[]>;

/** An endpoint and how to vary its parameters from call to call. */
export interface BenchEndpoint {
  path: string;
  /**
   * The p95 it must reach: 100 ms for the overview, trend and ranking endpoints and for the calls a
   * report screen makes as it is used (a dispenser's activity, a bed's or a user's rounding, a
   * room's visits), 1 s for contact tracing; none for the rest.
   */
  targetMs: number | null;
  query(i: number): Query;
}

/** The ids the endpoints are varied over (scripts/bench/dataset.ts benchSubjects). */
export interface BenchSubjects {
  unitIds: readonly number[];
  departmentIds: readonly number[];
  userIds: readonly number[];
  /** BED beacons, dispensers, locations with a floor plan and C. diff rooms. */
  bedIds: readonly number[];
  dispenserIds: readonly number[];
  planGroupIds: readonly number[];
  cdiffZoneIds: readonly number[];
}

const DAY_MS = 86_400_000;
const day = (end: Date, back: number) => new Date(end.getTime() - back * DAY_MS).toISOString().slice(0, 10);

/**
 * The report endpoints with varied filters: 7-, 30- and 90-day ranges ending on `end`, the whole
 * network, one hospital, one unit, one department in organization view, with and without a profession.
 */
export function benchEndpoints(end: Date, subjects: BenchSubjects): BenchEndpoint[] {
  const { unitIds, departmentIds, userIds, bedIds, dispenserIds, planGroupIds, cdiffZoneIds } = subjects;
  const endDate = day(end, 0);
  const span = (i: number) => [6, 29, 89][i % 3] as number;
  const range = (i: number) => ({ startDate: day(end, span(i)), endDate });
  const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;
  const selection = (i: number): Query => {
    switch (i % 5) {
      case 0:
        return {};
      case 1:
        return { groupIds: [2] };
      case 2:
        return { groupIds: [pick(unitIds, i)] };
      case 3:
        return { organizationIds: [pick(departmentIds, i)], view: 'org' };
      default:
        return { organizationIds: [3, 4], view: 'org', professionId: 'REGISTERED_NURSE' };
    }
  };
  const common = (i: number) => ({ ...selection(i), ...range(i) });
  const locations = (i: number) => ({ groupIds: [i % 2 ? 2 : 3], ...range(i) });
  const ep = (path: string, targetMs: number | null, query: (i: number) => Query): BenchEndpoint => ({ path, targetMs, query });
  return [
    ep('compliance/overview-stats', 100, common),
    ep('compliance/trend', 100, common),
    ep('compliance/ranking/users', 100, common),
    ep('compliance/ranking/professions', 100, common),
    ep('compliance/report', 100, (i) => ({ ...common(i), split: 'true' })),
    ep('compliance/breakdowns', 100, (i) => ({ groupIds: [pick(unitIds, i)], ...range(i) })),
    ep('dispensers/handwash/overview-stats', 100, common),
    ep('dispensers/wash-count-trend', 100, common),
    ep('dispensers/wash-type-trend', 100, common),
    ep('dispensers/wash-type-breakdown', 100, common),
    ep('dispensers/overview-stats', 100, locations),
    ep('dispensers/trend', 100, locations),
    ep('dispensers/usage-trends', 100, locations),
    ep('dispensers/ranking', 100, locations),
    ep('compliance/user/dashboard', 100, (i) => ({ userId: pick(userIds, i * 7), ...range(i) })),
    ep('dispensers/group/activity', 100, (i) => ({ groupId: pick(planGroupIds, i), ...range(i) })),
    ep('dispensers/dispenser/activity/hourly', 100, (i) => ({ dispenserId: pick(dispenserIds, i * 7), ...range(i) })),
    ep('devices/group', 100, (i) => ({ groupId: pick(planGroupIds, i), types: 'DISPENSER' })),
    ep('staffRounding/user', 100, (i) => ({ groupIds: [pick(unitIds, i)], ...range(i) })),
    ep('staffRounding/bed', 100, (i) => ({ groupIds: [pick(unitIds, i)], ...range(i) })),
    ep('staffRounding/user/stats', 100, (i) => ({ userId: pick(userIds, i * 7), ...range(i) })),
    ep('staffRounding/bed/stats', 100, (i) => ({ beaconId: pick(bedIds, i * 7), ...range(i) })),
    ep('staffRounding/location', 100, common),
    ep('staffRounding/organization', 100, (i) => ({ organizationIds: [pick(departmentIds, i)], view: 'org', ...range(i) })),
    ep('zones/cdiff', 100, (i) => ({ groupIds: [i % 2 ? 2 : 3], ...range(i) })),
    ep('zones/cdiff/:zoneId/visits', 100, (i) => ({ zoneId: pick(cdiffZoneIds, i * 3), ...range(i) })),
    // Contact tracing of a whole hospital for 30 days (the server adds its 24-hour look-back).
    ep('exposureReport/interaction', 1000, (i) => ({ organizationId: i % 2 ? 3 : 4, startDate: day(end, 29), endDate })),
    ep('wearable-usage/organization', 100, (i) => ({ organizationIds: [pick(departmentIds, i)], startDate: day(end, 6), endDate })),
    ep('wearable-management/organization', 100, (i) => ({ organizationIds: [pick(departmentIds, i)] })),
  ];
}

export interface Measured {
  /** Over the calls that asked a question for the first time (computed: no kept answer). */
  p50: number;
  p95: number;
  samples: number[];
  /** Over the calls that asked a question again (answered from the answer cache where the endpoint keeps answers). */
  repeated: { p50: number; p95: number; samples: number[] };
  /** Calls the report statement limit stopped (503): counted in the times, at the time they took. */
  stopped: number;
}

/**
 * Calls one endpoint with varied parameters, `calls` times or, once it has made `minCalls`, until
 * `budgetMs` has passed (a slow endpoint on a large dataset would otherwise take hours). A 503 of
 * the report statement limit is counted as stopped; any other answer but 200 fails. A call whose
 * question `app` was asked before (in `asked`) is timed apart, as a repeat.
 */
export async function measure(
  app: FastifyInstance,
  endpoint: BenchEndpoint,
  calls: number,
  budgetMs = Infinity,
  minCalls = 5,
  asked = new Set<string>(),
): Promise<Measured> {
  const samples: number[] = [];
  const repeated: number[] = [];
  let stopped = 0;
  const start = performance.now();
  for (let i = 0; i < calls && (i < minCalls || performance.now() - start < budgetMs); i++) {
    const params = new URLSearchParams();
    let path = endpoint.path;
    for (const [k, v] of Object.entries(endpoint.query(i))) {
      const text = Array.isArray(v) ? v.join(',') : String(v);
      // A path parameter (':zoneId') takes its value from the query of the same name.
      if (path.includes(`:${k}`)) path = path.replace(`:${k}`, encodeURIComponent(text));
      else params.set(k, text);
    }
    const { ms, value } = await timed(() =>
      app.inject({ method: 'GET', url: `/api/${path}?${params}`, headers: { authorization: BENCH_TOKEN } }),
    );
    if (value.statusCode === 503) stopped++;
    else if (value.statusCode !== 200) throw new Error(`${path}?${params} answered ${value.statusCode}: ${value.body.slice(0, 300)}`);
    const question = `${path}?${params}`;
    (asked.has(question) ? repeated : samples).push(ms);
    asked.add(question);
  }
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    samples,
    repeated: { p50: percentile(repeated, 50), p95: percentile(repeated, 95), samples: repeated },
    stopped,
  };
}
