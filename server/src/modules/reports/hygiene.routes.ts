import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { handwashEndpoints } from '../../contracts/reports/compliance';
import type { Database } from '../../db/client';
import type { AnswerCache } from '../metrics/answers';
import { callerOf } from '../../plugins/auth';
import { forPages } from '../../plugins/access';
import { routeOf } from '../../plugins/endpoints';
import { createHygieneService } from './hygiene.service';

const config = forPages('/app/reports/overview', '/app/reports/handwash');

/** The hand-wash calls (02 §7 'dispensers/…' wash calls): hand-hygiene events by type and day. */
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
