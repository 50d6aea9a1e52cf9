import type { z } from 'zod';
import type { ReportQuery } from '../../contracts/reports/common';
import { DISPENSER_ROLES } from '../../contracts/devices';
import type {
  dispenserHourlyQuerySchema,
  groupActivityQuerySchema,
  groupDevicesQuerySchema,
} from '../../contracts/reports/dispensers';
import type { Database } from '../../db/client';
import type { Caller } from '../../core/caller';
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
import { callerFilter } from './report-scope';

type GroupActivityQuery = z.output<typeof groupActivityQuerySchema>;
type DispenserHourlyQuery = z.output<typeof dispenserHourlyQuerySchema>;
type GroupDevicesQuery = z.output<typeof groupDevicesQuerySchema>;

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

/** The dispenser calls (docs/METRICS.md 'Dispensers') and the location device list they use. */
export function createDispensersService(db: Database) {
  return {
    /** GET dispensers/overview-stats. */
    async overview(caller: Caller, query: ReportQuery) {
      return overviewStats(db, await locationFilter(db, caller, query));
    },

    /** GET dispensers/trend: dispenses per day, and per dispenser role with its change. */
    async trend(caller: Caller, query: ReportQuery) {
      const filter = await locationFilter(db, caller, query);
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

    /** GET dispensers/usage-trends: the shares of dispenses by shift and of dispensers by activity. */
    async usageTrends(caller: Caller, query: ReportQuery) {
      const filter = await locationFilter(db, caller, query);
      const [totals, counts] = await Promise.all([
        dispenseTotals(db, filter.groupIds, filter.range),
        dispenserCounts(db, filter.groupIds, filter.range),
      ]);
      return { shift: shiftShares(totals.hours), activity: activityShares(counts.map((c) => c.count)) };
    },

    /** GET dispensers/ranking. */
    async ranking(caller: Caller, query: ReportQuery) {
      const filter = await locationFilter(db, caller, query);
      return rankDispensers(await dispenserCounts(db, filter.groupIds, filter.range));
    },

    /** GET dispensers/group/activity: a location's dispensers on its floor plan. */
    async locationActivity(caller: Caller, query: GroupActivityQuery) {
      const { groupId, startDate, endDate } = query;
      const group = await scopedGroup(db, caller, groupId);
      return groupActivity(db, group.id, group.floorplanImage, dayRange(startDate, endDate));
    },

    /** GET dispensers/dispenser/activity/hourly: one dispenser of the caller's scope, by hour. */
    async hourly(caller: Caller, query: DispenserHourlyQuery) {
      const { dispenserId, startDate, endDate } = query;
      const scope = await caller.scope();
      const dispenser = await findDispenser(db, dispenserId);
      if (!dispenser || dispenser.groupId === null || !scope.groupIds.has(dispenser.groupId)) {
        throw new HttpError(404, 'Dispenser not found');
      }
      return dispenserHourly(db, dispenser.id, [...scope.groupIds], dayRange(startDate, endDate));
    },

    /** GET devices/group: a location's devices. */
    async locationDevices(caller: Caller, query: GroupDevicesQuery) {
      const { groupId, types, roles, modelId } = query;
      const group = await scopedGroup(db, caller, groupId);
      return groupDevices(db, group.id, { types, roles, modelId });
    },
  };
}
