import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Pusher from 'pusher';
import { pusherAuthBodySchema, pusherAuthResponseSchema } from '../../contracts/realtime';
import { callerOf } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { mayJoinChannel } from './channel-access';

/** POST /pusher/auth: signs a private-channel subscription for the signed-in caller. */
export const pusherAuthRoutes: FastifyPluginAsyncZod<{ pusher: Pusher }> = async (app, { pusher }) => {
  // pusher-js posts its default authorization request form-encoded.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.post(
    '/pusher/auth',
    { config: { auth: 'id' }, schema: { body: pusherAuthBodySchema, response: { 200: pusherAuthResponseSchema } } },
    async (request) => {
      const caller = callerOf(request);
      const { socket_id: socketId, channel_name: channel } = request.body;
      if (!mayJoinChannel(caller, channel)) throw new HttpError(403, `You may not join ${channel}`);
      return pusher.authorizeChannel(socketId, channel);
    },
  );
};
