import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type deviceCreationBodySchema } from '../../contracts/device-registry';
import { wearableEndpoints, type WearableRow } from '../../contracts/wearables';
import { deviceRegistryEndpoints } from '../../contracts/device-registry';
import type { Database } from '../../db/client';
import { forPages } from '../../core/access';
import { auditRead, personInParams } from '../../core/audit-rule';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import { CREATE_BADGE_PAGES, createWearablesService, HISTORY_PAGES, UNASSIGN_PAGES, WEARABLE_PAGES } from './wearables.service';

/**
 * Badge and wristband administration: wearables, assign,
 * unassign, assignment history, device models, MAC lookup and new badges. Everything is limited
 * to the caller's scope; what lies outside it is answered 404, as if it did not exist.
 */
export const wearablesRoutes: FastifyPluginAsyncZod<{ db: Database; reportDb: Database }> = async (app, { db, reportDb }) => {
  const service = createWearablesService(db);
  // The whole list grows with the fleet: it reads with the report statement limit.
  const lists = createWearablesService(reportDb);

  app.route({
    ...routeOf(wearableEndpoints.list),
    config: forPages(...WEARABLE_PAGES),
    handler: async (request) => lists.listWearables(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(wearableEndpoints.assign),
    config: forPages(...WEARABLE_PAGES),
    handler: async (request) => service.assign(callerOf(request), request.body),
  });

  app.route({
    ...routeOf(wearableEndpoints.unassign),
    config: forPages(...UNASSIGN_PAGES),
    handler: async (request) => service.unassign(callerOf(request), request.body),
  });

  app.route({
    ...routeOf(wearableEndpoints.deviceHistory),
    config: { ...forPages(...HISTORY_PAGES), ...auditRead(() => null) },
    handler: async (request) => service.deviceHistory(callerOf(request), request.params.id, request.query),
  });

  app.route({
    ...routeOf(wearableEndpoints.userHistory),
    config: { ...forPages(...HISTORY_PAGES), ...auditRead(personInParams) },
    handler: async (request) => service.userHistory(callerOf(request), request.params.id, request.query),
  });

  app.route({
    ...routeOf(deviceRegistryEndpoints.models),
    // The Location Editor's Device form picks a model and a firmware version too, and the Versions
    // page picks the model whose firmware it lists (every type: no type asked).
    config: forPages(...WEARABLE_PAGES, '/app/maintenance/editor', '/app/maintenance/versions'),
    handler: async (request) => service.models(request.query.type),
  });

  app.route({
    ...routeOf(deviceRegistryEndpoints.byMac),
    // The Location Editor's Device form looks the MAC up too, to offer a replacement.
    config: forPages(...WEARABLE_PAGES, '/app/maintenance/editor'),
    handler: async (request) => service.lookupMac(callerOf(request), request.params.mac),
  });

  app.route({
    ...routeOf(deviceRegistryEndpoints.createBadge),
    config: forPages(...CREATE_BADGE_PAGES),
    handler: async (request, reply) => {
      // One route, two forms: one badge (the Badges page) or an array of devices (Find devices).
      const body = request.body as z.output<typeof deviceCreationBodySchema>;
      const caller = callerOf(request);
      const created = Array.isArray(body) ? await service.createDevices(caller, body) : await service.createBadge(caller, body);
      return reply.code(201).send(created as WearableRow);
    },
  });
};
