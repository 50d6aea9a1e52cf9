import { z } from 'zod';
import { EDITOR_DEVICE_TYPES, REPLACED_DEVICES_GROUP_ID, zoneTypeSchema } from './devices';
import { endpoint } from './endpoint';
import { errorResponseSchema } from './errors';
import { bodyObject, idField, idParam, MAX_ID, textField, typedMacField } from './fields';

// The Location Editor (GET/POST /groups/editor): a location's devices and zones, and one save
// of every change made in edit mode. docs/SCREENS.md 'Screens', under Location Editor (server),
// gives the rules the spec leaves open (replacement, staging, conflicts, removal).

export { REPLACED_DEVICES_GROUP_ID };

export { EDITOR_DEVICE_TYPES };
export const editorDeviceTypeSchema = z.enum(EDITOR_DEVICE_TYPES);
export type EditorDeviceType = z.infer<typeof editorDeviceTypeSchema>;

/** What a beacon marks: a room, or a bed in a room. */
export const PHYSICAL_ROLES = ['ROOM', 'BED'] as const;

/** At most this many changed entities in one save. */
export const EDITOR_MAX_ITEMS = 1000;
/** A zone's outline: at most this many points per ring, and this many rings (the outline and its holes). */
export const ZONE_MAX_POINTS = 500;
export const ZONE_MAX_RINGS = 10;
/** Floor-plan coordinates (pixels) run from 0 to this. */
export const MAX_COORDINATE = 100_000;

const COORDINATE_MESSAGE = `coordinates are numbers from 0 to ${MAX_COORDINATE}`;
/** A floor-plan coordinate (pixels). */
export const coordinate = z.number(COORDINATE_MESSAGE).min(0, COORDINATE_MESSAGE).max(MAX_COORDINATE, COORDINATE_MESSAGE);
/** The version an entity was edited from. */
const versionField = z.number('versions are positive whole numbers').int('versions are positive whole numbers').positive('versions are positive whole numbers').max(MAX_ID);
/** Optional text that is stored as null when empty. */
const optionalText = (max: number) =>
  textField(max)
    .nullish()
    .transform((v) => (v === '' ? null : v));

// ---- GET /groups/editor ------------------------------------------------------------------------

export const editorQuerySchema = z.object({ groupId: idParam });
export type EditorQuery = z.input<typeof editorQuerySchema>;

const position = z.tuple([z.number(), z.number()]);
export const polygonSchema = z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(position)) });
export type Polygon = z.infer<typeof polygonSchema>;

export const editorGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  floorplanImage: z.string().nullable(),
  /** Floor-plan pixels per metre. */
  mapScale: z.number().nullable(),
});

/**
 * A device as the editor shows it. `version` grows with every change the editor makes (place,
 * settings, staging, replacement); a save names the version it edited (`baseVersion`).
 */
export const editorDeviceSchema = z.object({
  id: z.number().int(),
  entityType: z.literal('DEVICE'),
  mac: z.string(),
  name: z.string(),
  type: editorDeviceTypeSchema,
  groupId: z.number().int(),
  modelId: z.number().int(),
  firmwareVersionId: z.number().int().nullable(),
  role: z.string().nullable(),
  physicalRole: z.string().nullable(),
  zoneId: z.number().int().nullable(),
  x: z.number().nullable(),
  y: z.number().nullable(),
  active: z.boolean(),
  staged: z.boolean(),
  publish: z.boolean(),
  /** The device this one replaced (now in the 'Replaced Devices' group). */
  replacedDeviceId: z.number().int().nullable(),
  version: z.number().int(),
});
export type EditorDevice = z.infer<typeof editorDeviceSchema>;

export const editorZoneSchema = z.object({
  id: z.number().int(),
  entityType: z.literal('ZONE'),
  ehrId: z.string().nullable(),
  groupId: z.number().int(),
  name: z.string(),
  type: zoneTypeSchema,
  geometry: polygonSchema.nullable(),
  meta: z.record(z.string(), z.unknown()).nullable(),
  active: z.boolean(),
  staged: z.boolean(),
  publish: z.boolean(),
  version: z.number().int(),
});
export type EditorZone = z.infer<typeof editorZoneSchema>;

export const editorEntitySchema = z.discriminatedUnion('entityType', [editorDeviceSchema, editorZoneSchema]);
export type EditorEntity = z.infer<typeof editorEntitySchema>;

/** GET /groups/editor: the location, and the devices and zones of the location itself (not of its descendants). */
export const editorEntitiesSchema = z.object({
  group: editorGroupSchema,
  devices: z.array(editorDeviceSchema),
  zones: z.array(editorZoneSchema),
});
export type EditorEntities = z.infer<typeof editorEntitiesSchema>;

// ---- POST /groups/editor -----------------------------------------------------------------------

/** A zone's outline as drawn: rings of at least 3 points; an open ring is closed by the server. */
export const polygonInputSchema = bodyObject({
  type: z.literal('Polygon'),
  coordinates: z
    .array(
      z
        .array(z.tuple([coordinate, coordinate]))
        .min(3, 'a ring needs at least 3 points')
        .max(ZONE_MAX_POINTS + 1, `a ring may have at most ${ZONE_MAX_POINTS} points`),
    )
    .min(1, 'a polygon needs its outline')
    .max(ZONE_MAX_RINGS, `a polygon may have at most ${ZONE_MAX_RINGS} rings`),
});

/** A zone's settings: REMINDER zones remind at `interval` (a whole number, default 1). */
export const zoneMetaSchema = bodyObject({ interval: z.number().int().min(1).max(1440).optional() });

/** Fields every changed entity may carry. */
const changeFields = {
  /** A new entity has none. */
  id: idField.nullish(),
  /** true: save as staged (kept, not live), unless `publish`. */
  staged: z.boolean().optional(),
  /** true: publish (live, no longer staged). */
  publish: z.boolean().optional(),
  /** true: remove the entity (it needs its id). */
  remove: z.boolean().optional(),
  /** The version the entity was edited from; when the stored one differs, the save is refused with 409. */
  baseVersion: versionField.nullish(),
};

/** A device as the Device form sends it. */
export const editorDeviceItemSchema = bodyObject({
  entityType: z.literal('DEVICE'),
  ...changeFields,
  mac: typedMacField,
  name: textField(100, { min: 1, minMessage: 'Name is required' }),
  type: editorDeviceTypeSchema,
  groupId: idField,
  modelId: idField,
  firmwareVersionId: idField.nullish(),
  role: optionalText(50),
  physicalRole: z.enum(PHYSICAL_ROLES).nullish(),
  zoneId: idField.nullish(),
  x: coordinate.nullish(),
  y: coordinate.nullish(),
  active: z.boolean(),
});
export type EditorDeviceItem = z.infer<typeof editorDeviceItemSchema>;

/** A zone as the Zone form and the map send it; ehrId is read-only and ignored. */
export const editorZoneItemSchema = bodyObject({
  entityType: z.literal('ZONE'),
  ...changeFields,
  name: textField(100, { min: 1, minMessage: 'Name is required' }),
  type: zoneTypeSchema,
  groupId: idField,
  ehrId: textField(100).nullish(),
  geometry: polygonInputSchema,
  meta: zoneMetaSchema.nullish(),
  active: z.boolean(),
});
export type EditorZoneItem = z.infer<typeof editorZoneItemSchema>;

export const editorItemSchema = z.discriminatedUnion('entityType', [editorDeviceItemSchema, editorZoneItemSchema]);
export type EditorItem = z.infer<typeof editorItemSchema>;

export const EDITOR_MESSAGES = {
  /** A replacement's failures. */
  macUpdateFailed: 'Failed to update existing device MAC. Aborting replacement.',
  publishFailed: 'Failed to publish new device. Existing device MAC restored.',
  conflict: 'These entities were changed by someone else since they were loaded. Review both versions and save again.',
  deviceNotFound: 'Device not found',
  zoneNotFound: 'Zone not found',
  stagedMacTaken: 'This MAC already exists. Publish the staged device to inherit the existing device.',
  typeLocked: 'The type of a published device cannot be changed.',
  versionNotOfModel: 'The firmware version does not belong to the model.',
  zoneNotInLocation: "The zone is not in the device's location.",
  modelNotFound: 'Device model not found',
  duplicateEntity: 'An entity appears more than once in the save.',
  duplicateMac: 'Two devices of the save have the same MAC.',
  removeNeedsId: 'A removed entity needs its id.',
} as const;

/** The Device form's refusal of a replacement by a device of another type. */
export function replacementTypeMessage(currentType: string, replacementType: string): string {
  return `The replacement device must be the same type as the current device (${currentType}). Replacement device type: ${replacementType}.`;
}

/** The message of a model that is not of the device's type. */
export const modelTypeMessage = (type: string) => `The model is not a ${type} model.`;

/** POST /groups/editor: the changed entities, applied in order, all or none. */
export const editorSaveBodySchema = z
  .array(editorItemSchema)
  .min(1, 'a save needs at least one change')
  .max(EDITOR_MAX_ITEMS, `a save may carry at most ${EDITOR_MAX_ITEMS} changes`)
  .superRefine((items, ctx) => {
    const ids = new Set<string>();
    const macs = new Set<string>();
    items.forEach((item, index) => {
      if (!item || typeof item !== 'object') return;
      if (item.remove && !item.id) ctx.addIssue({ code: 'custom', message: EDITOR_MESSAGES.removeNeedsId, path: [index, 'id'] });
      if (item.id) {
        const key = `${item.entityType}:${item.id}`;
        if (ids.has(key)) ctx.addIssue({ code: 'custom', message: EDITOR_MESSAGES.duplicateEntity, path: [index, 'id'] });
        ids.add(key);
      }
      if (item.entityType === 'DEVICE' && !item.remove && typeof item.mac === 'string') {
        if (macs.has(item.mac)) ctx.addIssue({ code: 'custom', message: EDITOR_MESSAGES.duplicateMac, path: [index, 'mac'] });
        macs.add(item.mac);
      }
    });
  });
export type EditorSaveBody = z.input<typeof editorSaveBodySchema>;

/** What a save did to an item, for the '{Entity} "name" successfully added/edited/published!' toasts. */
export const EDITOR_ACTIONS = ['ADDED', 'EDITED', 'PUBLISHED', 'REMOVED', 'UNCHANGED'] as const;
export type EditorAction = (typeof EDITOR_ACTIONS)[number];

export const editorItemResultSchema = z.object({
  /** The item's place in the request. */
  index: z.number().int(),
  entityType: z.enum(['DEVICE', 'ZONE']),
  /** The id the item was sent with (null: a new entity). */
  sentId: z.number().int().nullable(),
  action: z.enum(EDITOR_ACTIONS),
  /** The entity as stored now, with its id and version; null when removed. For a replacement, the device that took the place. */
  entity: editorEntitySchema.nullable(),
  /** Devices: the existing device with the item's MAC took the place. */
  replacement: z
    .object({
      /** The device that already had the MAC and is now here. */
      deviceId: z.number().int(),
      /** The device it replaced, moved to the 'Replaced Devices' group (null: none was live here). */
      replacedDeviceId: z.number().int().nullable(),
    })
    .nullable(),
});
export type EditorItemResult = z.infer<typeof editorItemResultSchema>;

export const editorSaveResultSchema = z.object({
  /** One per item, in the request's order. */
  items: z.array(editorItemResultSchema),
  /** The entities this save published. */
  published: z.array(z.object({ entityType: z.enum(['DEVICE', 'ZONE']), id: z.number().int() })),
});
export type EditorSaveResult = z.infer<typeof editorSaveResultSchema>;

/** The 409 of a save made from stale versions: nothing was saved; each conflicting item with the server's version. */
export const editorConflictSchema = errorResponseSchema.extend({
  conflicts: z.array(
    z.object({
      index: z.number().int(),
      entityType: z.enum(['DEVICE', 'ZONE']),
      id: z.number().int(),
      baseVersion: z.number().int(),
      /** The entity as stored now; null when it was removed or is no longer in this location. */
      current: editorEntitySchema.nullable(),
    }),
  ),
});
export type EditorConflict = z.infer<typeof editorConflictSchema>;

/** A refused save (4xx) that names the item at fault: nothing was saved. */
export const editorItemErrorSchema = errorResponseSchema.extend({
  index: z.number().int(),
  entityType: z.enum(['DEVICE', 'ZONE']),
  id: z.number().int().nullable(),
  name: z.string(),
  /** Why a replacement failed, besides the spec's message. */
  reason: z.string().optional(),
});
export type EditorItemError = z.infer<typeof editorItemErrorSchema>;

const ENTITY_LABEL = { DEVICE: 'Device', ZONE: 'Zone' } as const;
const VERB: Partial<Record<EditorAction, string>> = { ADDED: 'added', EDITED: 'edited', PUBLISHED: 'published' };

/** The save's toast: '{Entity} "name" successfully added/edited/published!' (null for removals and unchanged items). */
export function editorSuccessMessage(entityType: 'DEVICE' | 'ZONE', name: string, action: EditorAction): string | null {
  const verb = VERB[action];
  return verb ? `${ENTITY_LABEL[entityType]} "${name}" successfully ${verb}!` : null;
}

/** The Location Editor's calls. */
export const editorEndpoints = {
  load: endpoint({ method: 'GET', path: '/groups/editor', query: editorQuerySchema, response: editorEntitiesSchema }),
  save: endpoint({ method: 'POST', path: '/groups/editor', query: editorQuerySchema, body: editorSaveBodySchema, response: editorSaveResultSchema }),
};
