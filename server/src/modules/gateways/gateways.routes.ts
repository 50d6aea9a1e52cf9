import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Pusher from 'pusher';
import { gatewayCommandChannel, gatewayRenamedEvent } from '../../contracts/stations-realtime';
import { gatewayEndpoints, gatewaySoftwareEndpoints } from '../../contracts/gateways';
import type { Database } from '../../db/client';
import { authenticateGateway, authenticateGatewayMac } from '../../core/gateway-auth';
import { forGateways, forPages } from '../../core/access';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import { createGatewaySoftwareService } from './gateway-software.service';
import { createGatewaysService } from './gateways.service';

const GATEWAYS_PAGE = forPages('/app/maintenance/gateways');

/**
 * The Gateways page's calls: gateways, their stats, setup, software jobs and
 * the remote terminal. The gateway's own calls (its software jobs, its terminal, its state) use its
 * credentials; a new gateway announces itself with them to join the setup queue.
 */
export const gatewaysRoutes: FastifyPluginAsyncZod<{ db: Database; secret: string; pusher: Pusher }> = async (app, { db, secret, pusher }) => {
  const service = createGatewaysService(db, {
    notifyRenamed: async (mac, renamed) => {
      // The rename is stored: a gateway that misses the event finds its name at its next start.
      await pusher.trigger(gatewayCommandChannel(mac), gatewayRenamedEvent, renamed).catch((error: unknown) => app.log.warn({ err: error, mac }, 'could not tell a renamed gateway its session channel'));
    },
  });
  const gateways = createGatewaySoftwareService(db);

  app.route({
    ...routeOf(gatewayEndpoints.list),
    config: GATEWAYS_PAGE,
    handler: async (request) => service.list(callerOf(request), request.params.groupId),
  });
  app.route({
    ...routeOf(gatewayEndpoints.stats),
    config: GATEWAYS_PAGE,
    handler: async (request) => service.stats(callerOf(request), request.params.gatewayId),
  });
  app.route({
    ...routeOf(gatewayEndpoints.config),
    config: GATEWAYS_PAGE,
    handler: async (request) => service.config(callerOf(request), request.body),
  });
  app.route({
    ...routeOf(gatewayEndpoints.terminal),
    config: GATEWAYS_PAGE,
    handler: async (request) => service.toggleTerminal(callerOf(request), request.body),
  });
  app.route({
    ...routeOf(gatewayEndpoints.softwareJobs),
    config: GATEWAYS_PAGE,
    handler: async (request) => service.queueSoftwareJobs(callerOf(request), request.body),
  });

  app.route({
    ...routeOf(gatewaySoftwareEndpoints.jobs),
    config: forGateways,
    handler: async (request) => gateways.jobs(await authenticateGateway(db, secret, request)),
  });
  app.route({
    ...routeOf(gatewaySoftwareEndpoints.report),
    config: forGateways,
    handler: async (request) => gateways.report(await authenticateGateway(db, secret, request), request.params.id, request.body),
  });
  app.route({
    ...routeOf(gatewaySoftwareEndpoints.terminal),
    config: forGateways,
    handler: async (request) => gateways.terminal(await authenticateGateway(db, secret, request)),
  });
  app.route({
    ...routeOf(gatewaySoftwareEndpoints.state),
    config: forGateways,
    handler: async (request) => gateways.reportState(await authenticateGateway(db, secret, request), request.body),
  });
  app.route({
    ...routeOf(gatewaySoftwareEndpoints.announce),
    config: forGateways,
    handler: async (request) => gateways.announce(authenticateGatewayMac(secret, request), request.body),
  });
};
