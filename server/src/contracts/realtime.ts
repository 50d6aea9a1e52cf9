import { z } from 'zod';
import { bodyObject } from './fields';

/** POST /pusher/auth body, as pusher-js sends it (form-encoded or JSON). */
export const pusherAuthBodySchema = bodyObject({
  socket_id: z.string().max(64, 'must be at most 64 characters').regex(/^\d+\.\d+$/, "must be a socket id like '1234.5678'"),
  channel_name: z
    .string()
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters')
    .regex(/^[A-Za-z0-9_\-=@,.;]+$/, 'must be a channel name (letters, digits and _-=@,.;)'),
});
export type PusherAuthBody = z.infer<typeof pusherAuthBodySchema>;

export const pusherAuthResponseSchema = z.object({
  auth: z.string(),
  channel_data: z.string().optional(),
});

/** Per-user private channel: 'private-client-{user id}'. */
export const userChannelName = (userId: number) => `private-client-${userId}`;
export const SERVER_CHANNEL = 'private-server';
