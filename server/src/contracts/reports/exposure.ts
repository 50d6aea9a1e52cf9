import { z } from 'zod';
import { endpoint } from '../endpoint';
import { checkDayRange, countParam, idListParam, idParam } from '../fields';
import { reportDateSchema } from './common';

// Exposure and contact tracing (exposureReport/interaction; docs/METRICS.md 'Exposure and contact tracing'): two care
// providers in the same room at once, for more than 30 s and less than 2 h.

/** The exposure slider's bounds and default (1–15 minutes). */
export const EXPOSURE_PERIOD_MS = { min: 60_000, max: 900_000, default: 900_000 } as const;

export const exposureQuerySchema = z
  .object({
    /** The organization whose staff are traced (with descendants); the caller's scope without it. */
    organizationId: idParam.optional(),
    /** Several organizations at once (the Contact Tracing page's picker). */
    organizationIds: idListParam,
    startDate: reportDateSchema,
    endDate: reportDateSchema,
    /** Contact tracing of one user: only their contacts. */
    userId: idParam.optional(),
    /** The period a user's total exposure must reach to be listed. */
    periodMs: countParam(EXPOSURE_PERIOD_MS.min, EXPOSURE_PERIOD_MS.max).default(EXPOSURE_PERIOD_MS.default),
  })
  .superRefine(checkDayRange);
export type ExposureQuery = z.infer<typeof exposureQuerySchema>;

/**
 * One qualifying overlap seen from one side: `userId`, `name` and `organizationId` are the contact,
 * `sourceUserId` the user they were with. Timestamps are the overlap's start and end.
 */
export const exposureInteractionSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  organizationId: z.number().int(),
  profession: z.string().nullable(),
  sourceUserId: z.number().int(),
  sourceName: z.string(),
  /** The room's ROOM beacon (null when the room has none any more). */
  beaconId: z.number().int().nullable(),
  zoneId: z.number().int(),
  room: z.string(),
  entryTimestamp: z.string(),
  exitTimestamp: z.string(),
  durationMs: z.number().int(),
});
export type ExposureInteraction = z.infer<typeof exposureInteractionSchema>;

/** A user whose qualifying overlaps add up to at least the period. */
export const exposureUserSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  organizationId: z.number().int(),
  profession: z.string().nullable(),
  totalMs: z.number().int(),
  /** Distinct people they overlapped with. */
  contacts: z.number().int(),
  interactions: z.number().int(),
});
export type ExposureUser = z.infer<typeof exposureUserSchema>;

export const exposureResponseSchema = z.object({
  /** The traced span: 24 hours before startDate to the end of endDate (ISO), on the clock of `timeZone`. */
  from: z.string(),
  to: z.string(),
  /**
   * The report's clock (IANA): the time zone of the locations in the filter, or UTC when they have
   * several. Its days bound the span, and the screens show every time on it (docs/METRICS.md 'Ranges, days and time zones').
   */
  timeZone: z.string(),
  periodMs: z.number().int(),
  /**
   * Tracing one user (`userId`): their overlaps, oldest first. Without one, empty: a hospital's
   * month holds too many to send, so a user's details are asked for with their id.
   */
  interactions: z.array(exposureInteractionSchema),
  /** Users whose total reaches the period, most exposed first: everyone's totals, or the traced user's contacts' totals with them. */
  users: z.array(exposureUserSchema),
});
export type ExposureResponse = z.infer<typeof exposureResponseSchema>;

/** The exposure and contact tracing call. */
export const exposureEndpoints = {
  interactions: endpoint({ method: 'GET', path: '/exposureReport/interaction', query: exposureQuerySchema, response: exposureResponseSchema }),
};
