import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { complianceEndpoints } from '../../contracts/reports/compliance';
import type { Database } from '../../db/client';
import type { AnswerCache } from '../metrics/answers';
import { callerOf } from '../../core/caller';
import { forPages, mayUse } from '../../core/access';
import { personInQuery, personalRead } from '../../core/audit-rule';
import { routeOf } from '../../core/route-of';
import { createComplianceService, ORGANIZATION_PAGES } from './compliance.service';

const RANKING_PAGES = ['/app/reports/overview', '/app/reports/user-performance'] as const;

/** The one user a breakdown is about: the one asked for, else the caller when they see no organization's. */
function breakdownPerson(request: FastifyRequest): number | null {
  const caller = callerOf(request);
  return personInQuery('none')(request) ?? (mayUse(caller, ...ORGANIZATION_PAGES) ? null : caller.user.id);
}

/** compliance/overview-stats, trend, breakdowns and the user and profession rankings. */
export const complianceRoutes: FastifyPluginAsyncZod<{ db: Database; answers: AnswerCache }> = async (app, { db, answers }) => {
  const service = createComplianceService(db, answers);

  app.route({
    ...routeOf(complianceEndpoints.overviewStats),
    config: forPages(...ORGANIZATION_PAGES),
    handler: async (request) => service.overviewStats(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(complianceEndpoints.trend),
    config: forPages(...ORGANIZATION_PAGES, '/app/reports/handwash'),
    handler: async (request) => service.trend(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(complianceEndpoints.breakdowns),
    config: { ...forPages(...ORGANIZATION_PAGES, '/app/reports/user-overview'), ...personalRead(breakdownPerson, '/app/reports/user-overview') },
    handler: async (request) => service.breakdowns(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(complianceEndpoints.userRanking),
    config: forPages(...RANKING_PAGES),
    handler: async (request) => service.userRanking(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(complianceEndpoints.professionRanking),
    config: forPages(...RANKING_PAGES),
    handler: async (request) => service.professionRanking(callerOf(request), request.query),
  });
};
