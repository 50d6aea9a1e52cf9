import { z } from 'zod';

// Query parameters the report calls share (02 §7). Id lists arrive either repeated
// (organizationIds=3&organizationIds=5) or comma-separated (organizationIds=3,5); both parse.

const idList = z.preprocess((value) => {
  if (value === undefined || value === null || value === '') return [];
  const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}, z.array(z.coerce.number().int().positive('ids are positive whole numbers')).max(500));

/** A UTC calendar day, YYYY-MM-DD (an ISO date-time is accepted and cut to its UTC day). */
export const reportDateSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.length > 10 && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString().slice(0, 10) : v),
  z.iso.date({ message: 'must be a date (YYYY-MM-DD)' }),
);

export const reportViewSchema = z.enum(['org', 'loc']);
export type ReportView = z.infer<typeof reportViewSchema>;

/** organizationIds … endDate: the common parameters of the compliance and dispenser calls. */
export const reportQuerySchema = z
  .object({
    organizationIds: idList,
    organizationIdFilters: idList,
    professionId: z.string().trim().max(100).optional(),
    groupIds: idList,
    groupIdFilters: idList,
    startDate: reportDateSchema,
    endDate: reportDateSchema,
    /** org: organization parameters apply; loc: group parameters apply. Inferred when absent. */
    view: reportViewSchema.optional(),
  })
  .refine((q) => q.startDate <= q.endDate, { message: 'startDate must not be after endDate', path: ['startDate'] });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const idListSchema = idList;

/** A figure with its change against the preceding period of the same length (null: no comparison). */
export const statSchema = z.object({ value: z.number().nullable(), delta: z.number().nullable() });
export type Stat = z.infer<typeof statSchema>;
