import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { handwashEndpoints } from '../../contracts/reports/compliance';
import type { Database } from '../../db/client';
import type { AnswerCache } from '../metrics/answers';
import { callerOf } from '../../core/caller';
import { forPages } from '../../core/access';
import { routeOf } from '../../core/route-of';
import { createHygieneService } from './hygiene.service';

const config = forPages('/app/reports/overview', '/app/reports/handwash');

/** The hand-wash calls (the dispensers/… wash calls; docs/METRICS.md 'Dispensers'): hand-hygiene events by type and day. */
export const hygieneRoutes: FastifyPluginAsyncZod<{ db: Database; answers: AnswerCache }> = async (app, { db, answers }) => {
  const service = createHygieneService(db, answers);

  app.route({
    ...routeOf(handwashEndpoints.washTypeBreakdown),
    config,
    handler: async (request) => service.washTypes(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(handwashEndpoints.overviewStats),
    config,
    handler: async (request) => service.overviewStats(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(handwashEndpoints.washCountTrend),
    config,
    handler: async (request) => service.washCountTrend(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(handwashEndpoints.washTypeTrend),
    config,
    handler: async (request) => service.washTypeTrend(callerOf(request), request.query),
  });
};
