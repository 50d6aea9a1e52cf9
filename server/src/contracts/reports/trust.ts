import { z } from 'zod';
import { endpoint } from '../endpoint';
import { checkDayRange, idParam } from '../fields';
import { reportDateSchema, reportQuerySchema } from './common';

// Data trust: how far the devices behind a figure can be believed (docs/METRICS.md 'Data trust').
// The levels and their words are computed on the server (modules/metrics/trust.ts); screens
// show the words as they come.

export const TRUST_LEVELS = ['HIGH', 'MEDIUM', 'LOW'] as const;
export const trustLevelSchema = z.enum(TRUST_LEVELS);
export type TrustLevel = z.infer<typeof trustLevelSchema>;

/** The four inputs of a location-day's level. */
export const TRUST_INPUTS = ['BADGE_WEAR', 'DISPENSERS', 'ROOM_BEACONS', 'GATEWAYS'] as const;
export const trustInputSchema = z.enum(TRUST_INPUTS);
export type TrustInput = z.infer<typeof trustInputSchema>;

/** One input that lowered a location's level over a run of consecutive days. */
export const trustReasonSchema = z.object({
  groupId: z.number().int(),
  groupName: z.string(),
  input: trustInputSchema,
  level: trustLevelSchema,
  /** First and last UTC day of the run. */
  from: z.string(),
  to: z.string(),
  /** '2 of 9 dispensers silent on ICU 3 North, Nov 12–14'. */
  words: z.string(),
});
export type TrustReason = z.infer<typeof trustReasonSchema>;

/** The trust of a report's locations and range. */
export const rangeTrustSchema = z.object({
  /** Null when the range holds no location-day. */
  level: trustLevelSchema.nullable(),
  /** 'High trust', 'Medium trust', 'Low trust', or 'No devices to judge'. */
  label: z.string(),
  /** The rule that gave the level, in words ('31 % of the opportunities fell on low-trust days'). */
  rule: z.string(),
  /** Location-days of the range at each level. */
  locationDays: z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() }),
  /** The Medium and Low inputs, worst first, at most 20. */
  reasons: z.array(trustReasonSchema),
  /** Reasons left off the list. */
  moreReasons: z.number().int(),
  /** Each UTC day of the range over the report's locations (null: nothing to judge). */
  days: z.array(z.object({ date: z.string(), level: trustLevelSchema.nullable() })),
});
export type RangeTrust = z.infer<typeof rangeTrustSchema>;

export const locationTrustQuerySchema = z
  .object({ startDate: reportDateSchema, endDate: reportDateSchema })
  .superRefine(checkDayRange);

/** A device behind a Medium or Low input of a location-day. */
export const trustDeviceSchema = z.object({
  id: z.number().int(),
  type: z.enum(['DISPENSER', 'BEACON', 'GATEWAY']),
  name: z.string(),
  mac: z.string(),
  /** 'Silent since Nov 12 08:00 (no heartbeat in 48 h)', 'No dispense in 10 days', 'Heard 14 of 24 hours'. */
  problem: z.string(),
  lastHeartbeatAt: z.string().nullable(),
});
export type TrustDevice = z.infer<typeof trustDeviceSchema>;

/** One location-day with its inputs and level. */
export const trustDaySchema = z.object({
  date: z.string(),
  level: trustLevelSchema.nullable(),
  inputs: z.array(z.object({ input: trustInputSchema, level: trustLevelSchema, words: z.string() })),
  opportunities: z.number().int(),
  /** The devices behind the day's Medium and Low inputs. */
  devices: z.array(trustDeviceSchema),
});
export type TrustDay = z.infer<typeof trustDaySchema>;

export const locationTrustSchema = z.object({
  groupId: z.number().int(),
  groupName: z.string(),
  timeZone: z.string(),
  /** Newest first. */
  days: z.array(trustDaySchema),
});
export type LocationTrust = z.infer<typeof locationTrustSchema>;

/** One wearer's figures over a range (the caller's own without userId). */
export const wearerTrustQuerySchema = z
  .object({ userId: idParam.optional(), startDate: reportDateSchema, endDate: reportDateSchema })
  .superRefine(checkDayRange);

export const trustEndpoints = {
  /** The trust of a report's locations and range (the badge beside every figure). */
  range: endpoint({ method: 'GET', path: '/trust', query: reportQuerySchema, response: rangeTrustSchema }),
  /** One location's days with their inputs and the devices behind every Medium and Low (Data Trust page). */
  location: endpoint({ method: 'GET', path: '/trust/locations/:groupId', params: z.object({ groupId: idParam }), query: locationTrustQuerySchema, response: locationTrustSchema }),
  /** The trust of one wearer's figures: the days and locations of their opportunities, weighed by theirs (User Overview). */
  wearer: endpoint({ method: 'GET', path: '/trust/wearer', query: wearerTrustQuerySchema, response: rangeTrustSchema }),
};
