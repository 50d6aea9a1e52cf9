import type { z } from 'zod';
import type {
  breakdownsQuerySchema,
  complianceReportQuerySchema,
  rankingQuerySchema,
  trendQuerySchema,
} from '../../contracts/reports/compliance';
import type { ReportQuery } from '../../contracts/reports/common';
import type { Database } from '../../db/client';
import { mayUse } from '../../plugins/access';
import type { Caller } from '../../plugins/auth';
import { complianceByDay, complianceTotals, eventTypeBreakdown, washTypeBreakdown } from '../metrics/compliance.repo';
import { dayRange, daysOf, delta, userFilter, type ReportFilter } from '../metrics/filters';
import { rankProfessions, rankUsers } from '../metrics/ranking.repo';
import { usageMsByUser } from '../metrics/usage';
import { loadTrees } from '../locations';
import { callerFilter, reportUser } from './access';
import { reachedUsers, wearerIs } from './compliance.repo';

type TrendQuery = z.output<typeof trendQuerySchema>;
type BreakdownsQuery = z.output<typeof breakdownsQuerySchema>;
type RankingQuery = z.output<typeof rankingQuerySchema>;
type ComplianceReportQuery = z.output<typeof complianceReportQuerySchema>;

/** The organization-level compliance pages. */
export const ORGANIZATION_PAGES = ['/app/reports/overview', '/app/reports/compliance'] as const;

const MAX_SERIES = 100;

/** One line of compliance/report: the filter it reads, narrowed to one wearer when `userId` is set. */
interface Series {
  id: number | null;
  name: string;
  kind: 'organization' | 'location' | 'user' | 'all';
  filter: ReportFilter;
  userId?: number;
}

/** The lines of compliance/report: each selected user, else each selection (split), else the whole selection. */
async function seriesOf(db: Database, filter: ReportFilter, userIds: number[], split: boolean): Promise<Series[]> {
  if (userIds.length > 0) {
    const users = await reachedUsers(db, filter, userIds);
    return users.map((u) => ({ id: u.id, name: u.name, kind: 'user', filter, userId: u.id }));
  }
  if (!split) return [{ id: null, name: 'All', kind: 'all', filter }];
  const { orgTree, groupTree } = await loadTrees(db);
  return filter.selections.map((s) => {
    if (filter.organizationIds) {
      return {
        id: s.id,
        name: orgTree.find((o) => o.id === s.id)?.name ?? String(s.id),
        kind: 'organization',
        filter: { ...filter, organizationIds: s.members },
      };
    }
    return {
      id: s.id,
      name: groupTree.find((g) => g.id === s.id)?.name ?? String(s.id),
      kind: 'location',
      filter: { ...filter, groupIds: s.members },
    };
  });
}

/** compliance/overview-stats, trend, breakdowns, the user and profession rankings, and compliance/report. */
export function createComplianceService(db: Database) {
  return {
    /** GET compliance/overview-stats: the range's figures, each with its change from the previous range. */
    async overviewStats(caller: Caller, query: ReportQuery) {
      const filter = await callerFilter(db, caller, query);
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

    /** GET compliance/trend: compliance per day (total or average), and per event type with its change. */
    async trend(caller: Caller, query: TrendQuery) {
      const filter = await callerFilter(db, caller, query);
      const [days, types, typesBefore] = await Promise.all([
        complianceByDay(db, filter, filter.range, daysOf(filter.range)),
        eventTypeBreakdown(db, filter, filter.range),
        filter.previous ? eventTypeBreakdown(db, filter, filter.previous) : null,
      ]);
      const average = query.metric === 'average';
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

    /** GET compliance/breakdowns: event and wash types, of the organization's selection or of one user. */
    async breakdowns(caller: Caller, query: BreakdownsQuery) {
      // Without a user, the breakdown is the organization's: only the organization-level pages show
      // that; a caller who has the User Overview alone gets their own, as that page shows it.
      const forOrganization = query.userId === undefined && mayUse(caller, ...ORGANIZATION_PAGES);
      const user = forOrganization ? null : await reportUser(db, caller, query.userId);
      // One wearer's breakdown counts their events everywhere, as their dashboard does.
      const filter = user ? userFilter(dayRange(query.startDate, query.endDate)) : await callerFilter(db, caller, {
        organizationIds: query.organizationId ? [query.organizationId] : [],
        organizationIdFilters: [],
        groupIds: query.groupIds,
        groupIdFilters: [],
        professionId: query.professionId,
        startDate: query.startDate,
        endDate: query.endDate,
      });
      const mine = user ? wearerIs(user.id) : undefined;
      const [eventTypes, washTypes] = await Promise.all([
        eventTypeBreakdown(db, filter, filter.range, mine),
        washTypeBreakdown(db, filter, filter.range, mine),
      ]);
      const disabled = !caller.organization.displayDurations;
      return { eventTypes, washTypes: washTypes.map((w) => ({ ...w, disabled })) };
    },

    /** GET compliance/ranking/users: the ranked users, each with their wearable usage. */
    async userRanking(caller: Caller, query: RankingQuery) {
      const filter = await callerFilter(db, caller, query);
      const { take, includeEmpty, search } = query;
      const rows = await rankUsers(db, filter, filter.range, { take, includeEmpty, search });
      const usage = await usageMsByUser(db, rows.map((r) => r.userId), filter.range);
      return rows.map((r) => ({ ...r, usageMs: usage.get(r.userId) ?? 0 }));
    },

    /** GET compliance/ranking/professions. */
    async professionRanking(caller: Caller, query: RankingQuery) {
      const filter = await callerFilter(db, caller, query);
      return rankProfessions(db, filter, filter.range, query.take);
    },

    /**
     * GET compliance/report: compliance per UTC day for each selected user (userIds), else for each
     * selected organization or location (split=true), else for the whole selection.
     */
    async report(caller: Caller, query: ComplianceReportQuery) {
      const filter = await callerFilter(db, caller, query);
      const days = daysOf(filter.range);
      const series = await seriesOf(db, filter, query.userIds, query.split);
      const out = [];
      for (const s of series.slice(0, MAX_SERIES)) {
        const extra = s.userId === undefined ? undefined : wearerIs(s.userId);
        const [points, total] = await Promise.all([
          complianceByDay(db, s.filter, filter.range, days, extra),
          complianceTotals(db, s.filter, filter.range, extra),
        ]);
        out.push({
          id: s.id,
          name: s.name,
          kind: s.kind,
          points,
          total: {
            compliantEvents: total.compliantEvents,
            opportunities: total.opportunities,
            complianceTotal: total.complianceTotal,
            complianceAverage: total.complianceAverage,
          },
        });
      }
      return { series: out };
    },
  };
}
