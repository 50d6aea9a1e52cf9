import { z } from 'zod';
import { endpoint } from './endpoint';
import { KIOSK_GATEWAY_MODEL_ID } from './devices';
import { bodyObject, idField, idListParam, idParam, searchField, textField, trimSpaces, typedMacField } from './fields';
import { lastStatusSchema } from './stations-realtime';

// The HTTP calls of the stations (docs/STATIONS.md 'Assignments'): the kiosk
// gateways and NFC stations of a location, the record of a kiosk assignment, and what a kiosk
// gateway reads at start. The channels and messages of the live sessions are in
// ./stations-realtime.ts; docs/STATIONS.md tells the whole protocol.

/** The role of a kiosk gateway (with model KIOSK_GATEWAY_MODEL_ID). */
export const KIOSK_GATEWAY_ROLE = 'KIOSK_GATEWAY';
export { KIOSK_GATEWAY_MODEL_ID };

/**
 * GET /stations/gateways: the active gateways of a location (with its descendants) in the caller's
 * scope. (GET /devices/group already answers the dispenser report's bare device list.)
 */
export const deviceGroupQuerySchema = z.object({
  groupId: idParam,
  /** 13 for kiosks. */
  modelId: idParam.optional(),
  /** Comma list of roles, e.g. 'KIOSK_GATEWAY'. */
  roles: textField(200)
    .optional()
    .transform((v) => (v ? v.split(',').map(trimSpaces).filter(Boolean) : undefined)),
  search: searchField(200),
});
export type DeviceGroupQuery = z.input<typeof deviceGroupQuerySchema>;

export const kioskGatewaySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mac: z.string(),
  modelId: z.number().int(),
  role: z.string().nullable(),
  /** The charging station's label. */
  station: z.string().nullable(),
  groupId: z.number().int(),
  groupName: z.string(),
  lastHeartbeatAt: z.string().nullable(),
  /** Where the session and the commands go (from the name and the MAC). */
  sessionChannel: z.string(),
  commandChannel: z.string(),
});
export type KioskGateway = z.infer<typeof kioskGatewaySchema>;
export const deviceGroupResponseSchema = z.object({ data: z.array(kioskGatewaySchema) });

/** GET /iot/things/stations: NFC stations of the given locations (with descendants). */
export const nfcStationsQuerySchema = z.object({ groupIds: idListParam });
export const nfcStationRowSchema = z.object({
  id: z.number().int(),
  device: z.object({
    mac: z.string(),
    name: z.string(),
    type: z.string(),
    modelName: z.string(),
    batteryPercent: z.number().int().nullable(),
    firmwareVersion: z.string().nullable(),
    lastStatus: lastStatusSchema.extend({ updatedAt: z.string().nullable() }).nullable(),
  }),
  station: z.object({ name: z.string(), groupId: z.number().int(), groupName: z.string() }),
});
export type NfcStationRow = z.infer<typeof nfcStationRowSchema>;
export const nfcStationsResponseSchema = z.object({ data: z.array(nfcStationRowSchema) });

/** POST /stations/assignments: records what a kiosk wrote to a wristband. */
export const stationAssignmentBodySchema = bodyObject({
  gatewayId: idField,
  wristbandMac: typedMacField,
  /** null: unassign. */
  userId: idField.nullable(),
});
export type StationAssignmentBody = z.input<typeof stationAssignmentBodySchema>;
export const stationAssignmentResponseSchema = z.object({
  wearableId: z.number().int(),
  userId: z.number().int().nullable(),
  /** Who held it before, if anyone. */
  previousUserId: z.number().int().nullable(),
  at: z.string(),
});
export type StationAssignmentResponse = z.infer<typeof stationAssignmentResponseSchema>;

export const STATION_MESSAGES = {
  gatewayNotFound: 'Kiosk gateway not found',
  wristbandNotFound: 'Wristband not found',
  notAtGateway: 'This wristband does not belong to that station.',
  syncEnabled: 'Sync-enabled wristbands are assigned at the kiosk.',
  userNotFound: 'User not found',
  userInactive: 'User is inactive',
} as const;

/**
 * GET /gateways/station (gateway credentials: `x-gateway-mac` and `Authorization: Bearer {token}`):
 * what a kiosk gateway needs at start: its name, channels and the wristbands whose home it is.
 */
export const gatewayStationSchema = z.object({
  mac: z.string(),
  name: z.string(),
  station: z.string().nullable(),
  sessionChannel: z.string(),
  commandChannel: z.string(),
  firmwareVersion: z.string().nullable(),
  wristbands: z.array(
    z.object({
      mac: z.string(),
      syncEnabled: z.boolean(),
      batteryPercent: z.number().int().nullable(),
      firmwareVersion: z.string().nullable(),
      holder: z.object({ userId: z.number().int(), name: z.string() }).nullable(),
    }),
  ),
});
export type GatewayStation = z.infer<typeof gatewayStationSchema>;

/** The Stations page's calls. */
export const stationEndpoints = {
  gateways: endpoint({ method: 'GET', path: '/stations/gateways', query: deviceGroupQuerySchema, response: deviceGroupResponseSchema }),
  nfcStations: endpoint({ method: 'GET', path: '/iot/things/stations', query: nfcStationsQuerySchema, response: nfcStationsResponseSchema }),
  recordAssignment: endpoint({ method: 'POST', path: '/stations/assignments', body: stationAssignmentBodySchema, response: stationAssignmentResponseSchema }),
};
