import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  permissionTemplatePermissions,
  permissions,
  permissionTemplates,
  professions,
  userManagedGroups,
  userManagedOrganizations,
  users,
  wearableAssignments,
  type UserRow,
} from '../../db/schema';

// The writes of the Users screen: a new user with what they manage, details, the active flag.

export type NewUser = typeof users.$inferInsert;

/** Inserts a user and the organizations and locations they manage; answers the new row. */
export async function insertUser(
  db: Database,
  user: NewUser,
  managed: { organizationIds: readonly number[]; groupIds: readonly number[] },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('The new user was not stored');
  if (managed.organizationIds.length) {
    await db.insert(userManagedOrganizations).values(managed.organizationIds.map((organizationId) => ({ userId: row.id, organizationId })));
  }
  if (managed.groupIds.length) {
    await db.insert(userManagedGroups).values(managed.groupIds.map((groupId) => ({ userId: row.id, groupId })));
  }
  return row;
}

/** Changes these fields of the user, if there is one with that id; answers the row as it now is, or null. */
export async function setUserFields(db: Database, id: number, changes: Pick<Partial<NewUser>, 'userName' | 'email' | 'pendingEmail' | 'pendingEmailBy'>): Promise<UserRow | null> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row ?? null;
}

/** Replaces the organizations and locations the user manages with these. */
export async function replaceManaged(db: Database, userId: number, managed: { organizationIds: readonly number[]; groupIds: readonly number[] }): Promise<void> {
  await db.delete(userManagedOrganizations).where(eq(userManagedOrganizations.userId, userId));
  await db.delete(userManagedGroups).where(eq(userManagedGroups.userId, userId));
  if (managed.organizationIds.length) await db.insert(userManagedOrganizations).values(managed.organizationIds.map((organizationId) => ({ userId, organizationId })));
  if (managed.groupIds.length) await db.insert(userManagedGroups).values(managed.groupIds.map((groupId) => ({ userId, groupId })));
}

/** Whether a user other than `exceptId` has this sign-in name. */
export async function userNameTaken(db: Database, userName: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userName, userName), exceptId === undefined ? undefined : ne(users.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** Whether a user other than `exceptId` has this email address (compared without case). */
export async function emailTaken(db: Database, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, exceptId === undefined ? undefined : ne(users.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** A profession code an organization's users may have: a global one or one of `organizationIds`. */
export async function professionExists(db: Database, code: string, organizationIds: readonly number[]): Promise<boolean> {
  const [row] = await db
    .select({ pid: professions.pid })
    .from(professions)
    .where(
      and(
        eq(professions.code, code),
        or(isNull(professions.organizationId), organizationIds.length ? inArray(professions.organizationId, [...organizationIds]) : undefined),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A permissions template's owning organization and permission subjects, or null when there is none. */
export async function templateSubjects(db: Database, templateId: number): Promise<{ organizationId: number | null; subjects: string[] } | null> {
  const [template] = await db
    .select({ organizationId: permissionTemplates.organizationId })
    .from(permissionTemplates)
    .where(eq(permissionTemplates.id, templateId));
  if (!template) return null;
  const rows = await db
    .select({ subject: permissions.subject })
    .from(permissionTemplatePermissions)
    .innerJoin(permissions, eq(permissions.id, permissionTemplatePermissions.permissionId))
    .where(eq(permissionTemplatePermissions.templateId, templateId));
  return { organizationId: template.organizationId, subjects: rows.map((r) => r.subject) };
}

/** Changes a user's details; answers the stored row. */
export async function updateUser(db: Database, id: number, changes: Partial<NewUser>): Promise<UserRow> {
  if (Object.keys(changes).length === 0) {
    const [same] = await db.select().from(users).where(eq(users.id, id));
    if (!same) throw new Error(`User ${id} does not exist`);
    return same;
  }
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  if (!row) throw new Error(`User ${id} does not exist`);
  return row;
}

/** Ends, at `at`, every wearable assignment the user still holds; answers the devices given back. */
export async function endUserAssignments(db: Database, userId: number, at: Date): Promise<number[]> {
  const ended = await db
    .update(wearableAssignments)
    .set({ unassignedAt: at })
    .where(and(eq(wearableAssignments.userId, userId), isNull(wearableAssignments.unassignedAt)))
    .returning({ deviceId: wearableAssignments.deviceId });
  return ended.map((e) => e.deviceId);
}
