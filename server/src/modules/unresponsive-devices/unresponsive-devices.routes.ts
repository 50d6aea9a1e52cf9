import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unresponsiveEndpoints } from '../../contracts/unresponsive-devices';
import type { Database } from '../../db/client';
import { forPages } from '../../core/access';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import { createUnresponsiveService } from './unresponsive-devices.service';

/** The route table's Unresponsive Devices row: {product} accounts holding UNRESPONSIVE. */
const UNRESPONSIVE_DEVICES = forPages('/app/maintenance/unresponsive-devices');

/**
 * GET devices/group/unresponsive (docs/SCREENS.md 'Unresponsive Devices'). It grows with the fleet and, for devices heard since the
 * range, with their heartbeats: `reportDb` stops it at the report statement limit (503).
 */
export const unresponsiveDevicesRoutes: FastifyPluginAsyncZod<{ reportDb: Database }> = async (app, { reportDb }) => {
  const service = createUnresponsiveService(reportDb);

  app.route({
    ...routeOf(unresponsiveEndpoints.list),
    config: UNRESPONSIVE_DEVICES,
    handler: async (request) => service.list(callerOf(request), request.query),
  });
};
