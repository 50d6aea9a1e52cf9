import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stationEndpoints } from '../../contracts/stations';
import type { Database } from '../../db/client';
import { feature, forPages } from '../../core/access';
import { callerOf } from '../../core/caller';
import { routeOf } from '../../core/route-of';
import { createStationsService } from './stations.service';

/** The Stations page's kiosk view (its standard stations); the Gateways page reads the same gateway list. */
const GATEWAY_LIST = forPages(feature('/app/maintenance/stations', 'STATIONS'), '/app/maintenance/gateways');

/** The Stations page's calls: kiosk gateways, NFC stations, kiosk assignments. */
export const stationsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createStationsService(db);

  // Not GET /devices/group, the spec's name for it: that path already answers the dispenser
  // report's bare device list (modules/reports/dispensers.routes.ts), a different shape.
  app.route({
    ...routeOf(stationEndpoints.gateways),
    config: GATEWAY_LIST,
    handler: async (request) => service.gateways(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(stationEndpoints.nfcStations),
    config: forPages(feature('/app/maintenance/stations', 'NFC_STATIONS')),
    handler: async (request) => service.nfcStations(callerOf(request), request.query),
  });

  app.route({
    ...routeOf(stationEndpoints.recordAssignment),
    config: forPages(feature('/app/maintenance/stations', 'STATIONS')),
    handler: async (request) => service.recordAssignment(callerOf(request), request.body),
  });
};
