import { z } from 'zod';
import { endpoint } from '../endpoint';
import { idListParam } from '../fields';
import { reportQuerySchema } from './common';

// SmartSensor (wearable) usage and management (docs/METRICS.md 'Wearables and staff rounding').

/** wearable-usage/organization: organizationIds, professionId, startDate, endDate. */
export const wearableUsageQuerySchema = reportQuerySchema;

export const wearableUsageRowSchema = z.object({
  userName: z.string(),
  userId: z.number().int(),
  organizationId: z.number().int(),
  profession: z.string().nullable(),
  /** The first session's start in the wearer's home location's time zone, ISO with its offset. */
  usageStartLocal: z.string().nullable(),
  /** Counted bed visits. */
  bedVisits: z.number().int(),
  /** Hand-hygiene events. */
  handwashes: z.number().int(),
  /** The wearable assigned to the wearer in the range (the latest assignment). */
  code: z.string().nullable(),
  wearableMac: z.string().nullable(),
  wearableId: z.number().int().nullable(),
  /** Sum of session lengths in the range. */
  usageMs: z.number().int(),
  /** Mean wash duration in seconds of the hand-hygiene events that have one. */
  avgHandwashDuration: z.number().nullable(),
});
export const wearableUsageSchema = z.array(wearableUsageRowSchema);
export type WearableUsageRow = z.infer<typeof wearableUsageRowSchema>;

export const wearableManagementQuerySchema = z.object({
  /** Organizations (with descendants) whose locations' wearables are listed; the caller's scope without. */
  organizationIds: idListParam,
});

export const wearableManagementRowSchema = z.object({
  code: z.string().nullable(),
  mac: z.string(),
  wearableId: z.number().int(),
  type: z.enum(['WRISTBAND', 'BADGE']),
  groupId: z.number().int().nullable(),
  /** The user of the latest assignment (null when never assigned or outside the caller's scope). */
  lastUserName: z.string().nullable(),
  lastUserId: z.number().int().nullable(),
  lastUserProfession: z.string().nullable(),
  /** The latest check-in at a charging station, and that station's label and location. */
  lastCheckinTime: z.string().nullable(),
  lastTabletName: z.string().nullable(),
  lastTabletGroup: z.string().nullable(),
  /** The latest room or bed the wearable was seen at, and its location. */
  lastLocationTime: z.string().nullable(),
  lastBeaconName: z.string().nullable(),
  lastBeaconGroup: z.string().nullable(),
});
export const wearableManagementSchema = z.array(wearableManagementRowSchema);
export type WearableManagementRow = z.infer<typeof wearableManagementRowSchema>;

/** The SmartSensor usage and management reports. */
export const wearableReportEndpoints = {
  usage: endpoint({ method: 'GET', path: '/wearable-usage/organization', query: wearableUsageQuerySchema, response: wearableUsageSchema }),
  management: endpoint({ method: 'GET', path: '/wearable-management/organization', query: wearableManagementQuerySchema, response: wearableManagementSchema }),
};
