import { z } from 'zod';
import { endpoint } from '../endpoint';
import { checkDayRange, idListParam, idParam, searchField } from '../fields';
import { reportDateSchema, reportQuerySchema } from './common';

// Staff rounding calls and their answers (docs/METRICS.md 'Wearables and staff rounding'): counted bed visits,
// per user, per bed, per location and per organization. Durations are whole seconds.

/** staffRounding/user and staffRounding/bed: the common parameters plus a name search. */
export const roundingQuerySchema = reportQuerySchema.safeExtend({
  /** Part of the user's name (user tab) or the bed's name (bed tab), any case. */
  search: searchField(100),
});
export type RoundingQuery = z.infer<typeof roundingQuerySchema>;

const count = z.number().int().min(0);
const seconds = z.number().min(0);

export const roundingUserRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  profession: z.string().nullable(),
  organizationId: z.number().int(),
  /** Mean bed-visit length, seconds. */
  avgDuration: seconds,
  /** Sum of bed-visit lengths, seconds. */
  totalDuration: count,
  uniqueBedsVisited: count,
  totalBedVisits: count,
});
export const roundingUsersSchema = z.array(roundingUserRowSchema);
export type RoundingUserRow = z.infer<typeof roundingUserRowSchema>;

export const roundingBedRowSchema = z.object({
  beaconId: z.number().int(),
  name: z.string(),
  /** The bed's location. */
  groupId: z.number().int(),
  avgDuration: seconds,
  totalDuration: count,
  uniqueStaffVisits: count,
  totalStaffVisits: count,
});
export const roundingBedsSchema = z.array(roundingBedRowSchema);
export type RoundingBedRow = z.infer<typeof roundingBedRowSchema>;

/** Bed visits starting in each local hour of day (24 entries, '0:00' … '23:00'). */
export const hourlyStatsSchema = z.array(z.object({ hour: z.string(), total: count, duration: count }));
export type HourlyStats = z.infer<typeof hourlyStatsSchema>;

const statsRange = {
  startDate: reportDateSchema,
  endDate: reportDateSchema,
};

export const roundingUserStatsQuerySchema = z
  .object({
    userId: idParam,
    ...statsRange,
    /** Narrows the visits to these locations (with descendants); the caller's scope without it. */
    groupIds: idListParam,
  })
  .superRefine(checkDayRange);

export const roundingUserStatsSchema = z.object({
  visits: z.array(
    z.object({
      entryTime: z.string(),
      beaconId: z.number().int(),
      bedName: z.string(),
      duration: count,
      /** The bed's location's time zone: the visit's day and time are on its clock (docs/METRICS.md 'Ranges, days and time zones'). */
      timeZone: z.string(),
    }),
  ),
  hourly: hourlyStatsSchema,
});

export const roundingBedStatsQuerySchema = z
  .object({ beaconId: idParam, ...statsRange })
  .superRefine(checkDayRange);

export const roundingBedStatsSchema = z.object({
  visits: z.array(
    z.object({
      entryTime: z.string(),
      userId: z.number().int(),
      name: z.string(),
      profession: z.string().nullable(),
      duration: count,
    }),
  ),
  hourly: hourlyStatsSchema,
});

/** A summary row of a location or an organization (its descendants included). */
const summaryFields = {
  name: z.string(),
  /** Mean bed-visit length, seconds; null without visits. */
  avgDuration: seconds.nullable(),
  totalDuration: count,
  uniqueBedsVisited: count,
  totalBedVisits: count,
  /** Distinct staff with a counted bed visit. */
  uniqueStaff: count,
};

export const roundingLocationsSchema = z.array(z.object({ groupId: z.number().int(), ...summaryFields }));
export const roundingOrganizationsSchema = z.array(z.object({ organizationId: z.number().int(), ...summaryFields }));

/** The staff rounding calls. */
export const roundingEndpoints = {
  users: endpoint({ method: 'GET', path: '/staffRounding/user', query: roundingQuerySchema, response: roundingUsersSchema }),
  beds: endpoint({ method: 'GET', path: '/staffRounding/bed', query: roundingQuerySchema, response: roundingBedsSchema }),
  userStats: endpoint({ method: 'GET', path: '/staffRounding/user/stats', query: roundingUserStatsQuerySchema, response: roundingUserStatsSchema }),
  bedStats: endpoint({ method: 'GET', path: '/staffRounding/bed/stats', query: roundingBedStatsQuerySchema, response: roundingBedStatsSchema }),
  locations: endpoint({ method: 'GET', path: '/staffRounding/location', query: reportQuerySchema, response: roundingLocationsSchema }),
  organizations: endpoint({ method: 'GET', path: '/staffRounding/organization', query: reportQuerySchema, response: roundingOrganizationsSchema }),
};
