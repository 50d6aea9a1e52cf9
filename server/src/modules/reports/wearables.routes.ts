import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  wearableManagementQuerySchema,
  wearableManagementSchema,
  wearableUsageQuerySchema,
  wearableUsageSchema,
} from '../../contracts/reports/wearables';
import type { Database } from '../../db/client';
import { callerOf } from '../../plugins/auth';
import { resolveFilter } from '../metrics/filters';
import { loadTrees } from '../locations';
import { callerFilter } from './access';
import { wearableManagement, wearableUsage } from './wearables.repo';
import { forPages } from '../../plugins/access';

/** wearable-usage/organization and wearable-management/organization (SmartSensor). */
export const wearablesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/wearable-usage/organization',
    {
      config: forPages('/app/reports/wearable-usage'),
      schema: { querystring: wearableUsageQuerySchema, response: { 200: wearableUsageSchema } },
    },
    async (request) => {
      const filter = await callerFilter(db, callerOf(request), { ...request.query, view: 'org' });
      return wearableUsage(db, filter);
    },
  );

  app.get(
    '/wearable-management/organization',
    {
      config: forPages('/app/reports/wearable-management'),
      schema: { querystring: wearableManagementQuerySchema, response: { 200: wearableManagementSchema } },
    },
    async (request) => {
      const scope = await callerOf(request).scope();
      const today = new Date().toISOString().slice(0, 10);
      const filter = await resolveFilter(db, scope, {
        organizationIds: request.query.organizationIds,
        organizationIdFilters: [],
        groupIds: [],
        groupIdFilters: [],
        startDate: today,
        endDate: today,
        view: 'org',
      });
      const orgs = new Set(filter.organizationIds ?? []);
      const { groupTree } = await loadTrees(db);
      const groupIds = groupTree.filter((g) => orgs.has(g.organizationId) && scope.groupIds.has(g.id)).map((g) => g.id);
      return wearableManagement(db, groupIds, { organizationIds: [...scope.organizationIds], groupIds: [...scope.groupIds] });
    },
  );
};
