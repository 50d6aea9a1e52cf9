import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dispenserEndpoints } from '../../contracts/reports/dispensers';
import type { Database } from '../../db/client';
import { callerOf } from '../../plugins/auth';
import { forPages, MAINTENANCE_PAGES } from '../../plugins/access';
import { routeOf } from '../../plugins/endpoints';
import { createDispensersService } from './dispensers.service';

const OVERVIEW = forPages('/app/reports/dispenser-overview');
const ACTIVITY = forPages('/app/reports/dispenser-activity');
/** devices/group also serves the device-maintenance screens (03 §7 'Devices'). */
const DEVICES = forPages('/app/reports/dispenser-activity', ...MAINTENANCE_PAGES);

/** The dispenser calls of 02 §7 (docs/METRICS.md §5) and the location device list they use. */
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
