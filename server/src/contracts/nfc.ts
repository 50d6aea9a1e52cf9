import { z } from 'zod';
import { bodyObject, countParam, dateTimeField, idField, idParam, printableText, searchField } from './fields';
import { endpoint } from './endpoint';

// NFC Tag Assignment. A tag's full id is 21 characters: the first 14 are its nfcId,
// the rest its nfcShortId. A tag is assigned while userId is set, unassigned when it is null.

/** Characters of an NFC id. */
export const NFC_ID_LENGTH = 14;
/** At most this many characters follow the NFC id (21 in all on a CSV row). */
export const NFC_SHORT_ID_MAX_LENGTH = 7;
/** Tags per page of GET /nfc-tags: the default, and the most one request may ask for. */
export const NFC_TAGS_TAKE = 100;
export const NFC_TAGS_MAX_TAKE = 500;
/** Assign events per page of a tag's history, also the most one request may ask for. */
export const NFC_EVENTS_TAKE = 45;

/** The answers' messages the client matches on. */
export const NFC_MESSAGES = {
  tagNotFound: 'NFC tag not found',
  locationNotFound: 'Location not found',
  userNotFound: 'User not found',
  nfcIdExists: 'NFC ID Already Exists',
  userAssigned: 'User Already Assigned',
  unknown: 'An unknown error occurred',
  nfcIdLength: `NFC ID must be exactly ${NFC_ID_LENGTH} characters`,
  alphanumeric: 'NFC ID Must Contain Only Alphanumeric Characters',
  shortIdLength: `NFC short ID must be at most ${NFC_SHORT_ID_MAX_LENGTH} characters`,
} as const;

/** The 409 of a PATCH whose expectedUserId no longer matches the tag's holder. */
export function assignedMeanwhileMessage(holder: { firstName: string; lastName: string } | null): string {
  return holder ? `This tag was assigned to ${`${holder.firstName} ${holder.lastName}`.trim()} meanwhile.` : 'This tag was unassigned meanwhile.';
}

const ALPHANUMERIC = /^[0-9A-Z]*$/;

/** The 14-character NFC id, upper-cased first (a scan may read lower-case hex). */
export const nfcIdSchema = printableText()
  .toUpperCase()
  .length(NFC_ID_LENGTH, NFC_MESSAGES.nfcIdLength)
  .regex(ALPHANUMERIC, NFC_MESSAGES.alphanumeric);

/** The rest of the tag's id: 0 to 7 upper-case letters or digits. */
export const nfcShortIdSchema = printableText()
  .toUpperCase()
  .max(NFC_SHORT_ID_MAX_LENGTH, NFC_MESSAGES.shortIdLength)
  .regex(ALPHANUMERIC, NFC_MESSAGES.alphanumeric);

const id = idParam;
const bodyId = idField;

/** The holder as a tag row shows them. */
export const nfcTagUserSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

export const nfcTagSchema = z.object({
  id: z.number().int(),
  nfcId: z.string(),
  nfcShortId: z.string(),
  groupId: z.number().int(),
  groupName: z.string(),
  active: z.boolean(),
  userId: z.number().int().nullable(),
  user: nfcTagUserSchema.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type NfcTag = z.infer<typeof nfcTagSchema>;

export const NFC_TAG_STATUSES = ['active', 'inactive'] as const;
export const nfcTagStatusSchema = z.enum(NFC_TAG_STATUSES);
export type NfcTagStatus = z.infer<typeof nfcTagStatusSchema>;

/** GET /nfc-tags: groupId (with its descendant locations; the caller's scope without), status, search, paging by id. */
export const nfcTagsQuerySchema = z.object({
  groupId: id.optional(),
  status: nfcTagStatusSchema.optional(),
  /** Matches nfcId, nfcShortId and the holder's first, last and user name, ignoring case. */
  search: searchField(100),
  take: countParam(1, NFC_TAGS_MAX_TAKE).default(NFC_TAGS_TAKE),
  /** The last id of the previous page. */
  startingAfter: id.optional(),
});
export type NfcTagsQuery = z.input<typeof nfcTagsQuerySchema>;
export const nfcTagsResponseSchema = z.object({
  data: z.array(nfcTagSchema),
  /** Tags matching the filters, over all pages. */
  totalCount: z.number().int(),
});
export type NfcTagsResponse = z.infer<typeof nfcTagsResponseSchema>;

/** GET /nfc/nfcId/{nfcId}. */
export const nfcIdParamsSchema = z.object({ nfcId: nfcIdSchema });

/** GET /nfc/nfc-data: the tags of a location (with its descendants) and/or of a user. */
export const nfcDataQuerySchema = z.object({
  groupId: id.optional(),
  userId: id.optional(),
});
export type NfcDataQuery = z.input<typeof nfcDataQuerySchema>;
export const nfcDataResponseSchema = z.array(nfcTagSchema);

/** POST /nfc-tags. The creator is always the caller; any other field is refused. */
export const createNfcTagBodySchema = bodyObject({
  nfcId: nfcIdSchema,
  nfcShortId: nfcShortIdSchema,
  /** The holder; absent or null leaves the tag unassigned. */
  userId: bodyId.nullable().optional(),
  groupId: bodyId,
  active: z.boolean().default(true),
  /** Accepted for the spec's clients and ignored: the creator is always the caller. */
  createdBy: bodyId.nullable().optional(),
});
export type CreateNfcTagBody = z.input<typeof createNfcTagBodySchema>;

export const nfcTagParamsSchema = z.object({ id });

/**
 * PATCH /nfc-tags/{id}: userId null unassigns. The updater is always the caller; updatedBy and
 * updatedAt are accepted for the spec's clients and ignored.
 */
export const updateNfcTagBodySchema = bodyObject({
  userId: bodyId.nullable(),
  nfcId: nfcIdSchema.optional(),
  nfcShortId: nfcShortIdSchema.optional(),
  active: z.boolean().optional(),
  /**
   * The holder the client saw when the edit was made (null: unassigned). An edit queued offline
   * and replayed later sends it; if the tag changed hands meanwhile the server answers 409
   * ('This tag was assigned to {name} meanwhile.' or 'This tag was unassigned meanwhile.') and
   * changes nothing, rather than silently overwriting a colleague's assignment. Absent: no check.
   */
  expectedUserId: bodyId.nullable().optional(),
  updatedBy: bodyId.nullable().optional(),
  updatedAt: dateTimeField.nullable().optional(),
});
export type UpdateNfcTagBody = z.input<typeof updateNfcTagBodySchema>;

/** GET /nfc-tags/{id}/assign-events: newest first, paged by the last event id of the previous page. */
export const nfcAssignEventsQuerySchema = z.object({
  take: countParam(1, NFC_EVENTS_TAKE).default(NFC_EVENTS_TAKE),
  startingAfter: id.optional(),
});
export type NfcAssignEventsQuery = z.input<typeof nfcAssignEventsQuerySchema>;

const personSchema = z.object({ firstName: z.string(), lastName: z.string() });

/** One assignment (userId set) or unassignment (userId null) of a tag. */
export const nfcAssignEventSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  user: personSchema.nullable(),
  /** Who made the change. */
  assignor: personSchema.nullable(),
  timestamp: z.iso.datetime(),
});
export type NfcAssignEvent = z.infer<typeof nfcAssignEventSchema>;

/** The spec reads the events from data.data. */
export const nfcAssignEventsResponseSchema = z.object({
  data: z.object({
    data: z.array(nfcAssignEventSchema),
    hasMore: z.boolean(),
  }),
});
export type NfcAssignEventsResponse = z.infer<typeof nfcAssignEventsResponseSchema>;

/** The NFC tag endpoints (NFC Tag Assignment). */
export const nfcEndpoints = {
  list: endpoint({ method: 'GET', path: '/nfc-tags', query: nfcTagsQuerySchema, response: nfcTagsResponseSchema }),
  byNfcId: endpoint({ method: 'GET', path: '/nfc/nfcId/:nfcId', params: nfcIdParamsSchema, response: nfcTagSchema }),
  data: endpoint({ method: 'GET', path: '/nfc/nfc-data', query: nfcDataQuerySchema, response: nfcDataResponseSchema }),
  create: endpoint({ method: 'POST', path: '/nfc-tags', body: createNfcTagBodySchema, response: nfcTagSchema, status: 201 }),
  update: endpoint({ method: 'PATCH', path: '/nfc-tags/:id', params: nfcTagParamsSchema, body: updateNfcTagBodySchema, response: nfcTagSchema }),
  assignEvents: endpoint({
    method: 'GET',
    path: '/nfc-tags/:id/assign-events',
    params: nfcTagParamsSchema,
    query: nfcAssignEventsQuerySchema,
    response: nfcAssignEventsResponseSchema,
  }),
};
