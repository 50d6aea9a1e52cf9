import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Pusher from 'pusher';
import { gatewayOperationEndpoints, operationEndpoints, OPERATIONS_PAGES } from '../../contracts/operations';
import type { Database } from '../../db/client';
import { authenticateGateway } from '../../core/gateway-auth';
import { forGateways, forPages } from '../../core/access';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import { createGatewayOperationsService } from './gateway-operations.service';
import { ANY_OPERATIONS_PAGE } from './operable-types';
import { pusherOperationsPublisher } from './operations-events';
import { createOperationsService } from './operations.service';

/**
 * Device operations (docs/OPERATIONS.md): each list for its own page; the settings,
 * operations and presets for any of the four operations pages, each device checked against the
 * kinds the caller's pages operate and their scope. The gateway's two calls use its credentials.
 */
export const operationsRoutes: FastifyPluginAsyncZod<{ db: Database; pusher: Pusher; secret: string }> = async (app, { db, pusher, secret }) => {
  const events = pusherOperationsPublisher(pusher, app.log);
  const service = createOperationsService(db, events);
  const gateways = createGatewayOperationsService(db, events);

  app.route({
    ...routeOf(operationEndpoints.beacons),
    config: forPages(OPERATIONS_PAGES.BEACON),
    handler: async (request) => service.list(callerOf(request), request.query.groupId, 'BEACON'),
  });
  app.route({
    ...routeOf(operationEndpoints.beaconRoles),
    config: forPages(OPERATIONS_PAGES.BEACON),
    handler: async (request) => service.beaconRoles(callerOf(request), request.query.groupId),
  });
  app.route({
    ...routeOf(operationEndpoints.dispensers),
    config: forPages(OPERATIONS_PAGES.DISPENSER),
    handler: async (request) => service.list(callerOf(request), request.query.groupId, 'DISPENSER'),
  });
  app.route({
    ...routeOf(operationEndpoints.deviceSettings),
    config: ANY_OPERATIONS_PAGE,
    handler: async (request) => service.deviceSettings(callerOf(request), request.body.deviceIds),
  });
  app.route({
    ...routeOf(operationEndpoints.saveSettings),
    config: ANY_OPERATIONS_PAGE,
    handler: async (request) => service.saveSettings(callerOf(request), request.body),
  });
  app.route({
    ...routeOf(operationEndpoints.queue),
    config: ANY_OPERATIONS_PAGE,
    handler: async (request) => service.queue(callerOf(request), request.body),
  });
  app.route({
    ...routeOf(operationEndpoints.cancel),
    config: ANY_OPERATIONS_PAGE,
    handler: async (request) => service.cancel(callerOf(request), request.body),
  });
  app.route({
    ...routeOf(operationEndpoints.createPreset),
    config: ANY_OPERATIONS_PAGE,
    handler: async (request, reply) => reply.code(201).send(await service.createPreset(callerOf(request), request.body)),
  });
  app.route({
    ...routeOf(operationEndpoints.updatePreset),
    config: ANY_OPERATIONS_PAGE,
    handler: async (request) => service.updatePreset(callerOf(request), request.body),
  });
  app.route({
    ...routeOf(operationEndpoints.deletePreset),
    config: ANY_OPERATIONS_PAGE,
    handler: async (request) => service.deletePreset(callerOf(request), request.params.id),
  });

  app.route({
    ...routeOf(gatewayOperationEndpoints.list),
    config: forGateways,
    handler: async (request) => gateways.list(await authenticateGateway(db, secret, request)),
  });
  app.route({
    ...routeOf(gatewayOperationEndpoints.report),
    config: forGateways,
    handler: async (request) => gateways.report(await authenticateGateway(db, secret, request), request.params.id, request.body),
  });
};
