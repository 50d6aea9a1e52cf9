import { z } from 'zod';
import { accountTypeSchema, permissionSubjectSchema } from './permissions';

export const permissionSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  subject: permissionSubjectSchema,
  label: z.string(),
});
export type Permission = z.infer<typeof permissionSchema>;

/** A permission template, as carried by a user's role. */
export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  owner: z.string().nullable(),
  organizationId: z.number().int().nullable(),
  permissions: z.array(permissionSchema),
});
export type Role = z.infer<typeof roleSchema>;

export const organizationSettingsSchema = z.object({
  defaultLocationId: z.number().int().nullable(),
  displayDurations: z.boolean(),
  displayReminders: z.boolean(),
  /** How far apart an observation and a sensor opportunity of its units may be and still match (docs/METRICS.md '11. Observation audits: how far the sensors agree'). */
  auditMatchToleranceSeconds: z.number().int(),
  /** No Top 10 and no user ranking of its people, nor of those below it (docs/PRIVACY.md 'No leaderboards'). */
  hideLeaderboards: z.boolean(),
  /** Days its locations' raw presence and bed events are kept (docs/PRIVACY.md 'Retention'). */
  retentionDays: z.number().int(),
});

export const organizationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  type: z.string(),
  accountType: accountTypeSchema,
  settings: organizationSettingsSchema,
  /** True when the caller may act on this organization (it lies inside their scope). */
  accessible: z.boolean(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** A location (group) with every field of the administration spec. */
export const groupSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  organizationId: z.number().int(),
  name: z.string(),
  type: z.string(),
  address: z.string().nullable(),
  timeZone: z.string(),
  floorplanImage: z.string().nullable(),
  shiftLengthHours: z.number(),
  requiredHandWashDuration: z.number(),
  requiredVisitDuration: z.number(),
  beforeEntrySecondsToComply: z.number(),
  afterEntrySecondsToComply: z.number(),
  beforeExitSecondsToComply: z.number(),
  afterExitSecondsToComply: z.number(),
  mapScale: z.number().nullable(),
  /** Its people are named in reports only to themselves and the provider (docs/PRIVACY.md 'Group-only units'). */
  groupOnly: z.boolean(),
  accessible: z.boolean(),
});
export type Group = z.infer<typeof groupSchema>;

export const professionSchema = z.object({
  /** Name upper-cased with spaces turned to underscores. */
  id: z.string(),
  professionId: z.string(),
  name: z.string(),
  organizationId: z.number().int().nullable(),
  /** Internal id: the database row's key, which the Professions table keys its rows by. */
  pid: z.number().int(),
});
export type Profession = z.infer<typeof professionSchema>;

/** A user as lists show them (bootstrap users, user tables). */
export const userSummarySchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  clientUserId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  picture: z.string().nullable(),
  professionId: z.string().nullable(),
  organizationId: z.number().int(),
  groupId: z.number().int().nullable(),
  active: z.boolean(),
  demo: z.boolean(),
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** The signed-in user, with role and scope. */
export const currentUserSchema = userSummarySchema.extend({
  isEmployee: z.boolean(),
  cognitoId: z.string().nullable(),
  role: roleSchema,
  managedOrganizationIds: z.array(z.number().int()),
  managedGroupIds: z.array(z.number().int()),
  organization: z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    accountType: accountTypeSchema,
    settings: organizationSettingsSchema,
  }),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
