import type { z } from 'zod';
import type { ReportQuery } from '../../contracts/reports/common';
import type { RoundingQuery, roundingBedStatsQuerySchema, roundingUserStatsQuerySchema } from '../../contracts/reports/rounding';
import type { Database } from '../../db/client';
import type { Caller } from '../../core/caller';
import { HttpError } from '../../core/http-error';
import { dayRange } from '../metrics/filters';
import { loadTrees } from '../locations';
import { callerFilter, reportUser } from './report-scope';
import { bedVisitsOf, findBed, hourlyOf, roundingByBed, roundingByUser, roundingSummaries, userBedVisits } from './rounding.repo';

type RoundingUserStatsQuery = z.output<typeof roundingUserStatsQuerySchema>;
type RoundingBedStatsQuery = z.output<typeof roundingBedStatsQuerySchema>;

/** Staff rounding: time staff spend at beds (docs/METRICS.md 'Wearables and staff rounding'). */
export function createRoundingService(db: Database) {
  return {
    /** GET staffRounding/user: the filter's wearers' bed visits, per user. */
    async byUser(caller: Caller, query: RoundingQuery) {
      const filter = await callerFilter(db, caller, query);
      return roundingByUser(db, filter, query.search);
    },

    /** GET staffRounding/bed: the filter's bed visits, per bed. */
    async byBed(caller: Caller, query: RoundingQuery) {
      const filter = await callerFilter(db, caller, query);
      return roundingByBed(db, filter, query.search);
    },

    /** GET staffRounding/user/stats: one user's bed visits at the chosen locations, and by hour. */
    async userStats(caller: Caller, query: RoundingUserStatsQuery) {
      const user = await reportUser(db, caller, query.userId);
      const filter = await callerFilter(db, caller, {
        organizationIds: [],
        organizationIdFilters: [],
        groupIds: query.groupIds,
        groupIdFilters: [],
        startDate: query.startDate,
        endDate: query.endDate,
        view: 'loc',
      });
      const visits = await userBedVisits(db, user.id, filter.groupIds, filter.range);
      return {
        visits: visits.map(({ entryTime, beaconId, bedName, duration, timeZone }) => ({ entryTime, beaconId, bedName, duration, timeZone })),
        hourly: hourlyOf(visits),
      };
    },

    /** GET staffRounding/bed/stats: one bed's visits of the caller's scope, and by hour. */
    async bedStats(caller: Caller, query: RoundingBedStatsQuery) {
      const scope = await caller.scope();
      const bed = await findBed(db, query.beaconId, [...scope.groupIds]);
      if (!bed) throw new HttpError(404, 'Bed not found');
      const visits = await bedVisitsOf(db, bed.id, dayRange(query.startDate, query.endDate));
      return {
        visits: visits.map(({ entryTime, userId, name, profession, duration }) => ({ entryTime, userId, name, profession, duration })),
        hourly: hourlyOf(visits),
      };
    },

    /** GET staffRounding/location: the rounding figures per location. */
    async byLocation(caller: Caller, query: ReportQuery) {
      const filter = await callerFilter(db, caller, { ...query, view: 'loc' });
      const [rows, { groupTree }] = await Promise.all([roundingSummaries(db, filter, 'location'), loadTrees(db)]);
      return rows.map(({ id, ...figures }) => ({
        groupId: id,
        name: groupTree.find((g) => g.id === id)?.name ?? String(id),
        ...figures,
      }));
    },

    /** GET staffRounding/organization: the rounding figures per organization. */
    async byOrganization(caller: Caller, query: ReportQuery) {
      const filter = await callerFilter(db, caller, { ...query, view: 'org' });
      const [rows, { orgTree }] = await Promise.all([roundingSummaries(db, filter, 'organization'), loadTrees(db)]);
      return rows.map(({ id, ...figures }) => ({
        organizationId: id,
        name: orgTree.find((o) => o.id === id)?.name ?? String(id),
        ...figures,
      }));
    },
  };
}
