import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLIENT_ERROR_BODY_BYTES, clientErrorEndpoints } from '../../contracts/client-errors';
import type { Database } from '../../db/client';
import { forPages, forPublic, forSignedIn } from '../../core/access';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import { createClientErrorsService } from './client-errors.service';

/**
 * The app's crash reports (docs/PERMISSIONS.md 'Decisions'): any signed-in user posts their own,
 * a crash before sign-in is posted without a user (a stricter limit, plugins/rate-limits.ts), and
 * the Server Logs page (the provider's employees with SERVER_LOGS) reads them. A report changes no
 * data of the console, so the audit trail does not record it.
 */
export const clientErrorsRoutes: FastifyPluginAsyncZod<{ db: Database; keep?: number }> = async (app, { db, keep }) => {
  const service = createClientErrorsService(db, { keep });

  app.route({
    ...routeOf(clientErrorEndpoints.post),
    bodyLimit: CLIENT_ERROR_BODY_BYTES,
    config: { ...forSignedIn(), audit: 'skip' },
    handler: async (request, reply) => reply.code(201).send(await service.record(callerOf(request), request.body, request.headers['user-agent'])),
  });

  app.route({
    ...routeOf(clientErrorEndpoints.postAnonymous),
    bodyLimit: CLIENT_ERROR_BODY_BYTES,
    config: forPublic,
    handler: async (request, reply) => reply.code(201).send(await service.record(null, request.body, request.headers['user-agent'])),
  });

  app.route({
    ...routeOf(clientErrorEndpoints.list),
    config: forPages('/app/debug/server-logs-report'),
    handler: async (request) => service.list(request.query),
  });
};
