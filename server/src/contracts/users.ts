import { z } from 'zod';
import { roleSchema } from './entities';
import { textField } from './fields';

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
