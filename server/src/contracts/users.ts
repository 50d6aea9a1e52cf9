import { z } from 'zod';
import { endpoint } from './endpoint';
import { roleSchema } from './entities';
import { textField } from './fields';
import { userListQuerySchema, userListSchema } from './user-list';

/** GET /users/username query. */
export const usernameQuerySchema = z.object({
  username: textField(320, { min: 1 }),
});
export const usernameResponseSchema = z.object({ userName: z.string() });
export type UsernameResponse = z.infer<typeof usernameResponseSchema>;

/** GET /api/v2/users/me (header Version: 2) answer. */
export const meResponseSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  role: roleSchema,
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** The users of the caller's scope on the main API; GET /users/me belongs to the v2 API. */
export const userEndpoints = {
  list: endpoint({ method: 'GET', path: '/users', query: userListQuerySchema, response: userListSchema }),
  byUsername: endpoint({ method: 'GET', path: '/users/username', query: usernameQuerySchema, response: usernameResponseSchema }),
};

/** The newer API's user calls (under /api/v2, Authorization 'Bearer' + access token, Version: 2). */
export const userV2Endpoints = {
  me: endpoint({ method: 'GET', path: '/users/me', response: meResponseSchema }),
};
