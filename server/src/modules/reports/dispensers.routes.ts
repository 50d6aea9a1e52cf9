import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportQuerySchema, type ReportQuery } from '../../contracts/reports/common';
import { DISPENSER_ROLES } from '../../contracts/devices';
import {
  dispenserHourlyQuerySchema,
  dispenserHourlySchema,
  dispenserOverviewSchema,
  dispenserRankingSchema,
  dispenserTrendSchema,
  dispenserUsageTrendsSchema,
  groupActivityQuerySchema,
  groupActivitySchema,
  groupDevicesQuerySchema,
  groupDevicesSchema,
} from '../../contracts/reports/dispensers';
import type { Database } from '../../db/client';
import { callerOf, type Caller } from '../../plugins/auth';
import { HttpError } from '../../core/http-error';
import { dayRange, daysOf, delta, type ReportFilter } from '../metrics/filters';
import { dispenserHourly, findDispenser, findGroup, groupActivity, groupDevices } from './dispenser-activity.repo';
import {
  activityShares,
  dispenseTotals,
  dispenserCounts,
  dispensesByDayAndRole,
  overviewStats,
  rankDispensers,
  shiftShares,
} from './dispensers.repo';
import { forPages, MAINTENANCE_PAGES } from '../../plugins/access';
import { callerFilter } from './access';

const OVERVIEW = forPages('/app/reports/dispenser-overview');
const ACTIVITY = forPages('/app/reports/dispenser-activity');
/** devices/group also serves the device-maintenance screens (03 §7 'Devices'). */
const DEVICES = forPages('/app/reports/dispenser-activity', ...MAINTENANCE_PAGES);

/** Dispenser calls filter by location only: dispenses credited to nobody have no organization. */
function locationFilter(db: Database, caller: Caller, query: ReportQuery): Promise<ReportFilter> {
  return callerFilter(db, caller, { ...query, view: 'loc', organizationIds: [], organizationIdFilters: [] });
}

/** A location in the caller's scope; any other is answered 404, as if it did not exist. */
async function scopedGroup(db: Database, caller: Caller, groupId: number) {
  const group = (await caller.scope()).groupIds.has(groupId) ? await findGroup(db, groupId) : undefined;
  if (!group) throw new HttpError(404, 'Location not found');
  return group;
}

/** The dispenser calls of 02 §7 (docs/METRICS.md §5) and the location device list they use. */
export const dispensersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/dispensers/overview-stats',
    { config: OVERVIEW, schema: { querystring: reportQuerySchema, response: { 200: dispenserOverviewSchema } } },
    async (request) => overviewStats(db, await locationFilter(db, callerOf(request), request.query)),
  );

  app.get(
    '/dispensers/trend',
    { config: OVERVIEW, schema: { querystring: reportQuerySchema, response: { 200: dispenserTrendSchema } } },
    async (request) => {
      const filter = await locationFilter(db, callerOf(request), request.query);
      const [now, before] = await Promise.all([
        dispensesByDayAndRole(db, filter.groupIds, filter.range),
        filter.previous ? dispensesByDayAndRole(db, filter.groupIds, filter.previous) : null,
      ]);
      const perDay = new Map<string, number>();
      for (const r of now) perDay.set(r.date, (perDay.get(r.date) ?? 0) + r.count);
      const byRole = (rows: typeof now, role: string) => rows.filter((r) => r.role === role).reduce((sum, r) => sum + r.count, 0);
      return {
        trend: daysOf(filter.range).map((date) => ({ date, value: perDay.get(date) ?? 0 })),
        breakdown: DISPENSER_ROLES.map((type) => {
          const value = byRole(now, type);
          return { type, value, delta: delta(value, before ? byRole(before, type) : null) };
        }),
      };
    },
  );

  app.get(
    '/dispensers/usage-trends',
    { config: OVERVIEW, schema: { querystring: reportQuerySchema, response: { 200: dispenserUsageTrendsSchema } } },
    async (request) => {
      const filter = await locationFilter(db, callerOf(request), request.query);
      const [totals, counts] = await Promise.all([
        dispenseTotals(db, filter.groupIds, filter.range),
        dispenserCounts(db, filter.groupIds, filter.range),
      ]);
      return { shift: shiftShares(totals.hours), activity: activityShares(counts.map((c) => c.count)) };
    },
  );

  app.get(
    '/dispensers/ranking',
    { config: OVERVIEW, schema: { querystring: reportQuerySchema, response: { 200: dispenserRankingSchema } } },
    async (request) => {
      const filter = await locationFilter(db, callerOf(request), request.query);
      return rankDispensers(await dispenserCounts(db, filter.groupIds, filter.range));
    },
  );

  app.get(
    '/dispensers/group/activity',
    { config: ACTIVITY, schema: { querystring: groupActivityQuerySchema, response: { 200: groupActivitySchema } } },
    async (request) => {
      const { groupId, startDate, endDate } = request.query;
      const group = await scopedGroup(db, callerOf(request), groupId);
      return groupActivity(db, group.id, group.floorplanImage, dayRange(startDate, endDate));
    },
  );

  app.get(
    '/dispensers/dispenser/activity/hourly',
    { config: ACTIVITY, schema: { querystring: dispenserHourlyQuerySchema, response: { 200: dispenserHourlySchema } } },
    async (request) => {
      const { dispenserId, startDate, endDate } = request.query;
      const scope = await callerOf(request).scope();
      const dispenser = await findDispenser(db, dispenserId);
      if (!dispenser || dispenser.groupId === null || !scope.groupIds.has(dispenser.groupId)) {
        throw new HttpError(404, 'Dispenser not found');
      }
      return dispenserHourly(db, dispenser.id, [...scope.groupIds], dayRange(startDate, endDate));
    },
  );

  app.get(
    '/devices/group',
    { config: DEVICES, schema: { querystring: groupDevicesQuerySchema, response: { 200: groupDevicesSchema } } },
    async (request) => {
      const { groupId, types, roles, modelId } = request.query;
      const group = await scopedGroup(db, callerOf(request), groupId);
      return groupDevices(db, group.id, { types, roles, modelId });
    },
  );
};
