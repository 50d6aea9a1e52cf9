import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import {
  ACCOUNT_TYPES,
  INDIVIDUAL_USER_TEMPLATE_ID,
  type PermissionSubject,
} from '../contracts/permissions';
import type { EmailSchedule, EmailSubscriptionType, GroupType, OrganizationType } from './enums';

// Data model v1. Column names are snake_case in the database, camelCase in TypeScript.
// Enumerated values are text (typed in TS, checked in the database where the set is closed)
// rather than pg enums, so adding a value never needs an ALTER TYPE migration.

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => organizations.id),
    type: text('type').$type<OrganizationType>().notNull(),
    accountType: text('account_type', { enum: ACCOUNT_TYPES }).notNull(),
    // settings.* of the contract, kept as columns so they can be filtered and constrained.
    // The FK is circular (groups reference organizations too); drizzle-kit emits it as a
    // separate ALTER TABLE, and the seed fills it after the groups exist.
    defaultLocationId: integer('default_location_id').references((): AnyPgColumn => groups.id, {
      onDelete: 'set null',
    }),
    displayDurations: boolean('display_durations').notNull().default(true),
    displayReminders: boolean('display_reminders').notNull().default(false),
    /** Seconds either way an observation and a sensor opportunity of its units may be apart and still match. */
    auditMatchToleranceSeconds: integer('audit_match_tolerance_seconds').notNull().default(60),
    /** No Top 10 and no user ranking of this organization's people, nor of those below it (docs/PRIVACY.md 'No leaderboards'). */
    hideLeaderboards: boolean('hide_leaderboards').notNull().default(false),
    /** Days raw presence and bed events of this organization's locations are kept (docs/PRIVACY.md 'Retention'). */
    retentionDays: integer('retention_days').notNull().default(400),
    createdAt: createdAt(),
  },
  (t) => [
    index('organizations_parent_id_idx').on(t.parentId),
    check('organizations_retention_days_check', sql`${t.retentionDays} between 30 and 3650`),
    check(
      'organizations_account_type_check',
      sql.raw(`"${t.accountType.name}" in (${ACCOUNT_TYPES.map((a) => `'${a}'`).join(', ')})`),
    ),
  ],
);

export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => groups.id),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    type: text('type').$type<GroupType>().notNull(),
    address: text('address'),
    /** A name of enums.ts TIME_ZONES ('US/Pacific' style). */
    timeZone: text('time_zone').notNull().default('US/Pacific'),
    floorplanImage: text('floorplan_image'),
    shiftLengthHours: integer('shift_length_hours').notNull().default(12),
    // Durations and compliance windows are whole seconds.
    requiredHandWashDuration: integer('required_hand_wash_duration').notNull().default(20),
    requiredVisitDuration: integer('required_visit_duration').notNull().default(30),
    beforeEntrySecondsToComply: integer('before_entry_seconds_to_comply').notNull().default(60),
    afterEntrySecondsToComply: integer('after_entry_seconds_to_comply').notNull().default(60),
    beforeExitSecondsToComply: integer('before_exit_seconds_to_comply').notNull().default(60),
    afterExitSecondsToComply: integer('after_exit_seconds_to_comply').notNull().default(120),
    /** Floor-plan pixels per metre. */
    mapScale: doublePrecision('map_scale'),
    /** Its people (home location here or below) are named in reports only to themselves and the provider (docs/PRIVACY.md 'Group-only units'). */
    groupOnly: boolean('group_only').notNull().default(false),
  },
  (t) => [index('groups_parent_id_idx').on(t.parentId), index('groups_organization_id_idx').on(t.organizationId)],
);

export const professions = pgTable(
  'professions',
  {
    pid: serial('pid').primaryKey(),
    /** The contract's id/professionId: the name upper-cased, spaces turned to underscores. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Null for the global professions every organization sees. */
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
  },
  // NULLS NOT DISTINCT so two global professions cannot share a code (PostgreSQL 15+).
  (t) => [unique('professions_organization_id_code_key').on(t.organizationId, t.code).nullsNotDistinct()],
);

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  action: text('action').notNull().default('access'),
  subject: text('subject').$type<PermissionSubject>().notNull().unique(),
  label: text('label').notNull(),
});

export const permissionTemplates = pgTable(
  'permission_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    owner: text('owner'),
    /** Null for the default templates shared by every organization (ids 1–4). */
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
  },
  (t) => [index('permission_templates_organization_id_idx').on(t.organizationId)],
);

export const permissionTemplatePermissions = pgTable(
  'permission_template_permissions',
  {
    templateId: integer('template_id')
      .notNull()
      .references(() => permissionTemplates.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.permissionId] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Sign-in name, always lower-case (the sign-in form lower-cases what is typed). */
    userName: text('user_name').notNull().unique(),
    /** Employee id. */
    clientUserId: text('client_user_id'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    picture: text('picture'),
    /** professions.code (no FK: codes are unique only per organization). */
    professionCode: text('profession_code'),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'set null' }),
    roleId: integer('role_id')
      .notNull()
      .default(INDIVIDUAL_USER_TEMPLATE_ID)
      .references(() => permissionTemplates.id),
    active: boolean('active').notNull().default(true),
    demo: boolean('demo').notNull().default(false),
    cognitoId: text('cognito_id').unique(),
    createdAt: createdAt(),
    /** Who added the user (null: seeded, imported before this was kept, or since removed). */
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /**
     * When the user was last deactivated or had their site access revoked: tokens issued until
     * then (to the second, a token's `iat`) are refused, so reactivating them does not bring
     * back the sessions they had. Null: never.
     */
    signedOutAt: timestamp('signed_out_at', { withTimezone: true, mode: 'date' }),
    /**
     * An email address someone else gave a user who has not proven one yet (no sign-in account, or
     * an invitation not yet accepted; docs/PERMISSIONS.md 'Acting on another user'): the
     * invitation goes to it, and it replaces `email` once the invitation is accepted. Null: none.
     */
    pendingEmail: text('pending_email'),
    /** Who set `pendingEmail` (null: since removed). */
    pendingEmailBy: integer('pending_email_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /**
     * The compliance the user aims at, a whole percent from 1 to 100, set by the user alone on their
     * own User Overview (docs/PRIVACY.md 'Feedback against one's own past'). Null: none set.
     */
    ownGoalPercent: integer('own_goal_percent'),
  },
  (t) => [
    index('users_organization_id_idx').on(t.organizationId),
    index('users_group_id_idx').on(t.groupId),
    index('users_role_id_idx').on(t.roleId),
    check('users_user_name_lower_check', sql`${t.userName} = lower(${t.userName})`),
    check('users_own_goal_percent_check', sql`${t.ownGoalPercent} between 1 and 100`),
  ],
);

export const userManagedOrganizations = pgTable(
  'user_managed_organizations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organizationId] }),
    index('user_managed_organizations_organization_id_idx').on(t.organizationId),
  ],
);

export const userManagedGroups = pgTable(
  'user_managed_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('user_managed_groups_group_id_idx').on(t.groupId)],
);

export const emailSubscriptions = pgTable(
  'email_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<EmailSubscriptionType>().notNull(),
    schedule: text('schedule').$type<EmailSchedule>().notNull().default('WEEKLY'),
  },
  (t) => [unique('email_subscriptions_user_id_type_key').on(t.userId, t.type)],
);

/** Small key/value facts about the database itself (e.g. the demo-seeded marker). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export type OrganizationRow = typeof organizations.$inferSelect;
export type NewOrganizationRow = typeof organizations.$inferInsert;
export type GroupRow = typeof groups.$inferSelect;
export type NewGroupRow = typeof groups.$inferInsert;
export type ProfessionRow = typeof professions.$inferSelect;
export type NewProfessionRow = typeof professions.$inferInsert;
export type PermissionRow = typeof permissions.$inferSelect;
export type PermissionTemplateRow = typeof permissionTemplates.$inferSelect;
export type NewPermissionTemplateRow = typeof permissionTemplates.$inferInsert;
export type PermissionTemplatePermissionRow = typeof permissionTemplatePermissions.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type UserManagedOrganizationRow = typeof userManagedOrganizations.$inferSelect;
export type UserManagedGroupRow = typeof userManagedGroups.$inferSelect;
export type EmailSubscriptionRow = typeof emailSubscriptions.$inferSelect;
export type NewEmailSubscriptionRow = typeof emailSubscriptions.$inferInsert;
export type AppMetaRow = typeof appMeta.$inferSelect;
