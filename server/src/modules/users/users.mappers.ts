import type { Organization, UserSummary } from '../../contracts/entities';
import type { OrganizationRow, UserRow } from '../../db/schema';
import { shownName } from '../../core/names';

/** A user row as lists show it; demo users' names are masked as 'User'. */
export function toUserSummary(row: UserRow): UserSummary {
  const { firstName, lastName } = shownName(row);
  return {
    id: row.id,
    userName: row.userName,
    clientUserId: row.clientUserId,
    firstName,
    lastName,
    name: `${firstName} ${lastName}`.trim(),
    email: row.email,
    phone: row.phone,
    picture: row.picture,
    professionId: row.professionCode,
    organizationId: row.organizationId,
    groupId: row.groupId,
    active: row.active,
    demo: row.demo,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An organization's settings as the contract nests them. */
export function organizationSettings(row: OrganizationRow) {
  return {
    defaultLocationId: row.defaultLocationId,
    displayDurations: row.displayDurations,
    displayReminders: row.displayReminders,
    auditMatchToleranceSeconds: row.auditMatchToleranceSeconds,
    hideLeaderboards: row.hideLeaderboards,
    retentionDays: row.retentionDays,
  };
}

/** An organization row as the contract shows it. */
export function toOrganization(row: OrganizationRow, accessible: boolean): Organization {
  return {
    id: row.id,
    name: row.name,
    parentId: row.parentId,
    type: row.type,
    accountType: row.accountType,
    settings: organizationSettings(row),
    accessible,
  };
}
