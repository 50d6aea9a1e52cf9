import { z } from 'zod';
import { deviceKindSchema, KEEPING, STORED_KIND_IDS } from './data-catalogue';
import { endpoint } from './endpoint';
import { bodyObject, checkDayRange, countParam, dayField, idField, idParam, multiLineTextField } from './fields';
import { permissionSubjectSchema } from './permissions';

// Privacy by design (docs/PRIVACY.md): the purpose a caller states before opening another person's
// data, the access log each person reads of their own, and the audit trail's screen.

/** Why a caller opens another person's data. */
export const ACCESS_PURPOSES = ['COACHING', 'INFECTION_INVESTIGATION', 'DATA_QUALITY', 'AUDIT', 'OTHER'] as const;
export type AccessPurpose = (typeof ACCESS_PURPOSES)[number];
export const accessPurposeSchema = z.enum(ACCESS_PURPOSES, `purpose takes ${ACCESS_PURPOSES.join(', ')}`);

/** A purpose in the words the dialog, the access log and the audit trail use. */
export const ACCESS_PURPOSE_LABELS: Record<AccessPurpose, string> = {
  COACHING: 'Coaching and feedback',
  INFECTION_INVESTIGATION: 'Infection investigation',
  DATA_QUALITY: 'Data quality',
  AUDIT: 'Audit',
  OTHER: 'Other',
};

/**
 * Days an organization keeps raw presence and bed events (docs/PRIVACY.md 'Retention'): 400 unless
 * it sets another, never under a month (late uploads and an outbreak's tracing need that much).
 */
export const RETENTION_DAYS = { min: 30, max: 3650, default: 400 } as const;

/** The audit trail's actor for what the server does on its own schedule (a retention purge): no user has id 0. */
export const SYSTEM_ACTOR_ID = 0;
export const SYSTEM_ACTOR_NAME = 'Lavo (scheduled)';

/** 403: another person's own report pages, when their unit shows group figures only (docs/PRIVACY.md 'Group-only units'). */
export const GROUP_ONLY_MESSAGE = "This person's unit shows group figures only.";

/** The longest note beside a purpose. */
export const PURPOSE_NOTE_MAX = 300;

/** The answers' messages the client matches on. */
export const PRIVACY_MESSAGES = {
  /** 428: a read of another person's data before a purpose was stated for them in this sign-in. */
  purposeRequired: "Say why you are opening this person's data first.",
  noteRequired: 'Say what the purpose is in a note when it is Other',
} as const;

/** The status of a read refused for want of a purpose. */
export const PURPOSE_REQUIRED_STATUS = 428;

/** POST /privacy/purposes: the caller's purpose for a person, for the rest of this sign-in. */
export const statePurposeBodySchema = bodyObject({
  personUserId: idField,
  purpose: accessPurposeSchema,
  note: multiLineTextField(PURPOSE_NOTE_MAX).optional(),
}).refine((b) => b.purpose !== 'OTHER' || (b.note ?? '').length > 0, { message: PRIVACY_MESSAGES.noteRequired, path: ['note'] });
export type StatePurposeBody = z.input<typeof statePurposeBodySchema>;

export const statedPurposeSchema = z.object({
  personUserId: z.number().int(),
  purpose: accessPurposeSchema,
  note: z.string().nullable(),
  at: z.string(),
});
export type StatedPurpose = z.infer<typeof statedPurposeSchema>;

/** GET /privacy/purposes: the purposes the caller stated in this sign-in, one per person. */
export const statedPurposesSchema = z.object({ data: z.array(statedPurposeSchema) });
export type StatedPurposes = z.infer<typeof statedPurposesSchema>;

/** Rows per page of the access log and the audit trail, and the most one request may ask for (an export pages through them). */
export const ACCESS_LOG_TAKE = 20;
export const ACCESS_LOG_MAX_TAKE = 500;

/** GET /privacy/access-log: reads of the caller's data by someone else, newest first. */
export const accessLogQuerySchema = z.object({
  take: countParam(1, ACCESS_LOG_MAX_TAKE).default(ACCESS_LOG_TAKE),
  /** The last id of the previous page. */
  startingAfter: idParam.optional(),
});
export type AccessLogQuery = z.input<typeof accessLogQuerySchema>;

/** One read of a person's data by someone else. */
export const accessLogRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  viewer: z.object({
    id: z.number().int(),
    name: z.string(),
    /** Their permissions template ('Charge Nurse'), and their profession when they have one. */
    role: z.string(),
  }),
  /** The page the read served ('/app/reports/user-overview'), or null when its route names none. */
  page: z.string().nullable(),
  purpose: accessPurposeSchema.nullable(),
  purposeNote: z.string().nullable(),
});
export type AccessLogRow = z.infer<typeof accessLogRowSchema>;

export const accessLogResponseSchema = z.object({
  data: z.array(accessLogRowSchema),
  /** Rows over all pages. */
  totalCount: z.number().int(),
});
export type AccessLogResponse = z.infer<typeof accessLogResponseSchema>;

export const AUDIT_ACTIONS = ['read', 'write'] as const;

/** GET /audit-events: the audit trail, newest first, filtered. */
export const auditTrailQuerySchema = z
  .object({
    /** Events about this person (whose data was read or written). */
    personUserId: idParam.optional(),
    /** Events this user made. */
    actorUserId: idParam.optional(),
    action: z.enum(AUDIT_ACTIONS, "action takes 'read' or 'write'").optional(),
    /** Days in UTC, both included. */
    startDate: dayField.optional(),
    endDate: dayField.optional(),
    take: countParam(1, ACCESS_LOG_MAX_TAKE).default(ACCESS_LOG_TAKE),
    startingAfter: idParam.optional(),
  })
  .superRefine(checkDayRange);
export type AuditTrailQuery = z.input<typeof auditTrailQuerySchema>;

const namedUser = z.object({ id: z.number().int(), name: z.string() });

export const auditTrailRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: namedUser,
  action: z.enum(AUDIT_ACTIONS),
  method: z.string(),
  route: z.string(),
  params: z.record(z.string(), z.unknown()),
  query: z.record(z.string(), z.unknown()),
  target: z.record(z.string(), z.unknown()),
  person: namedUser.nullable(),
  status: z.number().int(),
  page: z.string().nullable(),
  purpose: accessPurposeSchema.nullable(),
  purposeNote: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditTrailRow = z.infer<typeof auditTrailRowSchema>;

export const auditTrailResponseSchema = z.object({ data: z.array(auditTrailRowSchema), totalCount: z.number().int() });
export type AuditTrailResponse = z.infer<typeof auditTrailResponseSchema>;

/** GET /privacy/description: the description of one organization of the caller's scope (docs/PRIVACY.md 'The description for the works council'). */
export const privacyDescriptionQuerySchema = z.object({ organizationId: idParam });
export type PrivacyDescriptionQuery = z.input<typeof privacyDescriptionQuerySchema>;

const namedThing = z.object({ id: z.number().int(), name: z.string() });

/** What an organization's settings put in force, from it and the organizations above it. */
const privacySettingsSchema = z.object({
  /** Days raw presence and bed events are kept: the shortest of it and those above. */
  retentionDays: z.number().int(),
  /** The organization whose setting that is (itself or one above). */
  retentionSetBy: namedThing,
  noLeaderboards: z.boolean(),
  /** The organization that turned leaderboards off (itself or one above); null while they are on. */
  noLeaderboardsSetBy: namedThing.nullable(),
});

export const privacyDescriptionSchema = z.object({
  organization: namedThing,
  generatedAt: z.string(),
  settings: privacySettingsSchema,
  /** Every organization below it, with what is in force there. */
  organizationsBelow: z.array(namedThing.extend({ retentionDays: z.number().int(), noLeaderboards: z.boolean() })),
  /** Its group-only locations (docs/PRIVACY.md 'Group-only units'). */
  groupOnlyUnits: z.array(namedThing.extend({ organizationName: z.string() })),
  /** Zones of type PRIVATE in its locations (docs/PRIVACY.md 'Private zones'). */
  privateZones: z.array(namedThing.extend({ locationId: z.number().int(), locationName: z.string() })),
  /** The devices of its locations by kind, with their models and what each kind collects. */
  devices: z.array(
    z.object({
      kind: deviceKindSchema,
      label: z.string(),
      count: z.number().int(),
      models: z.array(z.object({ name: z.string(), count: z.number().int() })),
      collects: z.array(z.string()),
    }),
  ),
  notCollected: z.array(z.string()),
  /** Every stored kind and how long it is kept: `keptDays` is the retention, or null when kept. */
  storedEvents: z.array(
    z.object({ kind: z.enum(STORED_KIND_IDS), label: z.string(), what: z.string(), keeping: z.enum(KEEPING), keptDays: z.number().int().nullable() }),
  ),
  /** The permission templates its people hold. */
  templates: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string().nullable(),
      users: z.number().int(),
      /** What it opens, in the words of the permission catalogue ('Audit Trail', 'Compliance Report'). */
      grants: z.array(z.string()),
      subjects: z.array(permissionSubjectSchema),
    }),
  ),
  purposes: z.array(z.object({ purpose: accessPurposeSchema, label: z.string() })),
  /** The rules in words (contracts/data-catalogue.ts PRIVACY_RULES). */
  rules: z.object({
    scope: z.string(),
    ownData: z.string(),
    purpose: z.string(),
    accessLog: z.string(),
    auditTrail: z.string(),
    groupOnly: z.string(),
    noLeaderboards: z.string(),
    retention: z.string(),
  }),
});
export type PrivacyDescription = z.infer<typeof privacyDescriptionSchema>;

export const privacyEndpoints = {
  statePurpose: endpoint({ method: 'POST', path: '/privacy/purposes', body: statePurposeBodySchema, response: statedPurposeSchema }),
  purposes: endpoint({ method: 'GET', path: '/privacy/purposes', response: statedPurposesSchema }),
  accessLog: endpoint({ method: 'GET', path: '/privacy/access-log', query: accessLogQuerySchema, response: accessLogResponseSchema }),
  auditTrail: endpoint({ method: 'GET', path: '/audit-events', query: auditTrailQuerySchema, response: auditTrailResponseSchema }),
  description: endpoint({ method: 'GET', path: '/privacy/description', query: privacyDescriptionQuerySchema, response: privacyDescriptionSchema }),
};
