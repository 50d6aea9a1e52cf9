import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Pusher from 'pusher';
import { pusherAuthBodySchema, pusherAuthResponseSchema } from '../../contracts/realtime';
import { gatewayStationSchema } from '../../contracts/stations';
import { gatewayCommandChannel, gatewaySessionChannel } from '../../contracts/stations-realtime';
import type { Database } from '../../db/client';
import { HttpError } from '../../core/http-error';
import { authenticateGateway } from '../../core/gateway-auth';
import { acceptFormBodies } from '../../core/form-body';
import { gatewayStation } from './gateway-station.repo';
import { forGateways } from '../../core/access';

/**
 * The calls a kiosk gateway makes with its own credentials (X-Gateway-Mac and its bearer token,
 * as for ingest): its station at start, and the signatures for its two channels. No user signs
 * in here, so these routes are public to the user auth and check the gateway themselves. Any
 * active gateway may ask; one that is no kiosk simply has no station and no wristbands.
 */
export const gatewayProtocolRoutes: FastifyPluginAsyncZod<{ db: Database; secret: string; pusher: Pusher }> = async (app, { db, secret, pusher }) => {
  acceptFormBodies(app);

  app.get('/gateways/station', { config: forGateways, schema: { response: { 200: gatewayStationSchema } } }, async (request) =>
    gatewayStation(db, await authenticateGateway(db, secret, request)),
  );

  app.post(
    '/gateways/pusher/auth',
    { config: forGateways, schema: { body: pusherAuthBodySchema, response: { 200: pusherAuthResponseSchema } } },
    async (request) => {
      const gateway = await authenticateGateway(db, secret, request);
      const { socket_id: socketId, channel_name: channel } = request.body;
      // A gateway listens on its session channel and its command channel, and on nothing else.
      if (channel !== gatewaySessionChannel(gateway.name) && channel !== gatewayCommandChannel(gateway.mac)) {
        throw new HttpError(403, `You may not join ${channel}`);
      }
      return pusher.authorizeChannel(socketId, channel);
    },
  );
};
