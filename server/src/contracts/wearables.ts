import { z } from 'zod';
import { WEARABLE_TYPES } from './devices';
import { endpoint } from './endpoint';
import { bodyObject, countParam, flagParam, idField, idParam, MAX_ID, searchField } from './fields';
import { operationStateSchema } from './operations';

// Badges and wristbands: the list with holders, assigning and unassigning them, and a device's or a
// person's assignment history (docs/SCREENS.md 'Wristbands').

export const wearableTypeSchema = z.enum(WEARABLE_TYPES);
export type WearableType = z.infer<typeof wearableTypeSchema>;

const id = idParam;
const flag = flagParam;
const search = searchField(200);

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

/** The badge and wristband endpoints: the list, assigning, unassigning and the histories. */
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
};
