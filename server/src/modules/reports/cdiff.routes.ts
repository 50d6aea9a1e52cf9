import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cdiffEndpoints } from '../../contracts/reports/cdiff';
import type { Database } from '../../db/client';
import { callerOf } from '../../core/caller';
import { forPages } from '../../core/access';
import { routeOf } from '../../core/route-of';
import { createCdiffService } from './cdiff.service';

const config = forPages('/app/reports/c-diff-report');

/** zones/cdiff and zones/cdiff/:zoneId/visits (docs/METRICS.md 'C. diff'). */
export const cdiffRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createCdiffService(db);

  app.route({
    ...routeOf(cdiffEndpoints.rooms),
    config,
    handler: async (request) => service.rooms(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(cdiffEndpoints.visits),
    config,
    handler: async (request) => service.visits(callerOf(request), request.params.zoneId, request.query),
  });
};
