import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availableDaysQuerySchema,
  availableDaysSchema,
  userActivityQuerySchema,
  userActivitySchema,
  userDashboardQuerySchema,
  userDashboardSchema,
} from '../../contracts/reports/compliance';
import type { Database } from '../../db/client';
import { callerOf } from '../../plugins/auth';
import { complianceByDay, complianceTotals, washTypeBreakdown } from '../metrics/compliance.repo';
import { dayRange, daysOf, delta, userFilter } from '../metrics/filters';
import { usageMsByUser } from '../metrics/usage';
import { availableDays, bedVisitCount, counterTotals, dayActivity, reminderBreakdown, visitFigures } from '../metrics/user-day.repo';
import { reportUser } from './access';
import { forPages } from '../../plugins/access';
import { auditRead, personInQuery } from '../../plugins/audit';

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The dashboard's range: startDate–endDate (the contract checked them), else the one `date`, else the last 7 days to today. */
function dashboardRange(q: { date?: string; startDate?: string; endDate?: string }) {
  if (q.startDate && q.endDate) return dayRange(q.startDate, q.endDate);
  if (q.date) return dayRange(q.date, q.date);
  const today = new Date();
  return dayRange(isoDay(new Date(today.getTime() - 6 * DAY_MS)), isoDay(today));
}

/** The user overview and activity breakdown: one wearer's own figures. */
export const userReportsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/compliance/user/dashboard',
    {
      config: { ...forPages('/app/reports/user-overview'), ...auditRead(personInQuery()) },
      schema: { querystring: userDashboardQuerySchema, response: { 200: userDashboardSchema } },
    },
    async (request) => {
      const caller = callerOf(request);
      const user = await reportUser(db, caller, request.query.userId);
      const filter = userFilter(dashboardRange(request.query));
      const mine = sql`u.id = ${user.id}`;
      const [now, before, days, washTypes, reminders, usage, visits, bedVisits, counters] = await Promise.all([
        complianceTotals(db, filter, filter.range, mine),
        filter.previous ? complianceTotals(db, filter, filter.previous, mine) : null,
        complianceByDay(db, filter, filter.range, daysOf(filter.range), mine),
        washTypeBreakdown(db, filter, filter.range, mine),
        reminderBreakdown(db, user.id, filter.range),
        usageMsByUser(db, [user.id], filter.range),
        visitFigures(db, user.id, filter.range),
        bedVisitCount(db, user.id, filter.range),
        counterTotals(db, user.id, filter.range),
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
        visitAverage: visits.visitAverage,
        visitCount: visits.visitCount,
        bedVisits,
        ...counters,
      };
    },
  );

  app.get(
    '/compliance/user/activity',
    {
      config: { ...forPages('/app/reports/activity-breakdown'), ...auditRead(personInQuery()) },
      schema: { querystring: userActivityQuerySchema, response: { 200: userActivitySchema } },
    },
    async (request) => {
      const user = await reportUser(db, callerOf(request), request.query.userId);
      const filter = userFilter(dayRange(request.query.date, request.query.date));
      const [totals, userActivity] = await Promise.all([
        complianceTotals(db, filter, filter.range, sql`u.id = ${user.id}`),
        dayActivity(db, user.id, filter.range),
      ]);
      return { compliance: totals.complianceTotal, opportunities: totals.opportunities, washAverage: totals.washAverage, userActivity };
    },
  );

  app.get(
    '/workflow/activity/available-days',
    {
      config: { ...forPages('/app/reports/activity-breakdown'), ...auditRead(personInQuery()) },
      schema: { querystring: availableDaysQuerySchema, response: { 200: availableDaysSchema } },
    },
    async (request) => {
      const user = await reportUser(db, callerOf(request), request.query.userId);
      return availableDays(db, user.id);
    },
  );
};
