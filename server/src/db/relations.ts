import { relations } from 'drizzle-orm';
import {
  emailSubscriptions,
  groups,
  organizations,
  permissions,
  permissionTemplatePermissions,
  permissionTemplates,
  professions,
  userManagedGroups,
  userManagedOrganizations,
  users,
} from './schema';

// Relations feed only the relational query API (db.query.x.findMany({ with })); they add
// nothing to the database, so drizzle-kit never reads this file.

export const organizationsRelations = relations(organizations, ({ one, many }) => ({
  parent: one(organizations, {
    fields: [organizations.parentId],
    references: [organizations.id],
    relationName: 'organization_parent',
  }),
  children: many(organizations, { relationName: 'organization_parent' }),
  defaultLocation: one(groups, {
    fields: [organizations.defaultLocationId],
    references: [groups.id],
    relationName: 'organization_default_location',
  }),
  groups: many(groups, { relationName: 'group_organization' }),
  users: many(users),
  professions: many(professions),
}));

export const groupsRelations = relations(groups, ({ one, many }) => ({
  parent: one(groups, { fields: [groups.parentId], references: [groups.id], relationName: 'group_parent' }),
  children: many(groups, { relationName: 'group_parent' }),
  organization: one(organizations, {
    fields: [groups.organizationId],
    references: [organizations.id],
    relationName: 'group_organization',
  }),
  users: many(users),
}));

export const professionsRelations = relations(professions, ({ one }) => ({
  organization: one(organizations, { fields: [professions.organizationId], references: [organizations.id] }),
}));

export const permissionsRelations = relations(permissions, ({ many }) => ({
  templates: many(permissionTemplatePermissions),
}));

export const permissionTemplatesRelations = relations(permissionTemplates, ({ one, many }) => ({
  organization: one(organizations, { fields: [permissionTemplates.organizationId], references: [organizations.id] }),
  permissions: many(permissionTemplatePermissions),
  users: many(users),
}));

export const permissionTemplatePermissionsRelations = relations(permissionTemplatePermissions, ({ one }) => ({
  template: one(permissionTemplates, {
    fields: [permissionTemplatePermissions.templateId],
    references: [permissionTemplates.id],
  }),
  permission: one(permissions, {
    fields: [permissionTemplatePermissions.permissionId],
    references: [permissions.id],
  }),
}));

export const usersRelations = relations(users, ({ one, many }) => ({
  organization: one(organizations, { fields: [users.organizationId], references: [organizations.id] }),
  group: one(groups, { fields: [users.groupId], references: [groups.id] }),
  role: one(permissionTemplates, { fields: [users.roleId], references: [permissionTemplates.id] }),
  managedOrganizations: many(userManagedOrganizations),
  managedGroups: many(userManagedGroups),
  emailSubscriptions: many(emailSubscriptions),
}));

export const userManagedOrganizationsRelations = relations(userManagedOrganizations, ({ one }) => ({
  user: one(users, { fields: [userManagedOrganizations.userId], references: [users.id] }),
  organization: one(organizations, {
    fields: [userManagedOrganizations.organizationId],
    references: [organizations.id],
  }),
}));

export const userManagedGroupsRelations = relations(userManagedGroups, ({ one }) => ({
  user: one(users, { fields: [userManagedGroups.userId], references: [users.id] }),
  group: one(groups, { fields: [userManagedGroups.groupId], references: [groups.id] }),
}));

export const emailSubscriptionsRelations = relations(emailSubscriptions, ({ one }) => ({
  user: one(users, { fields: [emailSubscriptions.userId], references: [users.id] }),
}));
