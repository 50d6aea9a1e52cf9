import { z } from 'zod';
import { deviceTypeSchema, WEARABLE_TYPES } from './devices';
import { endpoint } from './endpoint';
import { bodyObject, countParam, flagParam, idField, idListParam, idParam, MAX_ID, searchField, textField, trimSpaces, typedMacField } from './fields';
import { operationStateSchema } from './operations';

// Badge and wristband administration (03 §2 Badges, SmartBadge Management, Wristbands; §3 Device,
// History entry, Assignment; §5 Assign badges and Scan dialog; §7 Users and Devices calls).

export const wearableTypeSchema = z.enum(WEARABLE_TYPES);
export type WearableType = z.infer<typeof wearableTypeSchema>;

const id = idParam;
const flag = flagParam;
const search = searchField(200);

// ---- GET /users (the assign dialogs' user list) ----------------------------------------------

export const USERS_DEFAULT_TAKE = 20;
export const USERS_MAX_TAKE = 500;

/** What GET /users may add to each row (03 §7 Users); device is always there. */
export const USER_LIST_EXPANSIONS = ['cognito', 'managedOrganizations', 'managedGroups', 'device'] as const;
export type UserListExpansion = (typeof USER_LIST_EXPANSIONS)[number];
const userListExpandParam = z.preprocess((value) => {
  if (value === undefined || value === null || value === '') return [];
  return (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === 'string' ? v.split(',') : [v])).map((v) => (typeof v === 'string' ? trimSpaces(v) : v));
}, z.array(z.enum(USER_LIST_EXPANSIONS, `expand takes ${USER_LIST_EXPANSIONS.join(', ')}`)).max(8));

export const userListQuerySchema = z.object({
  /** Organizations (with their descendants) whose users are listed; every user in scope without. */
  organizationIds: idListParam,
  /** A location with its descendants: users whose home location is in it. */
  groupId: id.optional(),
  /** Words matched (case-insensitive, each somewhere) against userName, firstName, lastName, email and clientUserId. */
  search,
  active: flag.optional(),
  /** true: only users without a current wearable. */
  unassigned: flag.optional(),
  take: countParam(1, USERS_MAX_TAKE).default(USERS_DEFAULT_TAKE),
  /** The last id of the previous page (users come in id order). */
  startingAfter: id.optional(),
  /** Only users of this profession (its code, e.g. NURSE). */
  professionId: textField(64).optional(),
  /** What each row also carries: USER_LIST_EXPANSIONS, comma-separated or repeated. */
  expand: userListExpandParam,
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const assignedDeviceSchema = z.object({
  id: z.number().int(),
  mac: z.string(),
  type: wearableTypeSchema,
  /** The check-in code. */
  code: z.string().nullable(),
});

export const userListRowSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  clientUserId: z.string().nullable(),
  professionId: z.string().nullable(),
  organizationId: z.number().int(),
  groupId: z.number().int().nullable(),
  active: z.boolean(),
  /** The wearable the user holds now. */
  device: assignedDeviceSchema.nullable(),
  nfcTag: z.object({ id: z.number().int(), nfcId: z.string() }).nullable(),
  email: z.string().nullable(),
  /** A new address waiting for its owner to prove it (the invitation or the verification link went to it); null: none. */
  pendingEmail: z.string().nullable(),
  phone: z.string().nullable(),
  picture: z.string().nullable(),
  /** The permissions template. */
  roleId: z.number().int(),
  roleName: z.string(),
  createdAt: z.string(),
  /** When the user last signed in to the console; null: never (or not since this was kept). */
  lastLogin: z.string().nullable(),
  /**
   * Whether the caller may change this user's account: false for a user above them (who manages
   * more, or whose template grants what the caller lacks; docs/PERMISSIONS.md 'Acting on another user').
   */
  changeable: z.boolean(),
  /** With expand=cognito: the sign-in account (null: none). */
  cognito: z.object({ status: z.string(), enabled: z.boolean() }).nullable().optional(),
  /** With expand=managedOrganizations / managedGroups. */
  managedOrganizations: z.array(z.object({ organizationId: z.number().int(), active: z.boolean() })).optional(),
  managedGroups: z.array(z.object({ groupId: z.number().int(), active: z.boolean() })).optional(),
});
export type UserListRow = z.infer<typeof userListRowSchema>;

export const userListSchema = z.object({
  data: z.array(userListRowSchema),
  /** How many users match the query, over every page. */
  totalCount: z.number().int(),
});
export type UserList = z.infer<typeof userListSchema>;

// ---- GET /devices/wearables -----------------------------------------------------------------

export const wearableListQuerySchema = z.object({
  /** A location with its descendants; every location in scope without. */
  groupId: id.optional(),
  /** Without it, every wearable type the caller may read. */
  type: wearableTypeSchema.optional(),
  /** Matched (case-insensitive) against MAC (with or without colons), name, code and the holder's names. */
  search,
  /** true: only wearables held by someone now; false: only free ones. */
  assigned: flag.optional(),
});
export type WearableListQuery = z.input<typeof wearableListQuerySchema>;

/** A wearable with its holder, and its firmware, settings sync and operations as the operations pages show them. */
export const wearableRowSchema = z
  .object({
    id: z.number().int(),
    mac: z.string(),
    code: z.string().nullable(),
    name: z.string(),
    type: wearableTypeSchema,
    modelId: z.number().int(),
    modelName: z.string(),
    groupId: z.number().int(),
    groupName: z.string(),
    firmwareVersion: z.string().nullable(),
    /** The model's latest firmware version. */
    latestFirmwareVersion: z.string().nullable(),
    batteryMv: z.number().int().nullable(),
    batteryPercent: z.number().int().nullable(),
    lastHeartbeatAt: z.string().nullable(),
    staged: z.boolean(),
    active: z.boolean(),
    /** The current holder; null when nobody holds it or the holder is outside the caller's scope. */
    user: z
      .object({ id: z.number().int(), userName: z.string(), firstName: z.string(), lastName: z.string() })
      .nullable(),
    /** The organization of the wearable's location. */
    organizationName: z.string(),
  })
  .extend(operationStateSchema.shape);
export type WearableRow = z.infer<typeof wearableRowSchema>;

export const wearableListSchema = z.object({ data: z.array(wearableRowSchema) });
export type WearableList = z.infer<typeof wearableListSchema>;

// ---- POST /users/assign-badge, POST /users/unassign-wearable --------------------------------

export const ASSIGN_MAX_ITEMS = 100;

const assignmentItem = bodyObject({
  userId: idField,
  wearableId: idField,
  /** Ignored: the server records the caller as the assignor. */
  assignorId: idField.nullish(),
});

export const assignBadgeBodySchema = z.array(assignmentItem).min(1).max(ASSIGN_MAX_ITEMS);
export type AssignBadgeBody = z.input<typeof assignBadgeBodySchema>;

export const ASSIGN_MESSAGES = {
  userNotFound: 'User not found',
  deviceNotFound: 'Device not found',
  userInactive: 'User is inactive',
  noPermission: 'You do not have permission to assign this device',
} as const;

/** One answer per item, in order, shaped like Promise.allSettled. */
export const assignResultSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('fulfilled'),
    value: z.object({ userId: z.number().int(), wearableId: z.number().int(), assignedAt: z.string() }),
  }),
  z.object({ status: z.literal('rejected'), reason: z.object({ message: z.string() }) }),
]);
export type AssignResult = z.infer<typeof assignResultSchema>;
export const assignBadgeResponseSchema = z.array(assignResultSchema);

export const unassignWearableBodySchema = assignmentItem;
export type UnassignWearableBody = z.input<typeof unassignWearableBodySchema>;
export const unassignWearableResponseSchema = z.object({
  userId: z.number().int(),
  wearableId: z.number().int(),
  unassignedAt: z.string(),
});
export type UnassignWearableResponse = z.infer<typeof unassignWearableResponseSchema>;

export const NOT_ASSIGNED_MESSAGE = 'This device is not assigned to that user.';

// ---- GET /devices/:id/history, GET /users/:id/history ---------------------------------------

export const HISTORY_DEFAULT_TAKE = 45;
export const HISTORY_MAX_TAKE = 100;

/** A history entry id: 'a-{assignment id}' (its ASSIGN) or 'u-{assignment id}' (its UNASSIGN). */
export const historyEntryIdSchema = z
  .string()
  .regex(/^[au]-[1-9]\d{0,9}$/, "must be an entry id ('a-12' or 'u-12')")
  .refine((entry) => Number(entry.slice(2)) <= MAX_ID, "must be an entry id ('a-12' or 'u-12')");

export const historyParamsSchema = z.object({ id });
export const historyQuerySchema = z.object({
  take: countParam(1, HISTORY_MAX_TAKE).default(HISTORY_DEFAULT_TAKE),
  /** The id of the last entry of the previous page. */
  startingAfter: historyEntryIdSchema.optional(),
});
export type HistoryQuery = z.input<typeof historyQuerySchema>;

export const ASSIGNOR_TYPES = ['USER', 'KIOSK', 'NFC'] as const;

export const historyEntrySchema = z.object({
  id: z.string(),
  type: z.enum(['ASSIGN', 'UNASSIGN']),
  timestamp: z.string(),
  user: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }),
  device: z.object({ id: z.number().int(), mac: z.string(), checkInCode: z.string().nullable() }),
  /** Who made the assignment (an unassignment carries its assignment's assignor). */
  assignor: z.object({ type: z.enum(ASSIGNOR_TYPES), name: z.string().nullable() }),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** Newest first. */
export const historyResponseSchema = z.object({ data: z.array(historyEntrySchema), hasMore: z.boolean() });
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

// ---- GET /devices/models, GET /devices/mac/:mac, POST /devices ------------------------------

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

/** The kinds of device a gateway scan finds and the Find devices dialog adds (03 §2 'Shared dialogs'). */
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

/** Each device of the array, created or refused (`active` false, with the reason, 03 §7). */
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

/** The badge and wristband administration endpoints of 03 §7 (Users and Devices calls). */
export const wearableEndpoints = {
  list: endpoint({ method: 'GET', path: '/devices/wearables', query: wearableListQuerySchema, response: wearableListSchema }),
  assign: endpoint({ method: 'POST', path: '/users/assign-badge', body: assignBadgeBodySchema, response: assignBadgeResponseSchema }),
  unassign: endpoint({
    method: 'POST',
    path: '/users/unassign-wearable',
    body: unassignWearableBodySchema,
    response: unassignWearableResponseSchema,
  }),
  deviceHistory: endpoint({
    method: 'GET',
    path: '/devices/:id/history',
    params: historyParamsSchema,
    query: historyQuerySchema,
    response: historyResponseSchema,
  }),
  userHistory: endpoint({
    method: 'GET',
    path: '/users/:id/history',
    params: historyParamsSchema,
    query: historyQuerySchema,
    response: historyResponseSchema,
  }),
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
