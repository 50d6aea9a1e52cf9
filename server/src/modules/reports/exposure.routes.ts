import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exposureEndpoints } from '../../contracts/reports/exposure';
import type { Database } from '../../db/client';
import { callerOf } from '../../core/caller';
import { forPages } from '../../core/access';
import { personInQuery, personalRead } from '../../core/audit-rule';
import { routeOf } from '../../core/route-of';
import { createExposureService } from './exposure.service';

/** exposureReport/interaction: care provider to care provider exposure and contact tracing. */
export const exposureRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createExposureService(db);

  app.route({
    ...routeOf(exposureEndpoints.interactions),
    config: {
      ...forPages('/app/reports/contact-tracing'),
      ...personalRead(personInQuery('none'), '/app/reports/contact-tracing'),
      // Contact tracing names the contacts of group-only units too: an outbreak needs them (docs/PRIVACY.md 'Group-only units').
      groupOnly: 'names-shown',
    },
    handler: async (request) => service.interactions(callerOf(request), request.query),
  });
};
