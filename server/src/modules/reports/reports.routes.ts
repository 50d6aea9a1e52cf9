import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { createAnswerCache } from '../metrics/answers';
import { registerGroupOnly } from './group-only';
import { cdiffRoutes } from './cdiff.routes';
import { complianceReportRoutes } from './compliance-report.routes';
import { complianceRoutes } from './compliance.routes';
import { dispensersRoutes } from './dispensers.routes';
import { disputesRoutes } from './disputes.routes';
import { exposureRoutes } from './exposure.routes';
import { hygieneRoutes } from './hygiene.routes';
import { ownPastRoutes } from './own-past.routes';
import { roundingRoutes } from './rounding.routes';
import { trustRoutes } from './trust.routes';
import { userReportsRoutes } from './user-reports.routes';
import { wearableUsageRoutes } from './wearable-usage.routes';

/**
 * Every report GET, computed by docs/METRICS.md. The organization-level compliance and
 * hand-wash figures share one answer cache (ARCHITECTURE.md 'Scale', Answer cache).
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const answers = createAnswerCache(db);
  registerGroupOnly(app, db);
  for (const routes of [complianceRoutes, complianceReportRoutes, hygieneRoutes]) await app.register(routes, { db, answers });
  for (const routes of [userReportsRoutes, ownPastRoutes, disputesRoutes, dispensersRoutes, roundingRoutes, exposureRoutes, cdiffRoutes, wearableUsageRoutes, trustRoutes]) {
    await app.register(routes, { db });
  }
};
