import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bootstrapQuerySchema, bootstrapResponseSchema } from '../../contracts/bootstrap';
import type { Database } from '../../db/client';
import { callerOf } from '../../plugins/auth';
import { HttpError } from '../../core/http-error';
import { buildBootstrap } from './bootstrap.service';
import { forSignedIn } from '../../plugins/access';

/** GET /bootstrap: the signed-in user's session data. */
export const bootstrapRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/bootstrap',
    { config: forSignedIn(), schema: { querystring: bootstrapQuerySchema, response: { 200: bootstrapResponseSchema } } },
    async (request) => {
      const caller = callerOf(request);
      const asked = request.query.username.toLowerCase();
      if (asked !== caller.user.userName && asked !== caller.user.email?.toLowerCase()) {
        throw new HttpError(403, 'You can only load your own session');
      }
      return buildBootstrap(db, caller);
    },
  );
};
