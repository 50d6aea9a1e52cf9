import { z } from 'zod';
import { DEVICE_TYPES, DISPENSER_ROLES } from '../devices';
import { endpoint } from '../endpoint';
import { checkDayRange, idParam, textField, trimSpaces } from '../fields';
import { reportDateSchema, reportQuerySchema, statSchema } from './common';

// Dispenser report calls and their answers (docs/METRICS.md 'Dispensers'). The overview,
// trend, usage-trends and ranking calls take the common report parameters (reportQuerySchema);
// only groupIds, startDate and endDate act on them.

/** A dispenser's role: 'Soap' or 'Sanitizer'. */
export const dispenserRoleSchema = z.enum(DISPENSER_ROLES);

/** The activity levels of docs/METRICS.md 'Dispensers', by a dispenser's count ÷ the largest count shown. */
export const ACTIVITY_LEVELS = ['None', 'Low', 'Medium', 'High'] as const;
export const activityLevelSchema = z.enum(ACTIVITY_LEVELS);
export type ActivityLevel = z.infer<typeof activityLevelSchema>;

/** A local hour of day, 0–23. */
const hourSchema = z.number().int().min(0).max(23);

/** A share in percent, 0–100; null when there is nothing to share out. */
const percentSchema = z.number().min(0).max(100).nullable();

/** GET dispensers/overview-stats. `peakActivityHour` is a local hour 0–23 (null with no dispenses). */
export const dispenserOverviewSchema = z.object({
  dispenseCount: statSchema,
  /** Dispenses per hour of the range: dispenseCount ÷ (days × 24). */
  hourlyDispenses: statSchema,
  peakActivityHour: statSchema,
  activeDispensers: statSchema,
});
export type DispenserOverview = z.infer<typeof dispenserOverviewSchema>;

/** GET dispensers/trend: dispenses per UTC day, and per dispenser role over the range. */
export const dispenserTrendSchema = z.object({
  trend: z.array(z.object({ date: z.string(), value: z.number().int() })),
  breakdown: z.array(z.object({ type: dispenserRoleSchema, value: z.number().int(), delta: z.number().nullable() })),
});
export type DispenserTrend = z.infer<typeof dispenserTrendSchema>;

/** GET dispensers/usage-trends: day/night shares of dispenses and activity-level shares of dispensers. */
export const dispenserUsageTrendsSchema = z.object({
  shift: z.array(z.object({ timeOfDay: z.enum(['Day', 'Night']), percent: percentSchema })),
  activity: z.array(z.object({ activityLevel: activityLevelSchema, percent: percentSchema })),
});
export type DispenserUsageTrends = z.infer<typeof dispenserUsageTrendsSchema>;

/** One row of GET dispensers/ranking. */
export const dispenserRankingRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  groupId: z.number().int().nullable(),
  /** The peak local hour as the screens write it ('7 AM'); null with no dispenses. */
  peakHour: z.string().nullable(),
  peakHourRaw: hourSchema.nullable(),
  totalEvents: z.number().int(),
  role: dispenserRoleSchema,
  /** The dispenser's location has a floor plan (the row opens the activity map). */
  hasFloorplan: z.boolean(),
});
export const dispenserRankingSchema = z.array(dispenserRankingRowSchema);
export type DispenserRankingRow = z.infer<typeof dispenserRankingRowSchema>;

const dateRange = { startDate: reportDateSchema, endDate: reportDateSchema };

/** GET dispensers/group/activity: one location's dispensers over a range. */
export const groupActivityQuerySchema = z.object({ groupId: idParam, ...dateRange }).superRefine(checkDayRange);

export const dispenserActivityRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: dispenserRoleSchema,
  /** Dispenses in the range. */
  count: z.number().int(),
  /** The last dispense in the range (ISO date-time), null without one. */
  lastDispense: z.string().nullable(),
  createdAt: z.string(),
  /** Position on the location's floor plan, in floor-plan pixels. */
  x: z.number().nullable(),
  y: z.number().nullable(),
  activityLevel: activityLevelSchema,
});
export const groupActivitySchema = z.object({
  floorplanImage: z.string().nullable(),
  dispensers: z.array(dispenserActivityRowSchema),
});
export type GroupActivity = z.infer<typeof groupActivitySchema>;

/** GET dispensers/dispenser/activity/hourly: one dispenser's dispenses per local hour. */
export const dispenserHourlyQuerySchema = z.object({ dispenserId: idParam, ...dateRange }).superRefine(checkDayRange);
export const dispenserHourlySchema = z.array(z.object({ hour: hourSchema, count: z.number().int() }));

/** A list of strings, repeated (types=A&types=B) or comma-separated (types=A,B). */
const stringList = <T extends z.ZodType<string>>(item: T) =>
  z.preprocess((value) => {
    if (value === undefined || value === null || value === '') return [];
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
    return parts.map(trimSpaces).filter((p) => p !== '');
  }, z.array(item).max(50, 'at most 50 values'));

/** GET devices/group: a location's devices, narrowed by type, role and model when given. */
export const groupDevicesQuerySchema = z.object({
  groupId: idParam,
  types: stringList(z.enum(DEVICE_TYPES)),
  roles: stringList(textField(50)),
  modelId: idParam.optional(),
});
export const groupDeviceSchema = z.object({
  id: z.number().int(),
  mac: z.string(),
  name: z.string(),
  role: z.string().nullable(),
  x: z.number().nullable(),
  y: z.number().nullable(),
  groupId: z.number().int(),
  type: z.enum(DEVICE_TYPES),
});
export const groupDevicesSchema = z.array(groupDeviceSchema);

/** The dispenser calls and the location device list they use. */
export const dispenserEndpoints = {
  overviewStats: endpoint({ method: 'GET', path: '/dispensers/overview-stats', query: reportQuerySchema, response: dispenserOverviewSchema }),
  trend: endpoint({ method: 'GET', path: '/dispensers/trend', query: reportQuerySchema, response: dispenserTrendSchema }),
  usageTrends: endpoint({ method: 'GET', path: '/dispensers/usage-trends', query: reportQuerySchema, response: dispenserUsageTrendsSchema }),
  ranking: endpoint({ method: 'GET', path: '/dispensers/ranking', query: reportQuerySchema, response: dispenserRankingSchema }),
  groupActivity: endpoint({ method: 'GET', path: '/dispensers/group/activity', query: groupActivityQuerySchema, response: groupActivitySchema }),
  hourly: endpoint({ method: 'GET', path: '/dispensers/dispenser/activity/hourly', query: dispenserHourlyQuerySchema, response: dispenserHourlySchema }),
  groupDevices: endpoint({ method: 'GET', path: '/devices/group', query: groupDevicesQuerySchema, response: groupDevicesSchema }),
};
