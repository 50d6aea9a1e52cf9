import { z } from 'zod';
import { roleSchema } from './entities';

/** GET /users/username query. */
export const usernameQuerySchema = z.object({
  username: z.string().trim().min(1).max(320),
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
