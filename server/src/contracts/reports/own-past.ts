import { z } from 'zod';
import { endpoint } from '../endpoint';
import { bodyObject, wholeNumberField } from '../fields';
import { reportDateSchema } from './common';

// Feedback against one's own past (docs/PRIVACY.md 'Feedback against one's own past';
// docs/METRICS.md '16. Own past'): the caller's compliance week by week, their best week, this
// week against their earlier weeks, and the goal they set themselves. Neither call takes a userId:
// both are always the caller's own, so nobody reads or sets another person's.

/** The weeks shown: this UTC week and the eleven before it. */
export const OWN_PAST_WEEKS = 12;
/** The goal's bounds, a whole percent. */
export const OWN_GOAL_MIN = 1;
export const OWN_GOAL_MAX = 100;

/** A request naming a parameter the call does not take (a `userId`, say) is refused, not quietly answered with the caller's own. */
const ownQuery = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `unknown parameter ${issue.keys.map((k) => `'${k}'`).join(', ')}: these figures are always your own` : undefined,
  });

/** GET /compliance/own-past: the weeks up to the one holding `date` (UTC), cut at `date`; today when absent. */
export const ownPastQuerySchema = ownQuery({ date: reportDateSchema.optional() });

const ratio = z.number().min(0).max(1).nullable();

/** One UTC week of the caller's (Monday to Sunday), its figures those of the compliance card (docs/METRICS.md '4. Compliance'). */
export const ownWeekSchema = z.object({
  /** The week's Monday, YYYY-MM-DD. */
  week: z.string(),
  /** Its last day counted: its Sunday, or the day asked for in the week holding it. */
  end: z.string(),
  opportunities: z.number().int(),
  compliantEvents: z.number().int(),
  complianceTotal: ratio,
});
export type OwnWeek = z.infer<typeof ownWeekSchema>;

export const ownPastSchema = z.object({
  /** OWN_PAST_WEEKS weeks, oldest first; the last is this week. */
  weeks: z.array(ownWeekSchema),
  /** The week of the highest compliance among those with opportunities (ties: more opportunities, then the later week); null when none had any. */
  bestWeek: ownWeekSchema.nullable(),
  /** The weeks before this one taken together: their compliant events over their opportunities. */
  earlierWeeks: z.object({ opportunities: z.number().int(), compliantEvents: z.number().int(), complianceTotal: ratio }),
  /** This week's compliance minus the earlier weeks' (a fraction); null when either has no opportunities. */
  change: z.number().nullable(),
  /** The goal the caller set themselves, a whole percent; null when none is set. */
  goalPercent: z.number().int().nullable(),
});
export type OwnPast = z.infer<typeof ownPastSchema>;

/** The goal's refusal, as the form shows it too. */
export const OWN_GOAL_MESSAGE = `must be a whole number from ${OWN_GOAL_MIN} to ${OWN_GOAL_MAX}`;

/** PUT /compliance/own-goal: the caller's own goal; null clears it. */
export const ownGoalBodySchema = bodyObject({ goalPercent: wholeNumberField(OWN_GOAL_MIN, OWN_GOAL_MAX).nullable() });
export type OwnGoalBody = z.input<typeof ownGoalBodySchema>;

export const ownGoalSchema = z.object({ goalPercent: z.number().int().nullable() });

/** Setting one's own goal: a write, kept apart from the report reads (userReportEndpoints holds GET /compliance/own-past). */
export const ownGoalEndpoints = {
  set: endpoint({ method: 'PUT', path: '/compliance/own-goal', body: ownGoalBodySchema, response: ownGoalSchema }),
};

/** GET /compliance/own-past, described with the User Overview's other reads (contracts/reports/compliance.ts). */
export const ownPastEndpoint = endpoint({ method: 'GET', path: '/compliance/own-past', query: ownPastQuerySchema, response: ownPastSchema });
