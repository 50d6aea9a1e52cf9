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
  userListQuerySchema,
  userListSchema,
  wearableListQuerySchema,
  wearableListSchema,
  wearableRowSchema,
} from '../../contracts/wearables-admin';
import type { Database } from '../../db/client';
import { callerOf } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { PRODUCT_ONLY } from '../reports/access';
import {
  CREATE_BADGE_SUBJECTS,
  createWearablesAdminService,
  HISTORY_SUBJECTS,
  USER_LIST_SUBJECTS,
  WEARABLE_ADMIN_SUBJECTS,
} from './wearables-admin.service';

/**
 * Badge and wristband administration (03 §7): the assign dialogs' user list, wearables, assign,
 * unassign, assignment history, device models, MAC lookup and new badges. Everything is limited
 * to the caller's scope; what lies outside it is answered 404, as if it did not exist.
 */
export const wearablesAdminRoutes: FastifyPluginAsyncZod<{ db: Database; reportDb: Database }> = async (app, { db, reportDb }) => {
  const service = createWearablesAdminService(db);
  // The two whole lists grow with the staff: they read with the report statement limit.
  const lists = createWearablesAdminService(reportDb);

  app.get(
    '/users',
    {
      // Every account type may reach it, but only the Stations page (open to all account types)
      // uses it outside the product's own accounts; the other pages using it are product-only.
      config: { auth: 'id', subjects: USER_LIST_SUBJECTS },
      schema: { querystring: userListQuerySchema, response: { 200: userListSchema } },
    },
    async (request) => {
      const caller = callerOf(request);
      if (!(PRODUCT_ONLY as readonly string[]).includes(caller.organization.accountType) && !caller.subjects.has('STATIONS')) {
        throw new HttpError(403, 'Your account type does not include this report');
      }
      return lists.listUsers(caller, request.query);
    },
  );

  app.get(
    '/devices/wearables',
    {
      config: { auth: 'id', subjects: WEARABLE_ADMIN_SUBJECTS, accountTypes: PRODUCT_ONLY },
      schema: { querystring: wearableListQuerySchema, response: { 200: wearableListSchema } },
    },
    async (request) => lists.listWearables(callerOf(request), request.query),
  );

  app.post(
    '/users/assign-badge',
    {
      config: { auth: 'id', subjects: WEARABLE_ADMIN_SUBJECTS, accountTypes: PRODUCT_ONLY },
      schema: { body: assignBadgeBodySchema, response: { 200: assignBadgeResponseSchema } },
    },
    async (request) => service.assign(callerOf(request), request.body),
  );

  app.post(
    '/users/unassign-wearable',
    {
      config: { auth: 'id', subjects: WEARABLE_ADMIN_SUBJECTS, accountTypes: PRODUCT_ONLY },
      schema: { body: unassignWearableBodySchema, response: { 200: unassignWearableResponseSchema } },
    },
    async (request) => service.unassign(callerOf(request), request.body),
  );

  app.get(
    '/devices/:id/history',
    {
      config: { auth: 'id', subjects: HISTORY_SUBJECTS, accountTypes: PRODUCT_ONLY },
      schema: { params: historyParamsSchema, querystring: historyQuerySchema, response: { 200: historyResponseSchema } },
    },
    async (request) => service.deviceHistory(callerOf(request), request.params.id, request.query),
  );

  app.get(
    '/users/:id/history',
    {
      config: { auth: 'id', subjects: HISTORY_SUBJECTS, accountTypes: PRODUCT_ONLY },
      schema: { params: historyParamsSchema, querystring: historyQuerySchema, response: { 200: historyResponseSchema } },
    },
    async (request) => service.userHistory(callerOf(request), request.params.id, request.query),
  );

  app.get(
    '/devices/models',
    {
      config: { auth: 'id', subjects: WEARABLE_ADMIN_SUBJECTS, accountTypes: PRODUCT_ONLY },
      schema: { querystring: deviceModelsQuerySchema, response: { 200: deviceModelsSchema } },
    },
    async (request) => service.models(request.query.type),
  );

  app.get(
    '/devices/mac/:mac',
    {
      config: { auth: 'id', subjects: WEARABLE_ADMIN_SUBJECTS, accountTypes: PRODUCT_ONLY },
      schema: { params: macParamsSchema, response: { 200: macLookupSchema } },
    },
    async (request) => service.lookupMac(callerOf(request), request.params.mac),
  );

  app.post(
    '/devices',
    {
      config: { auth: 'id', subjects: CREATE_BADGE_SUBJECTS, accountTypes: PRODUCT_ONLY },
      schema: { body: createBadgeBodySchema, response: { 201: wearableRowSchema } },
    },
    async (request, reply) => {
      const row = await service.createBadge(callerOf(request), request.body);
      return reply.code(201).send(row);
    },
  );
};
