import type { z } from 'zod';
import { OWN_PAST_WEEKS, type OwnGoalBody, type OwnPast, type ownPastQuerySchema, type OwnWeek } from '../../contracts/reports/own-past';
import type { Database } from '../../db/client';
import type { Caller } from '../../core/caller';
import { complianceTotals } from '../metrics/compliance.repo';
import { dayRange, delta, userFilter } from '../metrics/filters';
import { wearerIs } from './compliance-report.repo';
import { setOwnGoal } from './own-past.repo';

// Feedback against one's own past (docs/METRICS.md '16. Own past'): each week's figure is the
// User Overview's compliance card over that week, read by the same building block the dashboard
// uses (complianceTotals over the wearer's rollups), so the two can never disagree.

type OwnPastQuery = z.output<typeof ownPastQuerySchema>;

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The OWN_PAST_WEEKS UTC weeks (Monday to Sunday) up to the one holding `day`, oldest first, the last cut at `day`. */
export function ownWeeks(day: string): { week: string; end: string }[] {
  const at = Date.parse(`${day}T00:00:00.000Z`);
  const monday = at - ((new Date(at).getUTCDay() + 6) % 7) * DAY_MS;
  return Array.from({ length: OWN_PAST_WEEKS }, (_, i) => {
    const start = monday - (OWN_PAST_WEEKS - 1 - i) * 7 * DAY_MS;
    return { week: isoDay(start), end: isoDay(Math.min(start + 6 * DAY_MS, at)) };
  });
}

/** Weeks with opportunities, best first: higher compliance, then more opportunities, then the later week. */
const bestFirst = (a: OwnWeek, b: OwnWeek) =>
  (b.complianceTotal ?? 0) - (a.complianceTotal ?? 0) || b.opportunities - a.opportunities || b.week.localeCompare(a.week);

/** The caller's own past and goal: always the caller's, never anyone else's. */
export function createOwnPastService(db: Database) {
  /** The caller's compliance figures of the days `start`..`end`, as the dashboard reads them. */
  const figures = async (userId: number, start: string, end: string) => {
    const range = dayRange(start, end);
    const totals = await complianceTotals(db, userFilter(range), range, wearerIs(userId));
    return { opportunities: totals.opportunities, compliantEvents: totals.compliantEvents, complianceTotal: totals.complianceTotal };
  };

  return {
    /** GET compliance/own-past: the caller's weeks, their best, this week against the weeks before, and their goal. */
    async ownPast(caller: Caller, query: OwnPastQuery): Promise<OwnPast> {
      const spans = ownWeeks(query.date ?? isoDay(Date.now()));
      const first = spans[0]!;
      const lastEarlier = spans[spans.length - 2]!;
      const [weeks, earlierWeeks] = await Promise.all([
        Promise.all(spans.map(async (span) => ({ ...span, ...(await figures(caller.user.id, span.week, span.end)) }))),
        figures(caller.user.id, first.week, lastEarlier.end),
      ]);
      const bestWeek = weeks.filter((w) => w.opportunities > 0).sort(bestFirst)[0] ?? null;
      const thisWeek = weeks[weeks.length - 1]!;
      return {
        weeks,
        bestWeek,
        earlierWeeks,
        change: delta(thisWeek.complianceTotal, earlierWeeks.complianceTotal),
        goalPercent: caller.user.ownGoalPercent,
      };
    },

    /** PUT compliance/own-goal: the caller's own goal; null clears it. */
    async setOwnGoal(caller: Caller, body: OwnGoalBody) {
      return { goalPercent: await setOwnGoal(db, caller.user.id, body.goalPercent) };
    },
  };
}
