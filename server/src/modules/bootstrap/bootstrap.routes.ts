import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bootstrapEndpoints } from '../../contracts/bootstrap';
import type { Database } from '../../db/client';
import type { IdentityAdmin } from '../../identity/identity-admin';
import { forSignedIn } from '../../plugins/access';
import { callerOf } from '../../plugins/auth';
import { routeOf } from '../../plugins/endpoints';
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
