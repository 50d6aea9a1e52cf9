import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEndpoints } from '../../contracts/observation-audits';
import type { Database } from '../../db/client';
import { forPages } from '../../core/access';
import { auditRead } from '../../core/audit-rule';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import { createAuditFiguresService } from './audit-figures.service';
import { createAuditsService } from './audits.service';

/** The observers' page. */
const AUDITS = forPages('/app/reports/observation-audits');
/** The validation of a report's units is shown beside its compliance on the Performance Overview and the Compliance Report. */
const SUMMARY = forPages('/app/reports/observation-audits', '/app/reports/overview', '/app/reports/compliance');

/**
 * Observation audits (docs/METRICS.md '11. Observation audits: how far the sensors agree'): the
 * observers' sessions and records, written on `db`; the figures, which read a month of sensor
 * opportunities, on `reportDb`, stopped at the report statement limit.
 */
export const auditsRoutes: FastifyPluginAsyncZod<{ db: Database; reportDb: Database }> = async (app, { db, reportDb }) => {
  const audits = createAuditsService(db);
  const figures = createAuditFiguresService(reportDb);

  // The units' staff lists name people: the read is recorded, about no one person.
  app.route({ ...routeOf(auditEndpoints.units), config: { ...AUDITS, ...auditRead(() => null, '/app/reports/observation-audits') }, handler: async (request) => audits.units(callerOf(request)) });
  app.route({ ...routeOf(auditEndpoints.startSession), config: AUDITS, handler: async (request) => audits.start(callerOf(request), request.body) });
  app.route({
    ...routeOf(auditEndpoints.endSession),
    config: AUDITS,
    handler: async (request) => audits.end(callerOf(request), request.params.clientId, request.body),
  });
  app.route({ ...routeOf(auditEndpoints.record), config: AUDITS, handler: async (request) => audits.record(callerOf(request), request.body) });
  app.route({ ...routeOf(auditEndpoints.undo), config: AUDITS, handler: async (request) => audits.undo(callerOf(request), request.params.clientId) });
  app.route({ ...routeOf(auditEndpoints.sessions), config: AUDITS, handler: async (request) => audits.sessions(callerOf(request), request.query) });
  app.route({ ...routeOf(auditEndpoints.summary), config: SUMMARY, handler: async (request) => figures.summary(callerOf(request), request.query) });
  app.route({ ...routeOf(auditEndpoints.validation), config: AUDITS, handler: async (request) => figures.validation(callerOf(request), request.query) });
  app.route({ ...routeOf(auditEndpoints.leapfrog), config: AUDITS, handler: async (request) => figures.leapfrog(callerOf(request), request.query) });
};
