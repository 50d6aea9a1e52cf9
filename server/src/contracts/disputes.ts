import { z } from 'zod';
import { endpoint } from './endpoint';
import { bodyObject, countParam, dateTimeField, idField, idParam, multiLineTextField } from './fields';

// A wearer's dispute of one of their own opportunities (docs/METRICS.md 'Disputed opportunities').

/** Which door of a visit the disputed opportunity is. */
export const DISPUTE_KINDS = ['ENTRY', 'EXIT'] as const;
export type DisputeKind = (typeof DISPUTE_KINDS)[number];

/** What the wearer says happened. */
export const DISPUTE_REASONS = ['WASHED_ELSEWHERE', 'BADGE_LEFT', 'OTHER'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

/** Open until a manager of the unit accepts it (the opportunity leaves the figures) or declines it. */
export const DISPUTE_STATUSES = ['OPEN', 'ACCEPTED', 'DECLINED'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const disputeKindSchema = z.enum(DISPUTE_KINDS);
export const disputeReasonSchema = z.enum(DISPUTE_REASONS);
export const disputeStatusSchema = z.enum(DISPUTE_STATUSES);

/** What a wearer says a reason means, as the dispute dialog offers it. */
export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  WASHED_ELSEWHERE: 'I washed at the sink outside the room',
  BADGE_LEFT: 'Badge left in the room',
  OTHER: 'Other',
};

/** The longest note or reply. */
export const DISPUTE_TEXT_MAX = 500;
/** Disputes per page of the managers' list (the spec's default table page, 01 §'Tables'), and the most one request may ask for. */
export const DISPUTES_TAKE = 10;
export const DISPUTES_MAX_TAKE = 100;

/** The answers' messages the client matches on. */
export const DISPUTE_MESSAGES = {
  opportunityNotFound: 'Opportunity not found',
  alreadyDisputed: 'This opportunity is already disputed',
  disputeNotFound: 'Dispute not found',
  alreadyDecided: 'This dispute was already decided',
  noteRequired: 'Say what happened in a note when the reason is Other',
  replyRequired: 'Say why the dispute is declined',
} as const;

/** A dispute as its wearer sees it on their opportunity. */
export const ownDisputeSchema = z.object({
  id: z.number().int(),
  status: disputeStatusSchema,
  reason: disputeReasonSchema,
  note: z.string().nullable(),
  reply: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type OwnDispute = z.infer<typeof ownDisputeSchema>;

/** POST /compliance/user/own-opportunities/disputes: the caller disputes one of their own counted entries or exits, named by the door's instant. */
export const createDisputeBodySchema = bodyObject({
  kind: disputeKindSchema,
  doorAt: dateTimeField,
  reason: disputeReasonSchema,
  note: multiLineTextField(DISPUTE_TEXT_MAX).optional(),
}).refine((b) => b.reason !== 'OTHER' || (b.note ?? '').length > 0, { message: DISPUTE_MESSAGES.noteRequired, path: ['note'] });
export type CreateDisputeBody = z.input<typeof createDisputeBodySchema>;

/** GET /compliance/disputes: the disputes of the locations in the caller's scope, open first, newest first. */
export const disputesQuerySchema = z.object({
  status: disputeStatusSchema.optional(),
  take: countParam(1, DISPUTES_MAX_TAKE).default(DISPUTES_TAKE),
  /** The last id of the previous page. */
  startingAfter: idParam.optional(),
});
export type DisputesQuery = z.input<typeof disputesQuerySchema>;

/** A dispute as the unit's managers review it. */
export const disputeSchema = ownDisputeSchema.extend({
  kind: disputeKindSchema,
  doorAt: z.string(),
  createdAt: z.string(),
  wearer: z.object({ id: z.number().int(), name: z.string() }),
  /** The visit's location and its clock (IANA), and the room. */
  location: z.string(),
  timeZone: z.string(),
  room: z.string().nullable(),
  /** The opportunity's verdict as the stored visit holds it; null when the visit is no longer derived. */
  compliant: z.boolean().nullable(),
  decidedBy: z.string().nullable(),
});
export type Dispute = z.infer<typeof disputeSchema>;

export const disputesResponseSchema = z.object({
  data: z.array(disputeSchema),
  /** Disputes matching the filter, over all pages. */
  totalCount: z.number().int(),
});
export type DisputesResponse = z.infer<typeof disputesResponseSchema>;

export const disputeParamsSchema = z.object({ id: idParam });

/** Accepting: the wearer (as the list shows them) and an optional reply. */
export const acceptDisputeBodySchema = bodyObject({ userId: idField, reply: multiLineTextField(DISPUTE_TEXT_MAX).optional() });
/** Declining: the wearer and the reply they will read, required. */
export const declineDisputeBodySchema = bodyObject({ userId: idField, reply: multiLineTextField(DISPUTE_TEXT_MAX, { min: 1, minMessage: DISPUTE_MESSAGES.replyRequired }) });
export type DecideDisputeBody = z.input<typeof acceptDisputeBodySchema>;

/** The dispute calls: a wearer's own, and the managers' review. */
export const disputeEndpoints = {
  create: endpoint({ method: 'POST', path: '/compliance/user/own-opportunities/disputes', body: createDisputeBodySchema, response: ownDisputeSchema, status: 201 }),
  list: endpoint({ method: 'GET', path: '/compliance/disputes', query: disputesQuerySchema, response: disputesResponseSchema }),
  accept: endpoint({ method: 'POST', path: '/compliance/disputes/:id/accept', params: disputeParamsSchema, body: acceptDisputeBodySchema, response: disputeSchema }),
  decline: endpoint({ method: 'POST', path: '/compliance/disputes/:id/decline', params: disputeParamsSchema, body: declineDisputeBodySchema, response: disputeSchema }),
};
