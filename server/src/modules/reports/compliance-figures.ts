import type { z } from 'zod';
import type { complianceReportQuerySchema, trendQuerySchema } from '../../contracts/reports/compliance';
import type { Database } from '../../db/client';
import { complianceByDay, complianceTotals, eventTypeBreakdown } from '../metrics/compliance.repo';
import { daysOf, delta, type ReportFilter } from '../metrics/filters';
import { loadTrees } from '../locations';
import { reachedUsers, wearerIs } from './compliance-report.repo';

// The compliance figures of a resolved report filter: what compliance.service answers (and keeps
// in its answer cache) once the caller's scope has been applied.

type TrendQuery = z.output<typeof trendQuerySchema>;
type ComplianceReportQuery = z.output<typeof complianceReportQuerySchema>;

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

/** The figures of compliance/overview-stats: the range's, each with its change from the previous range. */
export async function overviewFigures(db: Database, filter: ReportFilter) {
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
}

/** The figures of compliance/trend: compliance per day (total or average), and per event type with its change. */
export async function trendFigures(db: Database, filter: ReportFilter, metric: TrendQuery['metric']) {
  const [days, types, typesBefore] = await Promise.all([
    complianceByDay(db, filter, filter.range, daysOf(filter.range)),
    eventTypeBreakdown(db, filter, filter.range),
    filter.previous ? eventTypeBreakdown(db, filter, filter.previous) : null,
  ]);
  const average = metric === 'average';
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
}

/** The series of compliance/report: each selected user, else each selection (split), else the whole selection. */
export async function reportFigures(db: Database, filter: ReportFilter, query: Pick<ComplianceReportQuery, 'userIds' | 'split'>) {
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
}
