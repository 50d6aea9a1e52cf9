import { z } from 'zod';

/** POST /pusher/auth body, as pusher-js sends it (form-encoded or JSON). */
export const pusherAuthBodySchema = z.object({
  socket_id: z.string().regex(/^\d+\.\d+$/),
  channel_name: z.string().min(1).max(200).regex(/^[A-Za-z0-9_\-=@,.;]+$/),
});
export type PusherAuthBody = z.infer<typeof pusherAuthBodySchema>;

export const pusherAuthResponseSchema = z.object({
  auth: z.string(),
  channel_data: z.string().optional(),
});

/** Per-user private channel: 'private-client-{user id}'. */
export const userChannelName = (userId: number) => `private-client-${userId}`;
export const SERVER_CHANNEL = 'private-server';
