import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PermissionSubject } from '../../contracts/permissions';
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

/** The Stations page's kiosk view; the Gateways page reads the same gateway list. */
const GATEWAY_LIST_SUBJECTS: readonly PermissionSubject[] = ['STATIONS', 'GATEWAYS'];

// The route table gives Stations to every account type ({product}, PRO and BASIC), so these
// routes check subjects and scope only.

/** The Stations page's calls (03 §7 Devices and IoT): kiosk gateways, NFC stations, kiosk assignments. */
export const stationsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const service = createStationsService(db);

  // Not GET /devices/group, the spec's name for it: that path already answers the dispenser
  // report's bare device list (reports/dispensers.routes.ts), a different shape.
  app.get(
    '/stations/gateways',
    {
      config: { auth: 'id', subjects: GATEWAY_LIST_SUBJECTS },
      schema: { querystring: deviceGroupQuerySchema, response: { 200: deviceGroupResponseSchema } },
    },
    async (request) => service.gateways(callerOf(request), request.query),
  );

  app.get(
    '/iot/things/stations',
    {
      config: { auth: 'id', subjects: ['NFC_STATIONS'] },
      schema: { querystring: nfcStationsQuerySchema, response: { 200: nfcStationsResponseSchema } },
    },
    async (request) => service.nfcStations(callerOf(request), request.query),
  );

  app.post(
    '/stations/assignments',
    {
      config: { auth: 'id', subjects: ['STATIONS'] },
      schema: { body: stationAssignmentBodySchema, response: { 200: stationAssignmentResponseSchema } },
    },
    async (request) => service.recordAssignment(callerOf(request), request.body),
  );
};
