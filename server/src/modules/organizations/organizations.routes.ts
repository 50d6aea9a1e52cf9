import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organizationEndpoints } from '../../contracts/organizations';
import type { Database } from '../../db/client';
import { forPages } from '../../core/access';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import { createOrganizationsService } from './organizations.service';

/** The Organizations screen's calls. */
export const organizationsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createOrganizationsService(db);

  // The Locations form picks the owner of a new location from the same tree.
  app.route({
    ...routeOf(organizationEndpoints.tree),
    config: forPages('/app/accounts/organizations', '/app/accounts/locations'),
    handler: async (request) => service.tree(callerOf(request)),
  });

  app.route({
    ...routeOf(organizationEndpoints.save),
    config: forPages('/app/accounts/organizations'),
    handler: async (request) => service.save(callerOf(request), request.body),
  });
};
