import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userReportEndpoints } from '../../contracts/reports/compliance';
import type { Database } from '../../db/client';
import { callerOf } from '../../core/caller';
import { forPages } from '../../core/access';
import { personInQuery, personalRead } from '../../core/audit-rule';
import { routeOf } from '../../core/route-of';
import { createUserReportsService } from './user-reports.service';

/** The user overview and activity breakdown: one wearer's own figures. */
export const userReportsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createUserReportsService(db);

  app.route({
    ...routeOf(userReportEndpoints.dashboard),
    config: { ...forPages('/app/reports/user-overview'), ...personalRead(personInQuery(), '/app/reports/user-overview') },
    handler: async (request) => service.dashboard(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(userReportEndpoints.activity),
    config: { ...forPages('/app/reports/activity-breakdown'), ...personalRead(personInQuery(), '/app/reports/activity-breakdown') },
    handler: async (request) => service.activity(callerOf(request), request.query),
  });

  // The caller's own: whoever may open their User Overview reads why their opportunities counted.
  app.route({
    ...routeOf(userReportEndpoints.ownOpportunities),
    config: { ...forPages('/app/reports/user-overview'), ...personalRead(personInQuery(), '/app/reports/user-overview') },
    handler: async (request) => service.ownOpportunities(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(userReportEndpoints.availableDays),
    config: { ...forPages('/app/reports/activity-breakdown'), ...personalRead(personInQuery(), '/app/reports/activity-breakdown') },
    handler: async (request) => service.availableDays(callerOf(request), request.query),
  });
};
