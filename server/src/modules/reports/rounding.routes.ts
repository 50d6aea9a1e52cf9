import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roundingEndpoints } from '../../contracts/reports/rounding';
import type { Database } from '../../db/client';
import { callerOf } from '../../core/caller';
import { forPages } from '../../core/access';
import { personInQuery, personalRead } from '../../core/audit-rule';
import { routeOf } from '../../core/route-of';
import { createRoundingService } from './rounding.service';

const config = forPages('/app/reports/staff-rounding');

/** staffRounding/*: time staff spend at beds (docs/METRICS.md 'Wearables and staff rounding'). */
export const roundingRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createRoundingService(db);

  app.route({
    ...routeOf(roundingEndpoints.users),
    config,
    handler: async (request) => service.byUser(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(roundingEndpoints.beds),
    config,
    handler: async (request) => service.byBed(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(roundingEndpoints.userStats),
    config: { ...config, ...personalRead(personInQuery('none'), '/app/reports/staff-rounding') },
    handler: async (request) => service.userStats(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(roundingEndpoints.bedStats),
    config,
    handler: async (request) => service.bedStats(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(roundingEndpoints.locations),
    config,
    handler: async (request) => service.byLocation(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(roundingEndpoints.organizations),
    config,
    handler: async (request) => service.byOrganization(callerOf(request), request.query),
  });
};
