import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { complianceEndpoints } from '../../contracts/reports/compliance';
import type { Database } from '../../db/client';
import type { AnswerCache } from '../metrics/answers';
import { callerOf } from '../../core/caller';
import { forPages } from '../../core/access';
import { routeOf } from '../../core/route-of';
import { createComplianceService } from './compliance.service';

/**
 * GET compliance/report: compliance per UTC day for each selected user (userIds), else for each
 * selected organization or location (split=true), else for the whole selection.
 */
export const complianceReportRoutes: FastifyPluginAsyncZod<{ db: Database; answers: AnswerCache }> = async (app, { db, answers }) => {
  const service = createComplianceService(db, answers);

  app.route({
    ...routeOf(complianceEndpoints.report),
    config: forPages('/app/reports/compliance'),
    handler: async (request) => service.report(callerOf(request), request.query),
  });
};
