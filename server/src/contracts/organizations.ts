import { z } from 'zod';
import { endpoint } from './endpoint';
import { groupSchema, organizationSchema } from './entities';
import { accountTypeSchema } from './permissions';
import { bodyObject, idField, idParam, textField, wholeNumberField } from './fields';
import { MATCH_TOLERANCE_RANGE } from './observation-audits';
import { RETENTION_DAYS } from './privacy';

// The Organizations and Locations screens (docs/SCREENS.md 'Screens'): both trees, the organization form
// (POST organizations) and the location form (POST groups, multipart with the floor-plan image).

/** Organization types that need a default location. */
export const TYPES_NEEDING_DEFAULT_LOCATION = ['NETWORK', 'HOSPITAL'] as const;
/** The type only organization 1, the root, has. */
export const PROVIDER_TYPE = 'PROVIDER';

export const DEFAULT_LOCATION_MESSAGE = 'A default location is required for networks and hospitals';

/** POST /organizations: a new organization (no id) or an edit of one (id). */
export const organizationBodySchema = bodyObject({
  id: idField.nullish(),
  parentId: idField.nullish(),
  name: textField(120, { min: 1, minMessage: 'Name is required' }),
  type: z.enum(['PROVIDER', 'NETWORK', 'HOSPITAL', 'DEPARTMENT'], 'type must be NETWORK, HOSPITAL or DEPARTMENT'),
  accountType: accountTypeSchema,
  settings: bodyObject({
    defaultLocationId: idField.nullable(),
    displayDurations: z.boolean().optional(),
    displayReminders: z.boolean().optional(),
    auditMatchToleranceSeconds: wholeNumberField(MATCH_TOLERANCE_RANGE.min, MATCH_TOLERANCE_RANGE.max).optional(),
    hideLeaderboards: z.boolean('hideLeaderboards must be true or false').optional(),
    retentionDays: wholeNumberField(RETENTION_DAYS.min, RETENTION_DAYS.max).optional(),
    /** The organization's own locations whose people reports name only to themselves and the provider; the others are not. */
    groupOnlyLocationIds: z.array(idField).max(1000, 'groupOnlyLocationIds may name at most 1000 locations').optional(),
  }),
}).superRefine((body, ctx) => {
  if ((TYPES_NEEDING_DEFAULT_LOCATION as readonly string[]).includes(body.type) && body.settings.defaultLocationId === null) {
    ctx.addIssue({ code: 'custom', message: DEFAULT_LOCATION_MESSAGE, path: ['settings', 'defaultLocationId'] });
  }
});
export type OrganizationBody = z.infer<typeof organizationBodySchema>;

/** GET /organizations: the tree the caller sees (their organizations, and the ancestors above them). */
export const organizationTreeSchema = z.object({ data: z.array(organizationSchema) });

/** GET /groups: the location tree the caller sees, the same way. */
export const groupTreeSchema = z.object({ data: z.array(groupSchema) });

/** The largest floor-plan image accepted (bytes). */
export const FLOORPLAN_MAX_BYTES = 10 * 1024 * 1024;
export const FLOORPLAN_TYPE_MESSAGE = 'The floor plan must be a png or jpeg image';
export const FLOORPLAN_SIZE_MESSAGE = 'The floor plan may be at most 10 MB';

const wholeNumber = (min: number, max: number, message: string) => z.number(message).int(message).min(min, message).max(max, message);
const seconds = (label: string) => wholeNumber(1, 3600, `${label} must be a whole number of seconds from 1 to 3600`);
const MAP_SCALE_MESSAGE = 'Map scale must be a number from 0.01 to 100000';

/**
 * POST /groups: a new location (no id) or an edit (id), as multipart form fields with an optional
 * `floorplan` image file (numbers written as decimal text, see GROUP_NUMBER_FIELDS), or as JSON.
 * Parent and organization are fixed once the location exists. Visit duration and map scale left
 * out keep their value (a new location: 30 s, no scale).
 */
export const groupBodySchema = bodyObject({
  id: idField.optional(),
  parentId: idField.optional(),
  organizationId: idField,
  name: textField(120, { min: 1, minMessage: 'Name is required' }),
  type: textField(40, { min: 1, minMessage: 'Type is required' }),
  address: textField(300, { min: 1, minMessage: 'Address is required' }),
  timeZone: textField(60, { min: 1, minMessage: 'Time zone is required' }),
  shiftLengthHours: wholeNumber(1, 24, 'Shift length must be a whole number of hours from 1 to 24'),
  requiredHandWashDuration: seconds('Wash duration'),
  requiredVisitDuration: seconds('Visit duration').optional(),
  beforeEntrySecondsToComply: seconds('Before entry'),
  afterEntrySecondsToComply: seconds('After entry'),
  beforeExitSecondsToComply: seconds('Before exit'),
  afterExitSecondsToComply: seconds('After exit'),
  mapScale: z.number(MAP_SCALE_MESSAGE).min(0.01, MAP_SCALE_MESSAGE).max(100_000, MAP_SCALE_MESSAGE).nullable().optional(),
  /** The floor-plan image's bytes (multipart only). */
  floorplan: z.instanceof(Uint8Array, { message: 'floorplan must be an uploaded file' }).optional(),
});

/** The fields a multipart form writes as decimal text; an empty one is left out (mapScale: cleared). */
export const GROUP_NUMBER_FIELDS = [
  'id',
  'parentId',
  'organizationId',
  'shiftLengthHours',
  'requiredHandWashDuration',
  'requiredVisitDuration',
  'beforeEntrySecondsToComply',
  'afterEntrySecondsToComply',
  'beforeExitSecondsToComply',
  'afterExitSecondsToComply',
  'mapScale',
] as const;
export type GroupBody = z.infer<typeof groupBodySchema>;

export const groupParamsSchema = z.object({ id: idParam });
export const floorplanParamsSchema = z.object({
  id: idParam,
  // Any other name is answered 404 like a file that is not there: the name is compared with the
  // location's own before storage is read.
  file: textField(64, { min: 1 }),
});

export const organizationEndpoints = {
  tree: endpoint({ method: 'GET', path: '/organizations', response: organizationTreeSchema }),
  save: endpoint({ method: 'POST', path: '/organizations', body: organizationBodySchema, response: organizationSchema }),
};

export const groupEndpoints = {
  tree: endpoint({ method: 'GET', path: '/groups', response: groupTreeSchema }),
  save: endpoint({ method: 'POST', path: '/groups', body: groupBodySchema, response: groupSchema }),
};

/** GET /groups/:id/floorplan/:file: an uploaded floor-plan image (the address a location's floorplanImage gives). */
export const FLOORPLAN_ROUTE = '/groups/:id/floorplan/:file';
