import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meResponseSchema, usernameQuerySchema, usernameResponseSchema } from '../../contracts/users';
import type { Database } from '../../db/client';
import { callerOf } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { findUserNameInScope } from './users.repo';
import { forSignedIn } from '../../plugins/access';

/** GET /users/username on the main API. */
export const usersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/users/username',
    { config: forSignedIn(), schema: { querystring: usernameQuerySchema, response: { 200: usernameResponseSchema } } },
    async (request) => {
      const caller = callerOf(request);
      const found = await findUserNameInScope(db, await caller.scope(), caller.user.id, request.query.username);
      if (!found) throw new HttpError(404, 'User not found');
      return found;
    },
  );
};

/** GET /users/me on the newer API: the caller's role with its permissions. */
export const usersV2Routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users/me', { config: forSignedIn('access'), schema: { response: { 200: meResponseSchema } } }, async (request) => {
    const { user, role } = callerOf(request);
    return { id: user.id, userName: user.userName, role };
  });
};
