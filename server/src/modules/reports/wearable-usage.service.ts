import type { z } from 'zod';
import type { wearableManagementQuerySchema, wearableUsageQuerySchema } from '../../contracts/reports/wearable-reports';
import type { Database } from '../../db/client';
import type { Caller } from '../../core/caller';
import { resolveFilter } from '../metrics/filters';
import { loadTrees } from '../locations';
import { callerFilter } from './report-scope';
import { wearableManagement, wearableUsage } from './wearable-usage.repo';

type WearableUsageQuery = z.output<typeof wearableUsageQuerySchema>;
type WearableManagementQuery = z.output<typeof wearableManagementQuerySchema>;

/** SmartSensor (wearable) usage and management. */
export function createWearableUsageService(db: Database) {
  return {
    /** GET wearable-usage/organization: the filter's wearers' wearable use. */
    async usage(caller: Caller, query: WearableUsageQuery) {
      const filter = await callerFilter(db, caller, { ...query, view: 'org' });
      return wearableUsage(db, filter);
    },

    /** GET wearable-management/organization: the wearables of the organizations' locations in the caller's scope. */
    async management(caller: Caller, query: WearableManagementQuery) {
      const scope = await caller.scope();
      const today = new Date().toISOString().slice(0, 10);
      const filter = await resolveFilter(db, scope, {
        organizationIds: query.organizationIds,
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
  };
}
