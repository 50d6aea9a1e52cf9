import { z } from 'zod';
import { endpoint } from './endpoint';
import { bodyObject, checkDayRange, countParam, dayField, idField, idParam, multiLineTextField } from './fields';

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

export const privacyEndpoints = {
  statePurpose: endpoint({ method: 'POST', path: '/privacy/purposes', body: statePurposeBodySchema, response: statedPurposeSchema }),
  purposes: endpoint({ method: 'GET', path: '/privacy/purposes', response: statedPurposesSchema }),
  accessLog: endpoint({ method: 'GET', path: '/privacy/access-log', query: accessLogQuerySchema, response: accessLogResponseSchema }),
  auditTrail: endpoint({ method: 'GET', path: '/audit-events', query: auditTrailQuerySchema, response: auditTrailResponseSchema }),
};
