import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Pusher from 'pusher';
import { pusherAuthBodySchema, pusherAuthResponseSchema, SERVER_CHANNEL } from '../../contracts/realtime';
import type { Database } from '../../db/client';
import { callerOf } from '../../core/caller';
import { HttpError } from '../../core/http-error';
import { mayJoinChannel } from './channel-access';
import { acceptFormBodies } from '../../core/form-body';
import { forSignedIn } from '../../core/access';

/**
 * POST /pusher/auth: signs a private-channel subscription for the signed-in caller.
 * `onServerChannel` learns of a signed subscription to the server channel (the request log starts publishing).
 */
export const pusherAuthRoutes: FastifyPluginAsyncZod<{ db: Database; pusher: Pusher; onServerChannel?: () => void }> = async (
  app,
  { db, pusher, onServerChannel },
) => {
  acceptFormBodies(app);
  app.post(
    '/pusher/auth',
    { config: { ...forSignedIn(), audit: 'skip' }, schema: { body: pusherAuthBodySchema, response: { 200: pusherAuthResponseSchema } } },
    async (request) => {
      const caller = callerOf(request);
      const { socket_id: socketId, channel_name: channel } = request.body;
      if (!(await mayJoinChannel(db, caller, channel))) throw new HttpError(403, `You may not join ${channel}`);
      if (channel === SERVER_CHANNEL) onServerChannel?.();
      return pusher.authorizeChannel(socketId, channel);
    },
  );
};
