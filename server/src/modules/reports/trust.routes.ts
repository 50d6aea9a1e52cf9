import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trustEndpoints } from '../../contracts/reports/trust';
import type { Database } from '../../db/client';
import { callerOf } from '../../core/caller';
import { forPages } from '../../core/access';
import { personInQuery, personalRead } from '../../core/audit-rule';
import { routeOf } from '../../core/route-of';
import { createTrustService } from './trust.service';

/** The report pages whose compliance figures carry their trust (docs/PERMISSIONS.md 'Data trust'). */
export const TRUST_PAGES = [
  '/app/reports/overview',
  '/app/reports/compliance',
  '/app/reports/user-performance',
  '/app/reports/handwash',
  '/app/reports/dispenser-overview',
  '/app/reports/c-diff-report',
  '/app/reports/data-trust',
] as const;

/** trust (the badge beside a report's figures), trust/wearer (beside a wearer's) and trust/locations/:groupId (the Data Trust page). */
export const trustRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createTrustService(db);

  app.route({
    ...routeOf(trustEndpoints.range),
    config: forPages(...TRUST_PAGES),
    handler: async (request) => service.range(callerOf(request), request.query),
  });

  // One person's figures, as their User Overview: a read of that person's data.
  app.route({
    ...routeOf(trustEndpoints.wearer),
    config: { ...forPages('/app/reports/user-overview'), ...personalRead(personInQuery(), '/app/reports/user-overview') },
    handler: async (request) => service.wearer(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(trustEndpoints.location),
    config: forPages('/app/reports/data-trust'),
    handler: async (request) => service.location(callerOf(request), request.params.groupId, request.query),
  });
};
