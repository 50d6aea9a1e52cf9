import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userAdminEndpoints } from '../../contracts/users-admin';
import { userEndpoints, userV2Endpoints } from '../../contracts/users';
import type { IdentityAdmin } from '../../identity/identity-admin';
import type { Database } from '../../db/client';
import { forPages, forSignedIn } from '../../core/access';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import { createUsersAdminService, MY_ACCOUNT_PAGE, USERS_PAGE } from './users-admin.service';
import { ACCESS_MANAGEMENT_PAGE, createSiteAccessService } from './site-access.service';
import { createUserScopeService } from './user-scope.service';
import { createUsersService, USER_LIST_PAGES } from './users.service';

/** The users of the caller's scope on the main API: GET /users and GET /users/username. */
export const usersRoutes: FastifyPluginAsyncZod<{ db: Database; reportDb: Database; identity: IdentityAdmin }> = async (
  app,
  { db, reportDb, identity },
) => {
  const service = createUsersService(db, identity);
  // The whole list grows with the staff: it reads with the report statement limit.
  const lists = createUsersService(reportDb, identity);
  const admin = createUsersAdminService({ db, identity });
  const siteAccess = createSiteAccessService({ db, identity });
  const scopes = createUserScopeService(db);

  app.route({
    ...routeOf(userEndpoints.list),
    config: forPages(...USER_LIST_PAGES),
    handler: async (request) => lists.list(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(userEndpoints.byUsername),
    config: forSignedIn(),
    handler: async (request) => service.userName(callerOf(request), request.query.username),
  });

  app.route({
    ...routeOf(userAdminEndpoints.create),
    config: forPages(USERS_PAGE),
    handler: async (request, reply) => reply.code(201).send(await admin.create(callerOf(request), request.body)),
  });

  // The user themself from My Account, or a user of the scope from the Users screen (checked once the target is known).
  app.route({
    ...routeOf(userAdminEndpoints.setDetails),
    config: forPages(USERS_PAGE, MY_ACCOUNT_PAGE),
    handler: async (request) => admin.setDetails(callerOf(request), request.params.id, request.body),
  });

  app.route({
    ...routeOf(userAdminEndpoints.setActive),
    config: forPages(USERS_PAGE),
    handler: async (request) => admin.setActive(callerOf(request), request.params.id, request.body.active),
  });

  // Edit User's Access tab: the organizations and locations a user of the caller's scope may see.
  app.route({
    ...routeOf(userAdminEndpoints.setScope),
    config: forPages(USERS_PAGE),
    handler: async (request) => scopes.setScope(callerOf(request), request.params.id, request.body),
  });

  // Access Management's Revoke Access and Grant Access, on users of the caller's scope other than themself.
  app.route({
    ...routeOf(userAdminEndpoints.setSiteAccess),
    config: forPages(ACCESS_MANAGEMENT_PAGE),
    handler: async (request) => siteAccess.setSiteAccess(callerOf(request), request.params.id, request.body.granted),
  });
};

/** GET /users/me on the newer API: the caller's role with its permissions. */
export const usersV2Routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(userV2Endpoints.me),
    config: forSignedIn('access'),
    handler: async (request) => {
      const { user, role } = callerOf(request);
      return { id: user.id, userName: user.userName, role };
    },
  });
};
