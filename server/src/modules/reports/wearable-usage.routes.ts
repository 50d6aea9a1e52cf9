import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { wearableReportEndpoints } from '../../contracts/reports/wearable-reports';
import type { Database } from '../../db/client';
import { callerOf } from '../../core/caller';
import { forPages } from '../../core/access';
import { routeOf } from '../../core/route-of';
import { createWearableUsageService } from './wearable-usage.service';

/** wearable-usage/organization and wearable-management/organization (SmartSensor). */
export const wearableUsageRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createWearableUsageService(db);

  app.route({
    ...routeOf(wearableReportEndpoints.usage),
    config: forPages('/app/reports/wearable-usage'),
    handler: async (request) => service.usage(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(wearableReportEndpoints.management),
    config: forPages('/app/reports/wearable-management'),
    handler: async (request) => service.management(callerOf(request), request.query),
  });
};
