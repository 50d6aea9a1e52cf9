import type { FastifyInstance } from 'fastify';
import { BENCH_TOKEN } from './bench-app';
import { percentile, timed } from './timing';

type Query = Record<string, string | number | number[]>;

/** An endpoint and how to vary its parameters from call to call. */
export interface BenchEndpoint {
  path: string;
  /** Part of the p95 ≤ 100 ms target (overview, trend and ranking endpoints). */
  target: boolean;
  query(i: number): Query;
}

const DAY_MS = 86_400_000;
const day = (end: Date, back: number) => new Date(end.getTime() - back * DAY_MS).toISOString().slice(0, 10);

/**
 * The report endpoints with varied filters: 7-, 30- and 90-day ranges ending on `end`, the whole
 * network, one hospital, one unit, one department in organization view, with and without a profession.
 */
export function benchEndpoints(end: Date, unitIds: readonly number[], departmentIds: readonly number[], userIds: readonly number[]): BenchEndpoint[] {
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
  const ep = (path: string, target: boolean, query: (i: number) => Query): BenchEndpoint => ({ path, target, query });
  return [
    ep('compliance/overview-stats', true, common),
    ep('compliance/trend', true, common),
    ep('compliance/ranking/users', true, common),
    ep('compliance/ranking/professions', true, common),
    ep('compliance/report', true, (i) => ({ ...common(i), split: 'true' })),
    ep('compliance/breakdowns', false, (i) => ({ groupIds: [pick(unitIds, i)], ...range(i) })),
    ep('dispensers/handwash/overview-stats', true, common),
    ep('dispensers/wash-count-trend', true, common),
    ep('dispensers/wash-type-trend', true, common),
    ep('dispensers/wash-type-breakdown', false, common),
    ep('dispensers/overview-stats', true, locations),
    ep('dispensers/trend', true, locations),
    ep('dispensers/usage-trends', true, locations),
    ep('dispensers/ranking', true, locations),
    ep('compliance/user/dashboard', false, (i) => ({ userId: pick(userIds, i * 7), ...range(i) })),
    ep('staffRounding/user', false, (i) => ({ groupIds: [pick(unitIds, i)], ...range(i) })),
    ep('zones/cdiff', false, (i) => ({ groupIds: [i % 2 ? 2 : 3], ...range(i) })),
    ep('wearable-usage/organization', false, (i) => ({ organizationIds: [pick(departmentIds, i)], startDate: day(end, 6), endDate })),
  ];
}

/** Calls one endpoint `calls` times with varied parameters; fails on any answer but 200. */
export async function measure(app: FastifyInstance, endpoint: BenchEndpoint, calls: number) {
  const samples: number[] = [];
  for (let i = 0; i < calls; i++) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(endpoint.query(i))) params.set(k, Array.isArray(v) ? v.join(',') : String(v));
    const { ms, value } = await timed(() =>
      app.inject({ method: 'GET', url: `/api/${endpoint.path}?${params}`, headers: { authorization: BENCH_TOKEN } }),
    );
    if (value.statusCode !== 200) throw new Error(`${endpoint.path}?${params} answered ${value.statusCode}: ${value.body.slice(0, 300)}`);
    samples.push(ms);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), samples };
}
