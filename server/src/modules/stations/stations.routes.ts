import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deviceGroupQuerySchema,
  deviceGroupResponseSchema,
  nfcStationsQuerySchema,
  nfcStationsResponseSchema,
  stationAssignmentBodySchema,
  stationAssignmentResponseSchema,
} from '../../contracts/stations';
import type { Database } from '../../db/client';
import { callerOf } from '../../plugins/auth';
import { createStationsService } from './stations.service';
import { feature, forPages } from '../../plugins/access';

/** The Stations page's kiosk view (its standard stations); the Gateways page reads the same gateway list. */
const GATEWAY_LIST = forPages(feature('/app/maintenance/stations', 'STATIONS'), '/app/maintenance/gateways');

/** The Stations page's calls (03 §7 Devices and IoT): kiosk gateways, NFC stations, kiosk assignments. */
export const stationsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createStationsService(db);

  // Not GET /devices/group, the spec's name for it: that path already answers the dispenser
  // report's bare device list (reports/dispensers.routes.ts), a different shape.
  app.get(
    '/stations/gateways',
    {
      config: GATEWAY_LIST,
      schema: { querystring: deviceGroupQuerySchema, response: { 200: deviceGroupResponseSchema } },
    },
    async (request) => service.gateways(callerOf(request), request.query),
  );

  app.get(
    '/iot/things/stations',
    {
      config: forPages(feature('/app/maintenance/stations', 'NFC_STATIONS')),
      schema: { querystring: nfcStationsQuerySchema, response: { 200: nfcStationsResponseSchema } },
    },
    async (request) => service.nfcStations(callerOf(request), request.query),
  );

  app.post(
    '/stations/assignments',
    {
      config: forPages(feature('/app/maintenance/stations', 'STATIONS')),
      schema: { body: stationAssignmentBodySchema, response: { 200: stationAssignmentResponseSchema } },
    },
    async (request) => service.recordAssignment(callerOf(request), request.body),
  );
};
