import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bootstrapEndpoints } from '../../contracts/bootstrap';
import type { Database } from '../../db/client';
import type { IdentityAdmin } from '../../identity/identity-admin';
import { forSignedIn } from '../../core/access';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import { createBootstrapService } from './bootstrap.service';

/** GET /bootstrap: the signed-in user's session data. */
export const bootstrapRoutes: FastifyPluginAsyncZod<{ db: Database; identity: IdentityAdmin }> = async (app, { db, identity }) => {
  const service = createBootstrapService(db, identity);

  app.route({
    ...routeOf(bootstrapEndpoints.get),
    config: forSignedIn(),
    handler: async (request) => service.forCaller(callerOf(request), request.query.username),
  });
};
