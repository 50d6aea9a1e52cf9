import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  breakdownsQuerySchema,
  breakdownsSchema,
  complianceOverviewSchema,
  complianceTrendSchema,
  professionRankingSchema,
  rankingQuerySchema,
  trendQuerySchema,
  userRankingSchema,
} from '../../contracts/reports/compliance';
import { reportQuerySchema } from '../../contracts/reports/common';
import type { Database } from '../../db/client';
import { callerOf } from '../../plugins/auth';
import { complianceByDay, complianceTotals, eventTypeBreakdown, washTypeBreakdown } from '../metrics/compliance.repo';
import { dayRange, daysOf, delta, userFilter } from '../metrics/filters';
import { rankProfessions, rankUsers } from '../metrics/ranking.repo';
import { usageMsByUser } from '../metrics/usage';
import { forPages, mayUse } from '../../plugins/access';
import { callerFilter, reportUser } from './access';
import { sql } from 'drizzle-orm';
import { auditRead, personInQuery } from '../../plugins/audit';

/** The organization-level compliance pages. */
const ORGANIZATION_PAGES = ['/app/reports/overview', '/app/reports/compliance'] as const;
const RANKING_PAGES = ['/app/reports/overview', '/app/reports/user-performance'] as const;

/** The one user a breakdown is about: the one asked for, else the caller when they see no organization's. */
function breakdownPerson(request: FastifyRequest): number | null {
  const caller = callerOf(request);
  return personInQuery('none')(request) ?? (mayUse(caller, ...ORGANIZATION_PAGES) ? null : caller.user.id);
}

/** compliance/overview-stats, trend, breakdowns and the user and profession rankings. */
export const complianceRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/compliance/overview-stats',
    { config: forPages(...ORGANIZATION_PAGES), schema: { querystring: reportQuerySchema, response: { 200: complianceOverviewSchema } } },
    async (request) => {
      const filter = await callerFilter(db, callerOf(request), request.query);
      const [now, before] = await Promise.all([
        complianceTotals(db, filter, filter.range),
        filter.previous ? complianceTotals(db, filter, filter.previous) : null,
      ]);
      const stat = (key: 'complianceTotal' | 'complianceAverage' | 'washAverage' | 'activeUsers' | 'opportunities') => ({
        value: now[key],
        delta: delta(now[key], before?.[key]),
      });
      return {
        complianceTotal: stat('complianceTotal'),
        complianceAverage: stat('complianceAverage'),
        washAverage: stat('washAverage'),
        activeUsers: stat('activeUsers'),
        opportunities: stat('opportunities'),
      };
    },
  );

  app.get(
    '/compliance/trend',
    { config: forPages(...ORGANIZATION_PAGES, '/app/reports/handwash'), schema: { querystring: trendQuerySchema, response: { 200: complianceTrendSchema } } },
    async (request) => {
      const filter = await callerFilter(db, callerOf(request), request.query);
      const [days, types, typesBefore] = await Promise.all([
        complianceByDay(db, filter, filter.range, daysOf(filter.range)),
        eventTypeBreakdown(db, filter, filter.range),
        filter.previous ? eventTypeBreakdown(db, filter, filter.previous) : null,
      ]);
      const average = request.query.metric === 'average';
      return {
        trend: days.map((d) => ({
          date: d.date,
          value: average ? d.complianceAverage : d.complianceTotal,
          opportunities: d.opportunities,
          compliantEvents: d.compliantEvents,
        })),
        breakdown: types.map((t, i) => ({
          type: t.type,
          value: t.compliance,
          delta: delta(t.compliance, typesBefore?.[i]?.compliance),
          opportunities: t.opportunities,
          compliantEvents: t.compliantEvents,
        })),
      };
    },
  );

  app.get(
    '/compliance/breakdowns',
    {
      config: { ...forPages(...ORGANIZATION_PAGES, '/app/reports/user-overview'), ...auditRead(breakdownPerson) },
      schema: { querystring: breakdownsQuerySchema, response: { 200: breakdownsSchema } },
    },
    async (request) => {
      const caller = callerOf(request);
      const q = request.query;
      // Without a user, the breakdown is the organization's: only the organization-level pages show
      // that; a caller who has the User Overview alone gets their own, as that page shows it.
      const forOrganization = q.userId === undefined && mayUse(caller, ...ORGANIZATION_PAGES);
      const user = forOrganization ? null : await reportUser(db, caller, q.userId);
      // One wearer's breakdown counts their events everywhere, as their dashboard does.
      const filter = user ? userFilter(dayRange(q.startDate, q.endDate)) : await callerFilter(db, caller, {
        organizationIds: q.organizationId ? [q.organizationId] : [],
        organizationIdFilters: [],
        groupIds: q.groupIds,
        groupIdFilters: [],
        professionId: q.professionId,
        startDate: q.startDate,
        endDate: q.endDate,
      });
      const mine = user ? sql`u.id = ${user.id}` : undefined;
      const [eventTypes, washTypes] = await Promise.all([
        eventTypeBreakdown(db, filter, filter.range, mine),
        washTypeBreakdown(db, filter, filter.range, mine),
      ]);
      const disabled = !caller.organization.displayDurations;
      return { eventTypes, washTypes: washTypes.map((w) => ({ ...w, disabled })) };
    },
  );

  app.get(
    '/compliance/ranking/users',
    { config: forPages(...RANKING_PAGES), schema: { querystring: rankingQuerySchema, response: { 200: userRankingSchema } } },
    async (request) => {
      const filter = await callerFilter(db, callerOf(request), request.query);
      const { take, includeEmpty, search } = request.query;
      const rows = await rankUsers(db, filter, filter.range, { take, includeEmpty, search });
      const usage = await usageMsByUser(db, rows.map((r) => r.userId), filter.range);
      return rows.map((r) => ({ ...r, usageMs: usage.get(r.userId) ?? 0 }));
    },
  );

  app.get(
    '/compliance/ranking/professions',
    {
      config: forPages(...RANKING_PAGES),
      schema: { querystring: rankingQuerySchema, response: { 200: professionRankingSchema } },
    },
    async (request) => {
      const filter = await callerFilter(db, callerOf(request), request.query);
      return rankProfessions(db, filter, filter.range, request.query.take);
    },
  );
};
