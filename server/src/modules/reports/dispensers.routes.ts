import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dispenserEndpoints } from '../../contracts/reports/dispensers';
import type { Database } from '../../db/client';
import { callerOf } from '../../core/caller';
import { forPages, MAINTENANCE_PAGES } from '../../core/access';
import { routeOf } from '../../core/route-of';
import { createDispensersService } from './dispensers.service';

const OVERVIEW = forPages('/app/reports/dispenser-overview');
const ACTIVITY = forPages('/app/reports/dispenser-activity');
/** devices/group also serves the device-maintenance screens. */
const DEVICES = forPages('/app/reports/dispenser-activity', ...MAINTENANCE_PAGES);

/** The dispenser calls (docs/METRICS.md 'Dispensers') and the location device list they use. */
export const dispensersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createDispensersService(db);

  app.route({
    ...routeOf(dispenserEndpoints.overviewStats),
    config: OVERVIEW,
    handler: async (request) => service.overview(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(dispenserEndpoints.trend),
    config: OVERVIEW,
    handler: async (request) => service.trend(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(dispenserEndpoints.usageTrends),
    config: OVERVIEW,
    handler: async (request) => service.usageTrends(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(dispenserEndpoints.ranking),
    config: OVERVIEW,
    handler: async (request) => service.ranking(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(dispenserEndpoints.groupActivity),
    config: ACTIVITY,
    handler: async (request) => service.locationActivity(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(dispenserEndpoints.hourly),
    config: ACTIVITY,
    handler: async (request) => service.hourly(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(dispenserEndpoints.groupDevices),
    config: DEVICES,
    handler: async (request) => service.locationDevices(callerOf(request), request.query),
  });
};
