import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pathEndpoints } from '../../contracts/paths';
import type { Database } from '../../db/client';
import { forPages } from '../../core/access';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import { createPathsService } from './paths.service';

/** The route table's Path Builder row: {product} accounts holding PATHS. */
const PATH_BUILDER = forPages('/app/maintenance/path-builder');

/** The Path Builder's calls: GET devices/paths, POST groups/{id}/add-path, DELETE groups/{id}/remove-path. */
export const pathsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createPathsService(db);

  app.route({
    ...routeOf(pathEndpoints.list),
    config: PATH_BUILDER,
    handler: async (request) => service.list(callerOf(request), request.query.groupId),
  });

  app.route({
    ...routeOf(pathEndpoints.add),
    config: PATH_BUILDER,
    handler: async (request, reply) => reply.code(201).send((await service.add(callerOf(request), request.params.groupId, request.body)).path),
  });

  app.route({
    ...routeOf(pathEndpoints.remove),
    config: PATH_BUILDER,
    handler: async (request) => service.remove(callerOf(request), request.params.groupId, request.body),
  });
};
