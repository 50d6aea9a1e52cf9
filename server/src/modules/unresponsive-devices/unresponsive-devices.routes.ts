import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unresponsiveEndpoints } from '../../contracts/unresponsive-devices';
import type { Database } from '../../db/client';
import { forPages } from '../../plugins/access';
import { callerOf } from '../../plugins/auth';
import { routeOf } from '../../plugins/endpoints';
import { createUnresponsiveService } from './unresponsive-devices.service';

/** The route table's Unresponsive Devices row: {product} accounts holding UNRESPONSIVE. */
const UNRESPONSIVE_DEVICES = forPages('/app/maintenance/unresponsive-devices');

/**
 * GET devices/group/unresponsive (03 §7). It grows with the fleet and, for devices heard since the
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
