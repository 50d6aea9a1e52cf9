import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { professionEndpoints } from '../../contracts/professions';
import type { Database } from '../../db/client';
import { forPages } from '../../core/access';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import { createProfessionsService } from './professions.service';

const PROFESSIONS_PAGE = forPages('/app/accounts/professions');

/** The Professions screen's calls. */
export const professionsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createProfessionsService(db);

  app.route({ ...routeOf(professionEndpoints.list), config: PROFESSIONS_PAGE, handler: async (request) => service.list(callerOf(request)) });

  app.route({
    ...routeOf(professionEndpoints.listFor),
    config: PROFESSIONS_PAGE,
    handler: async (request) => service.listFor(callerOf(request), request.params.organizationId),
  });

  app.route({
    ...routeOf(professionEndpoints.create),
    config: PROFESSIONS_PAGE,
    handler: async (request, reply) => reply.status(201).send(await service.create(callerOf(request), request.body)),
  });
};
