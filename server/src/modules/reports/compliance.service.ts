import type { z } from 'zod';
import type {
  breakdownsQuerySchema,
  complianceReportQuerySchema,
  rankingQuerySchema,
  trendQuerySchema,
} from '../../contracts/reports/compliance';
import type { ReportQuery } from '../../contracts/reports/common';
import type { Database } from '../../db/client';
import { mayUse } from '../../core/access';
import type { Caller } from '../../core/caller';
import { type AnswerCache, filterDays, rangeDays } from '../metrics/answers';
import { eventTypeBreakdown, washTypeBreakdown } from '../metrics/compliance.repo';
import { dayRange, userFilter } from '../metrics/filters';
import { leaderboardHidden, rankProfessions, rankUsers } from '../metrics/ranking.repo';
import { usageMsByUser } from '../metrics/usage';
import { callerFilter, reportUser } from './report-scope';
import { overviewFigures, reportFigures, trendFigures } from './compliance-figures';
import { wearerIs } from './compliance-report.repo';
import { withoutLowTrust } from './low-trust';
import { disputeCounts } from './disputes.repo';

type TrendQuery = z.output<typeof trendQuerySchema>;
type BreakdownsQuery = z.output<typeof breakdownsQuerySchema>;
type RankingQuery = z.output<typeof rankingQuerySchema>;
type ComplianceReportQuery = z.output<typeof complianceReportQuerySchema>;

/** The organization-level compliance pages. */
export const ORGANIZATION_PAGES = ['/app/reports/overview', '/app/reports/compliance'] as const;

/**
 * compliance/overview-stats, trend, breakdowns, the user and profession rankings, and
 * compliance/report. All but the breakdowns (which depend on the caller's organization and are
 * audited) are kept in `answers` per resolved filter and query.
 */
export function createComplianceService(db: Database, answers: AnswerCache) {
  return {
    /** GET compliance/overview-stats: the range's figures, each with its change from the previous range. */
    async overviewStats(caller: Caller, query: ReportQuery) {
      const filter = await callerFilter(db, caller, query);
      // The disputes read afresh, as the report's (a new dispute changes no derived day).
      const [figures, disputes] = await Promise.all([
        answers.get('compliance/overview-stats', [filter, query], filterDays(filter), () => overviewFigures(db, filter)),
        disputeCounts(db, filter),
      ]);
      return { ...figures, disputes };
    },

    /** GET compliance/trend: compliance per day (total or average), and per event type with its change. */
    async trend(caller: Caller, query: TrendQuery) {
      const filter = await callerFilter(db, caller, query);
      return answers.get('compliance/trend', [filter, query], filterDays(filter), () => trendFigures(db, filter, query.metric));
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
      const filter = await withoutLowTrust(db, await callerFilter(db, caller, query), query.excludeLowTrust);
      const { take, includeEmpty, search } = query;
      // Read afresh, so turning leaderboards off takes effect at once (and names the kept answer).
      const hidden = await leaderboardHidden(db);
      return answers.get('compliance/ranking/users', [filter, query, hidden], rangeDays(filter), async () => {
        const rows = await rankUsers(db, filter, filter.range, { take, includeEmpty, search, hidden });
        const usage = await usageMsByUser(db, rows.map((r) => r.userId), filter.range);
        return rows.map((r) => ({ ...r, usageMs: usage.get(r.userId) ?? 0 }));
      });
    },

    /** GET compliance/ranking/professions. */
    async professionRanking(caller: Caller, query: RankingQuery) {
      const filter = await withoutLowTrust(db, await callerFilter(db, caller, query), query.excludeLowTrust);
      return answers.get('compliance/ranking/professions', [filter, query], rangeDays(filter), () =>
        rankProfessions(db, filter, filter.range, query.take),
      );
    },

    /**
     * GET compliance/report: compliance per UTC day for each selected user (userIds), else for each
     * selected organization or location (split=true), else for the whole selection; and how many of
     * the range's opportunities were disputed and excluded, read afresh (a new dispute changes no
     * derived day, so the kept answer would not know of it).
     */
    async report(caller: Caller, query: ComplianceReportQuery) {
      const selected = await callerFilter(db, caller, query);
      const filter = await withoutLowTrust(db, selected, query.excludeLowTrust);
      const [figures, disputes] = await Promise.all([
        answers.get('compliance/report', [filter, query], rangeDays(filter), () => reportFigures(db, filter, query)),
        disputeCounts(db, selected),
      ]);
      return { ...figures, disputes };
    },
  };
}
