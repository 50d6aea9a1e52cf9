import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assignBadgeBodySchema,
  assignBadgeResponseSchema,
  createBadgeBodySchema,
  deviceModelsQuerySchema,
  deviceModelsSchema,
  historyParamsSchema,
  historyQuerySchema,
  historyResponseSchema,
  macLookupSchema,
  macParamsSchema,
  unassignWearableBodySchema,
  unassignWearableResponseSchema,
  wearableListQuerySchema,
  wearableListSchema,
  wearableRowSchema,
} from '../../contracts/wearables-admin';
import type { Database } from '../../db/client';
import { callerOf } from '../../plugins/auth';
import { forPages } from '../../plugins/access';
import { CREATE_BADGE_PAGES, createWearablesService, HISTORY_PAGES, WEARABLE_PAGES } from './wearables.service';
import { auditRead, personInParams } from '../../plugins/audit';

/**
 * Badge and wristband administration (03 §7): wearables, assign,
 * unassign, assignment history, device models, MAC lookup and new badges. Everything is limited
 * to the caller's scope; what lies outside it is answered 404, as if it did not exist.
 */
export const wearablesRoutes: FastifyPluginAsyncZod<{ db: Database; reportDb: Database }> = async (app, { db, reportDb }) => {
  const service = createWearablesService(db);
  // The whole list grows with the fleet: it reads with the report statement limit.
  const lists = createWearablesService(reportDb);

  app.get(
    '/devices/wearables',
    {
      config: forPages(...WEARABLE_PAGES),
      schema: { querystring: wearableListQuerySchema, response: { 200: wearableListSchema } },
    },
    async (request) => lists.listWearables(callerOf(request), request.query),
  );

  app.post(
    '/users/assign-badge',
    {
      config: forPages(...WEARABLE_PAGES),
      schema: { body: assignBadgeBodySchema, response: { 200: assignBadgeResponseSchema } },
    },
    async (request) => service.assign(callerOf(request), request.body),
  );

  app.post(
    '/users/unassign-wearable',
    {
      config: forPages(...WEARABLE_PAGES),
      schema: { body: unassignWearableBodySchema, response: { 200: unassignWearableResponseSchema } },
    },
    async (request) => service.unassign(callerOf(request), request.body),
  );

  app.get(
    '/devices/:id/history',
    {
      config: { ...forPages(...HISTORY_PAGES), ...auditRead(() => null) },
      schema: { params: historyParamsSchema, querystring: historyQuerySchema, response: { 200: historyResponseSchema } },
    },
    async (request) => service.deviceHistory(callerOf(request), request.params.id, request.query),
  );

  app.get(
    '/users/:id/history',
    {
      config: { ...forPages(...HISTORY_PAGES), ...auditRead(personInParams) },
      schema: { params: historyParamsSchema, querystring: historyQuerySchema, response: { 200: historyResponseSchema } },
    },
    async (request) => service.userHistory(callerOf(request), request.params.id, request.query),
  );

  app.get(
    '/devices/models',
    {
      config: forPages(...WEARABLE_PAGES),
      schema: { querystring: deviceModelsQuerySchema, response: { 200: deviceModelsSchema } },
    },
    async (request) => service.models(request.query.type),
  );

  app.get(
    '/devices/mac/:mac',
    {
      config: forPages(...WEARABLE_PAGES),
      schema: { params: macParamsSchema, response: { 200: macLookupSchema } },
    },
    async (request) => service.lookupMac(callerOf(request), request.params.mac),
  );

  app.post(
    '/devices',
    {
      config: forPages(...CREATE_BADGE_PAGES),
      schema: { body: createBadgeBodySchema, response: { 201: wearableRowSchema } },
    },
    async (request, reply) => {
      const row = await service.createBadge(callerOf(request), request.body);
      return reply.code(201).send(row);
    },
  );
};
