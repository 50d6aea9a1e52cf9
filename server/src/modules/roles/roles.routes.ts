import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roleEndpoints } from '../../contracts/roles';
import type { Database } from '../../db/client';
import { feature, forPages } from '../../core/access';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import { createRolesService, requireTemplateManager } from './roles.service';

const USERS = '/app/accounts/users';
/** The Permissions Template menu and the Permissions tab (docs/PERMISSIONS.md 'Decisions'): ROLE, and the handler checks template id 1. */
const TEMPLATE_MENU = forPages(feature(USERS, 'ROLE'));

/** Permission templates and giving a user one (PATCH /users/{id} {roleId}). */
export const rolesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createRolesService(db);

  // The Users page's template pickers (Add User, Import, the Permissions tab) read these.
  app.route({
    ...routeOf(roleEndpoints.list),
    config: forPages(USERS),
    handler: async (request) => service.list(callerOf(request), request.query.orgId),
  });

  app.route({
    ...routeOf(roleEndpoints.get),
    config: forPages(USERS),
    handler: async (request) => service.get(callerOf(request), request.params.id),
  });

  app.route({
    ...routeOf(roleEndpoints.permissions),
    config: TEMPLATE_MENU,
    handler: async (request) => {
      requireTemplateManager(callerOf(request));
      return service.catalog();
    },
  });

  app.route({
    ...routeOf(roleEndpoints.create),
    config: TEMPLATE_MENU,
    handler: async (request, reply) => reply.status(201).send(await service.create(callerOf(request), request.body)),
  });

  app.route({
    ...routeOf(roleEndpoints.update),
    config: TEMPLATE_MENU,
    handler: async (request) => service.update(callerOf(request), request.params.id, request.body),
  });

  app.route({
    ...routeOf(roleEndpoints.assign),
    config: forPages(feature(USERS, 'USER_PERMISSION_TEMPLATE')),
    handler: async (request) => service.assign(callerOf(request), request.params.id, request.body.roleId),
  });
};
