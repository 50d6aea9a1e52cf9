import { z } from 'zod';
import { washTypeSchema } from '../devices';
import { endpoint } from '../endpoint';
import { checkDayRange, countParam, idListParam, idParam, MAX_ID, textField } from '../fields';
import { reportDateSchema } from './common';

// C. diff room reports (zones/cdiff; docs/METRICS.md 'C. diff'). Dates are UTC days; an ISO
// date-time is cut to its UTC day.

/** Rooms and visits load this many at a time unless `take` says otherwise. */
export const CDIFF_PAGE_SIZE = 15;

const oneSearchTerm = /^\s*name\s*~\s*"((?:[^"\\]|\\.)*)"\s*$/;

/**
 * `search[]` terms of the form name~"text" (a `\` escapes the next character). Every term must
 * match: a room's name contains each text, any case. Anything else is rejected.
 */
export const cdiffSearchSchema = z.preprocess(
  (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
  z
    .array(textField(200))
    .max(10, 'at most 10 search terms')
    .transform((terms, ctx) => {
      const out: string[] = [];
      for (const term of terms) {
        const match = oneSearchTerm.exec(term);
        if (match?.[1] === undefined) {
          ctx.addIssue({ code: 'custom', message: 'search terms must look like name~"text"' });
          return z.NEVER;
        }
        out.push(match[1].replace(/\\(.)/g, '$1'));
      }
      return out.filter((t) => t !== '');
    }),
);

const range = {
  startDate: reportDateSchema,
  endDate: reportDateSchema,
  /** Locations (with descendants), intersected with the caller's scope; the whole scope without. */
  groupIds: idListParam,
  take: countParam(1, 100).default(CDIFF_PAGE_SIZE),
};

export const cdiffRoomsQuerySchema = z
  .object({
    ...range,
    /** Only these rooms (zone ids). */
    zoneIds: idListParam,
    /** The zone id of the last room of the previous page. */
    startingAfter: idParam.optional(),
    search: cdiffSearchSchema,
    'search[]': cdiffSearchSchema,
  })
  .superRefine(checkDayRange);

/**
 * What the C. diff figures count, in the words the page shows beside them (docs/METRICS.md 'C.
 * diff'): the two measure different things, so a room's count and its percentage need not agree.
 */
export const CDIFF_FIGURES = {
  compliantVisits: 'Compliant Visits: visits with a compliant entry and a compliant exit.',
  soapCompliance: 'Soap Compliance: the share of visits whose exit was washed with soap (sanitizer does not kill C. difficile spores); the visit list ticks these.',
} as const;

export const cdiffRoomSchema = z.object({
  zoneId: z.number().int(),
  name: z.string(),
  groupId: z.number().int(),
  /** Counted visits with a compliant entry and a compliant exit. */
  compliantVisits: z.number().int(),
  totalVisits: z.number().int(),
  /** Share of visits whose exit was satisfied by a soap wash (0–1; null without visits). */
  soapCompliance: z.number().min(0).max(1).nullable(),
});

export const cdiffRoomsSchema = z.object({ data: z.array(cdiffRoomSchema), totalCount: z.number().int() });

export const cdiffVisitsParamsSchema = z.object({ zoneId: idParam });

/** A visit id, `<userId>-<entry epoch ms>`, as `visit.id` gives it. */
const visitIdSchema = z
  .string()
  .regex(/^\d{1,10}-\d{1,15}$/, 'must be a visit id')
  .refine((id) => Number(id.split('-')[0]) <= MAX_ID, 'must be a visit id');

export const cdiffVisitsQuerySchema = z
  .object({
    ...range,
    /** The `visit.id` of the last visit of the previous page. */
    startingAfter: visitIdSchema.optional(),
  })
  .superRefine(checkDayRange);

export const cdiffVisitSchema = z.object({
  visit: z.object({
    /** `<userId>-<entry epoch ms>`: the paging cursor. */
    id: z.string(),
    entryTimestamp: z.string(),
    exitTimestamp: z.string(),
    entryWashTimestamp: z.string().nullable(),
    exitWashTimestamp: z.string().nullable(),
    exitWashType: washTypeSchema.nullable(),
    entryCompliant: z.boolean(),
    exitCompliant: z.boolean(),
    /** Compliant entry and compliant exit. */
    compliant: z.boolean(),
    /** The exit was satisfied by a soap wash. */
    soapCompliant: z.boolean(),
  }),
  user: z.object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    organizationId: z.number().int(),
    professionId: z.string().nullable(),
  }),
  /** The patient room the wearer entered next, within 24 hours of leaving. */
  nextBeacon: z.object({ name: z.string() }).nullable(),
});

export const cdiffVisitsSchema = z.object({ data: z.array(cdiffVisitSchema), totalCount: z.number().int() });

/** The C. diff room list and a room's visits. */
export const cdiffEndpoints = {
  rooms: endpoint({ method: 'GET', path: '/zones/cdiff', query: cdiffRoomsQuerySchema, response: cdiffRoomsSchema }),
  visits: endpoint({
    method: 'GET',
    path: '/zones/cdiff/:zoneId/visits',
    params: cdiffVisitsParamsSchema,
    query: cdiffVisitsQuerySchema,
    response: cdiffVisitsSchema,
  }),
};
