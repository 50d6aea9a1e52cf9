import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { disputeEndpoints } from '../../contracts/disputes';
import type { Database } from '../../db/client';
import { forPages } from '../../core/access';
import { auditRead } from '../../core/audit-rule';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import { createDisputesService } from './disputes.service';

/** The Compliance Report's managers review the disputes of their locations (docs/PERMISSIONS.md 'Disputed opportunities'). */
const REVIEW = forPages('/app/reports/compliance');

/** Disputed opportunities: a wearer's own dispute, and the managers' list and decisions. */
export const disputesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createDisputesService(db);

  // The caller's own, as GET compliance/user/own-opportunities: whoever may open their User Overview.
  app.route({
    ...routeOf(disputeEndpoints.create),
    config: forPages('/app/reports/user-overview'),
    handler: async (request, reply) => reply.code(201).send(await service.create(callerOf(request), request.body)),
  });

  // Many people's disputes: recorded as a read about no one person.
  app.route({
    ...routeOf(disputeEndpoints.list),
    config: { ...REVIEW, ...auditRead(() => null, '/app/reports/compliance') },
    handler: async (request) => service.list(callerOf(request), request.query),
  });

  // Writes: the trail records the caller, the route (accept or decline), the dispute and its wearer (the body's userId).
  app.route({
    ...routeOf(disputeEndpoints.accept),
    config: REVIEW,
    handler: async (request) => service.decide(callerOf(request), request.params.id, { status: 'ACCEPTED', ...request.body }),
  });

  app.route({
    ...routeOf(disputeEndpoints.decline),
    config: REVIEW,
    handler: async (request) => service.decide(callerOf(request), request.params.id, { status: 'DECLINED', ...request.body }),
  });
};
