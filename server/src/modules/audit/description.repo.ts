import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { ThingType } from '../../contracts/iot';
import type { DeviceType, ZoneType } from '../../contracts/devices';
import type { Database } from '../../db/client';
import {
  deviceModels,
  devices,
  groups,
  iotThings,
  organizations,
  permissions,
  permissionTemplatePermissions,
  permissionTemplates,
  users,
  zones,
} from '../../db/schema';
import type { PermissionSubject } from '../../contracts/permissions';

// The live configuration the privacy description reads (docs/PRIVACY.md 'The description for the
// works council'). Callers pass ids already limited to the organization described and what lies
// under it.

/** Every organization with its privacy settings: the tree is small and settings pass down it. */
export function organizationSettings(db: Database) {
  return db
    .select({
      id: organizations.id,
      parentId: organizations.parentId,
      name: organizations.name,
      retentionDays: organizations.retentionDays,
      hideLeaderboards: organizations.hideLeaderboards,
    })
    .from(organizations);
}

/** Every location with its organization and whether it is a group-only unit. */
export function locationTree(db: Database) {
  return db.select({ id: groups.id, parentId: groups.parentId, name: groups.name, organizationId: groups.organizationId, groupOnly: groups.groupOnly }).from(groups);
}

/** The zones of these locations that keep no presence (type PRIVATE), with their location. */
export async function privateZonesIn(db: Database, groupIds: readonly number[]) {
  if (groupIds.length === 0) return [];
  const privateType: ZoneType = 'PRIVATE';
  return db
    .select({ id: zones.id, name: zones.name, locationId: groups.id, locationName: groups.name })
    .from(zones)
    .innerJoin(groups, eq(groups.id, zones.groupId))
    .where(and(eq(zones.type, privateType), inArray(zones.groupId, [...groupIds])))
    .orderBy(asc(groups.name), asc(zones.name), asc(zones.id));
}

export interface DeviceCount {
  type: DeviceType;
  role: string | null;
  physicalRole: string | null;
  model: string;
  count: number;
}

/** The active devices of these locations, counted by type, role and model. */
export async function deviceCountsIn(db: Database, groupIds: readonly number[]): Promise<DeviceCount[]> {
  if (groupIds.length === 0) return [];
  return db
    .select({ type: devices.type, role: devices.role, physicalRole: devices.physicalRole, model: deviceModels.name, count: count() })
    .from(devices)
    .innerJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .where(and(eq(devices.active, true), inArray(devices.groupId, [...groupIds])))
    .groupBy(devices.type, devices.role, devices.physicalRole, deviceModels.name)
    .orderBy(asc(deviceModels.name));
}

/** The IoT things of these locations, counted by type. */
export async function thingCountsIn(db: Database, groupIds: readonly number[]): Promise<{ type: ThingType; count: number }[]> {
  if (groupIds.length === 0) return [];
  return db
    .select({ type: iotThings.type, count: count() })
    .from(iotThings)
    .where(inArray(iotThings.groupId, [...groupIds]))
    .groupBy(iotThings.type);
}

export interface TemplateInUse {
  id: number;
  name: string;
  description: string | null;
  users: number;
  subjects: PermissionSubject[];
}

/** The permission templates the active users of these organizations hold, with how many hold each and what each grants. */
export async function templatesInUse(db: Database, organizationIds: readonly number[]): Promise<TemplateInUse[]> {
  if (organizationIds.length === 0) return [];
  const held = await db
    .select({ id: permissionTemplates.id, name: permissionTemplates.name, description: permissionTemplates.description, users: count() })
    .from(users)
    .innerJoin(permissionTemplates, eq(permissionTemplates.id, users.roleId))
    .where(and(eq(users.active, true), inArray(users.organizationId, [...organizationIds])))
    .groupBy(permissionTemplates.id, permissionTemplates.name, permissionTemplates.description)
    .orderBy(asc(permissionTemplates.name), asc(permissionTemplates.id));
  if (held.length === 0) return [];
  const grants = await db
    .select({ templateId: permissionTemplatePermissions.templateId, subject: permissions.subject })
    .from(permissionTemplatePermissions)
    .innerJoin(permissions, eq(permissions.id, permissionTemplatePermissions.permissionId))
    .where(
      inArray(
        permissionTemplatePermissions.templateId,
        held.map((t) => t.id),
      ),
    );
  return held.map((t) => ({ ...t, subjects: grants.filter((g) => g.templateId === t.id).map((g) => g.subject) }));
}
