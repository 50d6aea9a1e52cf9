import { z } from 'zod';
import { checkDayRange, dayField, idListParam, textField } from '../fields';

// Query parameters the report calls share. Id lists arrive either repeated
// (organizationIds=3&organizationIds=5) or comma-separated (organizationIds=3,5); both parse.

/** A UTC calendar day, YYYY-MM-DD (an ISO date-time is accepted and cut to its UTC day). */
export const reportDateSchema = dayField;

export const reportViewSchema = z.enum(['org', 'loc']);
export type ReportView = z.infer<typeof reportViewSchema>;

/** A profession code ('REGISTERED_NURSE'), or 'ALL'. */
export const professionIdSchema = textField(100).optional();

/** organizationIds … endDate: the common parameters of the compliance and dispenser calls. */
export const reportQuerySchema = z
  .object({
    organizationIds: idListParam,
    organizationIdFilters: idListParam,
    professionId: professionIdSchema,
    groupIds: idListParam,
    groupIdFilters: idListParam,
    startDate: reportDateSchema,
    endDate: reportDateSchema,
    /** org: organization parameters apply; loc: group parameters apply. Inferred when absent. */
    view: reportViewSchema.optional(),
  })
  .superRefine(checkDayRange);
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** A figure with its change against the preceding period of the same length (null: no comparison). */
export const statSchema = z.object({ value: z.number().nullable(), delta: z.number().nullable() });
export type Stat = z.infer<typeof statSchema>;
