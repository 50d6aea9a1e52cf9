import { z } from 'zod';
import { deviceTypeSchema } from './devices';
import { endpoint } from './endpoint';
import { bodyObject, idField, textField, typedMacField } from './fields';
import { wearableRowSchema } from './wearables';

// The registry of devices: the models, a device by its MAC, and adding devices (one badge from the
// Badges page, or the devices a gateway's scan found).

export const deviceModelsQuerySchema = z.object({ type: deviceTypeSchema.optional() });

export const deviceModelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  deviceType: deviceTypeSchema,
  /** Newest first. */
  versions: z.array(z.object({ id: z.number().int(), version: z.string(), isLatest: z.boolean() })),
});
export type DeviceModel = z.infer<typeof deviceModelSchema>;
export const deviceModelsSchema = z.array(deviceModelSchema);

export const macParamsSchema = z.object({ mac: typedMacField });
export const macLookupSchema = z.object({
  exists: z.boolean(),
  /** Null when no device has the MAC, or when it is outside the caller's scope. */
  device: z
    .object({ id: z.number().int(), name: z.string(), groupId: z.number().int(), groupName: z.string(), type: deviceTypeSchema })
    .nullable(),
});
export type MacLookup = z.infer<typeof macLookupSchema>;

export const createBadgeBodySchema = bodyObject({
  mac: typedMacField,
  type: z.literal('BADGE'),
  groupId: idField,
  modelId: idField,
  firmwareVersionId: idField,
  /** Defaults to 'Badge ' and the MAC's last five hex digits. */
  name: textField(100, { min: 1 }).optional(),
  active: z.boolean().default(true),
});
export type CreateBadgeBody = z.input<typeof createBadgeBodySchema>;

/** The kinds of device a gateway scan finds and the Find devices dialog adds (docs/GATEWAYS.md 'Devices found by a scan'). */
export const SCANNED_DEVICE_TYPES = ['BEACON', 'DISPENSER', 'WRISTBAND', 'BADGE'] as const;

/** One device of POST /devices as an array (the Find devices dialog). */
export const newDeviceItemSchema = bodyObject({
  mac: typedMacField,
  type: z.enum(SCANNED_DEVICE_TYPES, `must be one of ${SCANNED_DEVICE_TYPES.join(', ')}`),
  groupId: idField,
  modelId: idField,
  firmwareVersionId: idField.nullable().optional(),
  name: textField(100, { min: 1 }).optional(),
  active: z.boolean().default(true),
});
export type NewDeviceItem = z.input<typeof newDeviceItemSchema>;

/** Each device of the array, created or refused (`active` false, with the reason; docs/GATEWAYS.md 'Devices found by a scan'). */
export const createdDeviceSchema = z.object({
  id: z.number().int().nullable(),
  mac: z.string(),
  type: deviceTypeSchema,
  groupId: z.number().int(),
  active: z.boolean(),
  reason: z.object({ message: z.string() }).nullable(),
});
export type CreatedDevice = z.infer<typeof createdDeviceSchema>;

/** POST /devices: one badge (the Badges page) or an array of devices (the Find devices dialog). */
export const deviceCreationBodySchema = z.union([createBadgeBodySchema, z.array(newDeviceItemSchema).min(1, 'add at least one device').max(500, 'at most 500 devices')]);
export const deviceCreationResponseSchema = z.union([wearableRowSchema, z.array(createdDeviceSchema)]);

/** The default name of a new badge: 'Badge ' and the last five hex digits of its MAC. */
export function defaultBadgeName(mac: string): string {
  return `Badge ${mac.replace(/:/g, '').slice(-5)}`;
}

/** The default name of a device added by a scan: its kind and the MAC's last five hex digits ('Beacon 4C45A'). */
export function defaultDeviceName(type: string, mac: string): string {
  return type === 'BADGE' ? defaultBadgeName(mac) : `${type.charAt(0)}${type.slice(1).toLowerCase()} ${mac.replace(/:/g, '').slice(-5)}`;
}

export const CREATE_BADGE_MESSAGES = {
  notBadgeModel: 'The model is not a badge model.',
  versionNotOfModel: 'The firmware version does not belong to the model.',
  modelNotOfType: 'The model is not a model of this kind of device.',
  repeated: 'The MAC is named twice in this request.',
  bulkNeedsGateways: 'Adding devices in bulk is done from the Gateways page.',
} as const;

/** The 409 of a MAC that is already taken. */
export function deviceExistsMessage(location: string): string {
  return `Device already exists at ${location}.`;
}

/** The device registry's endpoints: the models, a device by MAC, and POST /devices. */
export const deviceRegistryEndpoints = {
  models: endpoint({ method: 'GET', path: '/devices/models', query: deviceModelsQuerySchema, response: deviceModelsSchema }),
  byMac: endpoint({ method: 'GET', path: '/devices/mac/:mac', params: macParamsSchema, response: macLookupSchema }),
  /** One badge; the route's schemas take an array too (gateways.ts createDevices). */
  createBadge: endpoint({
    method: 'POST',
    path: '/devices',
    body: deviceCreationBodySchema as unknown as typeof createBadgeBodySchema,
    response: deviceCreationResponseSchema as unknown as typeof wearableRowSchema,
    status: 201,
  }),
};
