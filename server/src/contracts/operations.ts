import { z } from 'zod';
import { settingGroupViewSchema, SYNC_STATES, type OperableType } from './device-settings';
import { endpoint } from './endpoint';
import { bodyObject, idField, idParam, multiLineTextField, textField } from './fields';
import type { AppPage } from './page-access';

// Device operations (docs/OPERATIONS.md): the operable
// devices of a location with their settings, firmware and last operation; the settings wanted of
// them; presets; operations queued (settings first, then firmware), cancelled while pending, and
// carried out by the gateway that hears each device, whose progress every page of the location
// hears on its channel. docs/OPERATIONS.md tells the flow and the decisions.

/** The page that operates each kind of device (the route table's BEACONS, DISPENSERS_MAINTENANCE, WRISTBANDS, BADGES). */
export const OPERATIONS_PAGES: Readonly<Record<OperableType, AppPage>> = {
  BEACON: '/app/maintenance/beacon-operations',
  DISPENSER: '/app/maintenance/dispenser-operations',
  WRISTBAND: '/app/maintenance/wristbands',
  BADGE: '/app/maintenance/badges',
};

export const OPERATION_TYPES = ['SETTING', 'DFU'] as const;
export const operationTypeSchema = z.enum(OPERATION_TYPES, "must be 'SETTING' or 'DFU'");
export type OperationType = (typeof OPERATION_TYPES)[number];

/** Stored operation statuses; the spec's lower-case forms are what the pages and events carry. */
export const OPERATION_STATUSES = ['PENDING', 'WORKING', 'DONE', 'FAILED', 'CANCELED'] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];
/** Still to be carried out: a device with one of these has its actions disabled. */
export const OPEN_OPERATION_STATUSES = ['PENDING', 'WORKING'] as const satisfies readonly OperationStatus[];

export const LAST_STATUSES = ['pending', 'working', 'done', 'canceled', 'failed', 'payload'] as const;
export type LastStatusValue = (typeof LAST_STATUSES)[number];
export const lowerStatus = (status: OperationStatus) => status.toLowerCase() as LastStatusValue;

/** Display verbs (docs/OPERATIONS.md 'Operations'): pending Dispatched, working Started, done Completed, canceled Cancelled, failed Failed. */
export const STATUS_VERBS: Readonly<Record<LastStatusValue, string>> = {
  pending: 'Dispatched',
  working: 'Started',
  done: 'Completed',
  canceled: 'Cancelled',
  failed: 'Failed',
  payload: 'Completed',
};

export const OPERATION_MESSAGES = {
  canceled: 'Operation successfully canceled.',
  cancelRefused: 'Only a pending operation can be cancelled: this one was already dispatched to its device.',
  notFound: 'Operation not found',
  deviceNotFound: 'Device not found',
  descriptionRequired: 'A description is required',
  oneKind: 'Choose devices of one kind and model',
  failed: 'Uh oh something went wrong and the operations could not be completed.',
  presetNotFound: 'Preset not found',
  transition: 'The operation cannot move to that status',
} as const;

/** '{n} setting change(s) scheduled.' */
export const settingChangesScheduled = (n: number) => `${n} setting change(s) scheduled.`;

/** At most this many devices or operations in one call. */
export const MAX_OPERATION_DEVICES = 2_000;

const firmwareRefSchema = z.object({ id: z.number().int(), version: z.string() }).nullable();

export const openOperationSchema = z.object({
  id: z.number().int(),
  type: operationTypeSchema,
  status: z.enum(LAST_STATUSES),
  progress: z.number().int(),
  description: z.string(),
  createdAt: z.string(),
});
export type OpenOperation = z.infer<typeof openOperationSchema>;

export const lastStatusSchema = z.object({
  status: z.enum(LAST_STATUSES),
  type: operationTypeSchema,
  updatedAt: z.string(),
  operationMetaDataId: z.number().int(),
  /** DFU progress percent (100 when done). */
  progress: z.number().int(),
  /** Why it failed, when it did. */
  message: z.string().nullable(),
});
export type LastStatus = z.infer<typeof lastStatusSchema>;

/**
 * What the operations pages show of a device's operations, and the wearables list with them:
 * its firmware (current and its model's latest), settings sync, last and open operations.
 */
export const operationStateSchema = z.object({
  firmware: z.object({ current: firmwareRefSchema, latest: firmwareRefSchema }),
  settingsSync: z.enum(SYNC_STATES),
  lastStatus: lastStatusSchema.nullable(),
  /** Open (pending or working), oldest first. */
  operations: z.array(openOperationSchema),
  /** No current firmware, or an operation pending or working. */
  operationDisabled: z.boolean(),
});
export type OperationState = z.infer<typeof operationStateSchema>;

/** A row of the operations pages. */
export const operableDeviceSchema = z
  .object({
    id: z.number().int(),
    mac: z.string(),
    name: z.string(),
    type: z.string(),
    modelId: z.number().int(),
    modelName: z.string(),
    groupId: z.number().int(),
    groupName: z.string(),
    role: z.string().nullable(),
    physicalRole: z.string().nullable(),
    mode: z.string().nullable(),
    txPower: z.number().int().nullable(),
    batteryPercent: z.number().int().nullable(),
    batteryMv: z.number().int().nullable(),
    lastHeartbeatAt: z.string().nullable(),
    x: z.number().nullable(),
    y: z.number().nullable(),
  })
  .extend(operationStateSchema.shape);
export type OperableDevice = z.infer<typeof operableDeviceSchema>;

export const locationQuerySchema = z.object({ groupId: idParam });

const settingValueSchema = bodyObject({ label: textField(60, { min: 1 }), desired: z.number('must be a number').int('must be a whole number') });
const presetValueSchema = bodyObject({ label: textField(60, { min: 1 }), value: z.number('must be a number').int('must be a whole number') });

export const presetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  modelId: z.number().int(),
  settings: z.array(z.object({ label: z.string(), value: z.number().int() })),
});
export type Preset = z.infer<typeof presetSchema>;

export const deviceIdsBodySchema = bodyObject({
  deviceIds: z.array(idField).min(1, 'choose at least one device').max(MAX_OPERATION_DEVICES, `at most ${MAX_OPERATION_DEVICES} devices`),
});

/** POST settings/devices: the settings of a set of devices of one kind and model, with its presets. */
export const deviceSettingsResponseSchema = z.object({
  deviceCount: z.number().int(),
  type: z.string(),
  model: z.object({ id: z.number().int(), name: z.string() }),
  /** The firmware versions the devices run (the header's version badges). */
  versions: z.array(z.string()),
  groups: z.array(settingGroupViewSchema),
  presets: z.array(presetSchema),
});
export type DeviceSettingsResponse = z.infer<typeof deviceSettingsResponseSchema>;

export const saveSettingsBodySchema = z
  .array(bodyObject({ deviceId: idField, settings: z.array(settingValueSchema).min(1, 'name at least one setting').max(50, 'at most 50 settings') }))
  .min(1, 'name at least one device')
  .max(MAX_OPERATION_DEVICES, `at most ${MAX_OPERATION_DEVICES} devices`);
export type SaveSettingsBody = z.input<typeof saveSettingsBodySchema>;

export const queueOperationsBodySchema = bodyObject({
  description: multiLineTextField(500, { min: 1, minMessage: OPERATION_MESSAGES.descriptionRequired }).refine((d) => d.trim().length > 0, OPERATION_MESSAGES.descriptionRequired),
  operations: z
    .array(bodyObject({ type: operationTypeSchema, deviceId: idField, groupId: idField }))
    .min(1, 'queue at least one operation')
    .max(MAX_OPERATION_DEVICES * 2, `at most ${MAX_OPERATION_DEVICES * 2} operations`),
});
export type QueueOperationsBody = z.input<typeof queueOperationsBodySchema>;

/** The reason a queue answers for a job already open on the device (operations and gateway software jobs alike). */
export const ALREADY_QUEUED_REASON = 'Already queued or in progress';

export const queuedOperationSchema = z.object({
  deviceId: z.number().int(),
  type: operationTypeSchema,
  /** The operation's id (operationMetaDataId); the open one's when it was already queued. */
  id: z.number().int().nullable(),
  queued: z.boolean(),
  /** Why nothing was queued: already queued or in progress, or nothing to change. */
  reason: z.string().nullable(),
});
export type QueuedOperation = z.infer<typeof queuedOperationSchema>;

export const cancelOperationBodySchema = bodyObject({ operationMetaDataId: idField });

export const createPresetBodySchema = bodyObject({
  name: textField(100, { min: 1, minMessage: 'A preset needs a name' }),
  modelId: idField,
  settings: z.array(presetValueSchema).max(50, 'at most 50 settings'),
});
export const updatePresetBodySchema = bodyObject({
  id: idField,
  name: textField(100, { min: 1, minMessage: 'A preset needs a name' }),
  settings: z.array(presetValueSchema).max(50, 'at most 50 settings'),
});
export const presetParamsSchema = z.object({ id: idParam });

export const operationEndpoints = {
  beacons: endpoint({ method: 'GET', path: '/devices/beacons', query: locationQuerySchema, response: z.array(operableDeviceSchema) }),
  beaconRoles: endpoint({ method: 'GET', path: '/devices/beacons/roles', query: locationQuerySchema, response: z.record(z.string(), z.string().nullable()) }),
  dispensers: endpoint({ method: 'GET', path: '/devices/dispensers', query: locationQuerySchema, response: z.array(operableDeviceSchema) }),
  deviceSettings: endpoint({ method: 'POST', path: '/settings/devices', body: deviceIdsBodySchema, response: deviceSettingsResponseSchema }),
  saveSettings: endpoint({ method: 'POST', path: '/settings', body: saveSettingsBodySchema, response: z.object({ updated: z.number().int() }) }),
  queue: endpoint({ method: 'POST', path: '/operations', body: queueOperationsBodySchema, response: z.object({ operations: z.array(queuedOperationSchema) }) }),
  cancel: endpoint({ method: 'POST', path: '/operations/cancel', body: cancelOperationBodySchema, response: z.object({ deviceId: z.number().int() }) }),
  createPreset: endpoint({ method: 'POST', path: '/settings/presets', body: createPresetBodySchema, response: presetSchema, status: 201 }),
  updatePreset: endpoint({ method: 'PUT', path: '/settings/presets', body: updatePresetBodySchema, response: presetSchema }),
  deletePreset: endpoint({ method: 'DELETE', path: '/settings/presets/:id', params: presetParamsSchema, response: z.object({ deleted: z.boolean() }) }),
};

// ---- Live progress (docs/OPERATIONS.md 'Live progress') ----------------------------------------

/** A location's operations channel: 'private-operations-{groupId}'. docs/PERMISSIONS.md 'Channels' says who may join. */
export const operationsChannel = (groupId: number) => `private-operations-${groupId}`;
export const OPERATIONS_CHANNEL_PATTERN = /^private-operations-(\d{1,10})$/;

/** Event names on the location channel: a settings transfer, a setting applied, a firmware update. */
export const OPERATION_EVENTS = ['TRANSFER', 'SETTING', 'DFU'] as const;
export type OperationEvent = (typeof OPERATION_EVENTS)[number];

export const operationEventSchema = z.object({
  deviceId: z.number().int(),
  operationMetaDataId: z.number().int(),
  type: operationTypeSchema,
  status: z.enum(LAST_STATUSES),
  progress: z.number().int(),
  message: z.string().nullable(),
  /** A completed SETTING: the settings the device now runs. */
  settings: z.record(z.string(), z.number()).optional(),
  /** A completed DFU: the firmware the device now runs. */
  firmware: firmwareRefSchema.optional(),
  updatedAt: z.string(),
});
export type OperationEventPayload = z.infer<typeof operationEventSchema>;

// ---- The gateway's side -------------------------------------------------------------------------

/** An operation a gateway is to carry out on a device it hears. */
export const gatewayOperationSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  mac: z.string(),
  type: operationTypeSchema,
  status: z.enum(OPERATION_STATUSES),
  progress: z.number().int(),
  settings: z.record(z.string(), z.number()).nullable(),
  firmwareVersion: z.string().nullable(),
  batteryPercent: z.number().int().nullable(),
  batteryMv: z.number().int().nullable(),
  lastHeartbeatAt: z.string().nullable(),
});
export type GatewayOperation = z.infer<typeof gatewayOperationSchema>;

/** What a gateway reports of an operation: started (with DFU progress), done, or failed and why. */
export const gatewayOperationReportSchema = bodyObject({
  status: z.enum(['WORKING', 'DONE', 'FAILED'], "must be 'WORKING', 'DONE' or 'FAILED'"),
  progress: z.number().int().min(0).max(100).optional(),
  message: textField(200).optional(),
});
export type GatewayOperationReport = z.input<typeof gatewayOperationReportSchema>;
export const gatewayOperationParamsSchema = z.object({ id: idParam });

export const gatewayOperationEndpoints = {
  list: endpoint({ method: 'GET', path: '/gateways/operations', response: z.array(gatewayOperationSchema) }),
  report: endpoint({
    method: 'POST',
    path: '/gateways/operations/:id',
    params: gatewayOperationParamsSchema,
    body: gatewayOperationReportSchema,
    response: z.object({ status: z.enum(OPERATION_STATUSES) }),
  }),
};
