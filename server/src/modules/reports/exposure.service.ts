import type { ExposureQuery } from '../../contracts/reports/exposure';
import type { Database } from '../../db/client';
import type { Caller } from '../../core/caller';
import { clockOf, zonedBounds } from '../metrics/filters';
import { callerFilter, reportUser } from './report-scope';
import { exposureInteractions, exposureTotals, tracedContacts } from './exposure.repo';

/** Contact tracing looks back this far before the chosen start (docs/METRICS.md 'Exposure and contact tracing'). */
const LOOK_BACK_MS = 24 * 3_600_000;

/** Care provider to care provider exposure and contact tracing. */
export function createExposureService(db: Database) {
  return {
    /**
     * GET exposureReport/interaction: who was exposed in the span, each with their totals; tracing
     * one user, their contacts' totals and the overlaps themselves.
     */
    async interactions(caller: Caller, query: ExposureQuery) {
      const traced = query.userId === undefined ? undefined : await reportUser(db, caller, query.userId);
      const organizationIds = [...new Set([...(query.organizationId ? [query.organizationId] : []), ...query.organizationIds])];
      const filter = await callerFilter(db, caller, {
        organizationIds,
        organizationIdFilters: [],
        groupIds: [],
        groupIdFilters: [],
        startDate: query.startDate,
        endDate: query.endDate,
        view: 'org',
      });
      // One clock for the report (docs/METRICS.md 'Ranges, days and time zones'): the time zone of the chosen organizations' locations.
      const timeZone = await clockOf(db, filter.groupIds, filter.organizationIds);
      const days = zonedBounds(filter.range, timeZone);
      const span = { from: new Date(days.from.getTime() - LOOK_BACK_MS), to: days.to };
      const selection = { organizationIds: filter.organizationIds ?? [], groupIds: filter.groupIds, userId: traced?.id };
      const interactions = traced ? await exposureInteractions(db, span, selection) : [];
      return {
        from: span.from.toISOString(),
        // The range's last instant (docs/METRICS.md 'Ranges, days and time zones'): the end day's 23:59:59.999.
        to: new Date(span.to.getTime() - 1).toISOString(),
        timeZone,
        periodMs: query.periodMs,
        interactions,
        users: traced ? tracedContacts(interactions, query.periodMs) : await exposureTotals(db, span, selection, query.periodMs),
      };
    },
  };
}
