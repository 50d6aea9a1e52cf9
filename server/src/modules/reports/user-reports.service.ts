import type { z } from 'zod';
import type { availableDaysQuerySchema, OwnOpportunities, userActivityQuerySchema, userDashboardQuerySchema } from '../../contracts/reports/compliance';
import type { Database } from '../../db/client';
import type { Caller } from '../../core/caller';
import { complianceByDay, complianceTotals, washTypeBreakdown } from '../metrics/compliance.repo';
import { dayRange, daysOf, delta, userFilter } from '../metrics/filters';
import { usageMsByUser } from '../metrics/usage';
import { assignedWearableCount, availableDays as daysWithActivity, bedVisitCount, counterTotals, dayActivity, hygieneBetween, reminderBreakdown, visitFigures } from '../metrics/user-day.repo';
import { reportUser } from './report-scope';
import { wearerIs } from './compliance-report.repo';
import { disputeKey, ownDisputesBetween } from './disputes.repo';

type UserDashboardQuery = z.output<typeof userDashboardQuerySchema>;
type UserActivityQuery = z.output<typeof userActivityQuerySchema>;
type AvailableDaysQuery = z.output<typeof availableDaysQuerySchema>;

const DAY_MS = 86_400_000;
/** The longest compliance window (docs/METRICS.md '3. Visits and opportunities'): a door's hand hygiene is at most this far from it. */
const HOUR_MS = 3_600_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The dashboard's range: startDate–endDate (the contract checked them), else the one `date`, else the last 7 days to today. */
function dashboardRange(q: { date?: string; startDate?: string; endDate?: string }) {
  if (q.startDate && q.endDate) return dayRange(q.startDate, q.endDate);
  if (q.date) return dayRange(q.date, q.date);
  const today = new Date();
  return dayRange(isoDay(new Date(today.getTime() - 6 * DAY_MS)), isoDay(today));
}

/** The user overview and activity breakdown: one wearer's own figures. */
export function createUserReportsService(db: Database) {
  return {
    /** GET compliance/user/dashboard: the wearer's figures of the range, with their changes. */
    async dashboard(caller: Caller, query: UserDashboardQuery) {
      const user = await reportUser(db, caller, query.userId);
      const filter = userFilter(dashboardRange(query));
      const mine = wearerIs(user.id);
      const [now, before, days, washTypes, reminders, usage, visits, bedVisits, counters, assignedWearables] = await Promise.all([
        complianceTotals(db, filter, filter.range, mine),
        filter.previous ? complianceTotals(db, filter, filter.previous, mine) : null,
        complianceByDay(db, filter, filter.range, daysOf(filter.range), mine),
        washTypeBreakdown(db, filter, filter.range, mine),
        reminderBreakdown(db, user.id, filter.range),
        usageMsByUser(db, [user.id], filter.range),
        visitFigures(db, user.id, filter.range),
        bedVisitCount(db, user.id, filter.range),
        counterTotals(db, user.id, filter.range),
        assignedWearableCount(db, user.id),
      ]);
      const stat = (key: 'complianceTotal' | 'opportunities' | 'compliantEvents' | 'washCount' | 'washAverage') => ({
        value: now[key],
        delta: delta(now[key], before?.[key]),
      });
      const disabled = !caller.organization.displayDurations;
      return {
        complianceTotal: stat('complianceTotal'),
        opportunities: stat('opportunities'),
        compliantEvents: stat('compliantEvents'),
        washCount: stat('washCount'),
        washAverage: stat('washAverage'),
        trend: days.map((d) => ({ date: d.date, value: d.complianceTotal, opportunities: d.opportunities })),
        washTypeBreakdown: washTypes.map((w) => ({ ...w, disabled })),
        reminderBreakdown: reminders,
        usageDuration: usage.get(user.id) ?? 0,
        assignedWearables,
        visitAverage: visits.visitAverage,
        visitCount: visits.visitCount,
        bedVisits,
        ...counters,
      };
    },

    /** GET compliance/user/activity: the wearer's compliance and activity of one day. */
    async activity(caller: Caller, query: UserActivityQuery) {
      const user = await reportUser(db, caller, query.userId);
      const filter = userFilter(dayRange(query.date, query.date));
      const [totals, userActivity] = await Promise.all([
        complianceTotals(db, filter, filter.range, wearerIs(user.id)),
        dayActivity(db, user.id, filter.range),
      ]);
      return { compliance: totals.complianceTotal, opportunities: totals.opportunities, washAverage: totals.washAverage, userActivity };
    },

    /**
     * GET compliance/user/own-opportunities: the caller's own room entries and exits of one day with
     * their verdicts (docs/METRICS.md '9. Activity breakdown'), and the day's hand hygiene for
     * their timelines; always the caller's, so a wearer reads why their own opportunities counted,
     * and each door's dispute (docs/METRICS.md '15. Disputed opportunities').
     */
    async ownOpportunities(caller: Caller, query: { date: string }): Promise<OwnOpportunities> {
      const range = dayRange(query.date, query.date);
      const [rows, hygiene, disputes] = await Promise.all([
        dayActivity(db, caller.user.id, range),
        // Around the day by the longest window, so a door just after midnight shows the wash just before it.
        hygieneBetween(db, caller.user.id, new Date(range.from.getTime() - HOUR_MS), new Date(range.to.getTime() + HOUR_MS)),
        ownDisputesBetween(db, caller.user.id, range.from, range.to),
      ]);
      const doors: OwnOpportunities['doors'] = [];
      for (const r of rows) {
        if ((r.type === 'Room Entry' || r.type === 'Room Exit') && r.verdict) {
          const dispute = disputes.get(disputeKey(r.type === 'Room Entry' ? 'ENTRY' : 'EXIT', r.timestamp)) ?? null;
          doors.push({ timestamp: r.timestamp, type: r.type, location: r.location, timeZone: r.timeZone, verdict: r.verdict, dispute });
        }
      }
      return { doors, hygiene };
    },

    /** GET workflow/activity/available-days: the days the wearer has activity on. */
    async availableDays(caller: Caller, query: AvailableDaysQuery) {
      const user = await reportUser(db, caller, query.userId);
      return daysWithActivity(db, user.id);
    },
  };
}
