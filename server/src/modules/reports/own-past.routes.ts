import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userReportEndpoints } from '../../contracts/reports/compliance';
import { ownGoalEndpoints } from '../../contracts/reports/own-past';
import type { Database } from '../../db/client';
import { forPages } from '../../core/access';
import { auditRead, theCaller } from '../../core/audit-rule';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import { createOwnPastService } from './own-past.service';

/**
 * Feedback against one's own past (docs/PRIVACY.md 'Feedback against one's own past'): whoever may
 * open their User Overview reads their own weeks and sets their own goal. Neither call names a
 * person, so neither can reach anyone else's.
 */
export const ownPastRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createOwnPastService(db);

  // A read of one's own figures: audited as such, asking no purpose (docs/PRIVACY.md 'A purpose first').
  app.route({
    ...routeOf(userReportEndpoints.ownPast),
    config: { ...forPages('/app/reports/user-overview'), ...auditRead(theCaller, '/app/reports/user-overview') },
    handler: async (request) => service.ownPast(callerOf(request), request.query),
  });

  // A write: the trail records it as every write.
  app.route({
    ...routeOf(ownGoalEndpoints.set),
    config: forPages('/app/reports/user-overview'),
    handler: async (request) => service.setOwnGoal(callerOf(request), request.body),
  });
};
