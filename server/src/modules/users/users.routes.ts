import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userEndpoints, userV2Endpoints } from '../../contracts/users';
import type { Database } from '../../db/client';
import { forPages, forSignedIn } from '../../plugins/access';
import { callerOf } from '../../plugins/auth';
import { routeOf } from '../../plugins/endpoints';
import { createUsersService, USER_LIST_PAGES } from './users.service';

/** The users of the caller's scope on the main API: GET /users and GET /users/username. */
export const usersRoutes: FastifyPluginAsyncZod<{ db: Database; reportDb: Database }> = async (app, { db, reportDb }) => {
  const service = createUsersService(db);
  // The whole list grows with the staff: it reads with the report statement limit.
  const lists = createUsersService(reportDb);

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
