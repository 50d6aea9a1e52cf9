import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { complianceReportQuerySchema, complianceReportSchema } from '../../contracts/reports/compliance';
import type { Database } from '../../db/client';
import { callerOf } from '../../plugins/auth';
import { complianceByDay, complianceTotals } from '../metrics/compliance.repo';
import { daysOf, type ReportFilter } from '../metrics/filters';
import { loadTrees } from '../locations';
import { idIn } from '../../core/sql';
import { userDisplayName } from '../../core/names';
import { callerFilter } from './access';
import { forPages } from '../../plugins/access';

const MAX_SERIES = 100;

/**
 * GET compliance/report: compliance per UTC day for each selected user (userIds), else for each
 * selected organization or location (split=true), else for the whole selection.
 */
export const complianceReportRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/compliance/report',
    {
      config: forPages('/app/reports/compliance'),
      schema: { querystring: complianceReportQuerySchema, response: { 200: complianceReportSchema } },
    },
    async (request) => {
      const q = request.query;
      const filter = await callerFilter(db, callerOf(request), q);
      const days = daysOf(filter.range);
      const series = await seriesOf(db, filter, q.userIds, q.split);
      const out = [];
      for (const s of series.slice(0, MAX_SERIES)) {
        const [points, total] = await Promise.all([
          complianceByDay(db, s.filter, filter.range, days, s.extra),
          complianceTotals(db, s.filter, filter.range, s.extra),
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
  );
};

interface Series {
  id: number | null;
  name: string;
  kind: 'organization' | 'location' | 'user' | 'all';
  filter: ReportFilter;
  extra?: ReturnType<typeof sql>;
}

async function seriesOf(db: Database, filter: ReportFilter, userIds: number[], split: boolean): Promise<Series[]> {
  if (userIds.length > 0) {
    // Only users whose own organization or home location the filter reaches: others are not listed.
    const where = filter.organizationIds
      ? idIn(sql`u.organization_id`, filter.organizationIds)
      : sql`(${idIn(sql`u.group_id`, filter.groupIds)} or exists (select 1 from compliance_daily c where c.user_id = u.id and ${idIn(sql`c.group_id`, filter.groupIds)}))`;
    const users = await db.execute<{ id: number; name: string }>(
      sql`select u.id, ${userDisplayName} as name from users u where ${idIn(sql`u.id`, userIds)} and ${where} order by name`,
    );
    return users.rows.map((u) => ({ id: u.id, name: u.name, kind: 'user', filter, extra: sql`u.id = ${u.id}` }));
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
