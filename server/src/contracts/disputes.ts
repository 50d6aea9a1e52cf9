import { z } from 'zod';

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
