import { and, asc, eq, or } from 'drizzle-orm';
import type { Role } from '../../contracts/entities';
import type { Database } from '../../db/client';
import { organizations, permissions, permissionTemplatePermissions, permissionTemplates, users, type UserRow } from '../../db/schema';
import { inScope, type Scope } from '../../core/scope';

/** A permission template with its permissions, shaped as the contract's role. */
export async function findRole(db: Database, templateId: number): Promise<Role> {
  const [template] = await db.select().from(permissionTemplates).where(eq(permissionTemplates.id, templateId));
  if (!template) throw new Error(`Permission template ${templateId} does not exist`);
  const rows = await db
    .select({ id: permissions.id, action: permissions.action, subject: permissions.subject, label: permissions.label })
    .from(permissionTemplatePermissions)
    .innerJoin(permissions, eq(permissions.id, permissionTemplatePermissions.permissionId))
    .where(eq(permissionTemplatePermissions.templateId, templateId))
    .orderBy(asc(permissions.id));
  return {
    id: template.id,
    name: template.name,
    description: template.description,
    owner: template.owner,
    organizationId: template.organizationId,
    permissions: rows,
  };
}

/** Every user inside the scope, plus the caller. */
export async function listUsersInScope(db: Database, scope: Scope, callerId: number): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(or(eq(users.id, callerId), inScope(scope, users.organizationId, users.groupId)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** A user by sign-in name or email, only if the caller may see them. */
export async function findUserNameInScope(db: Database, scope: Scope, callerId: number, name: string) {
  const needle = name.trim().toLowerCase();
  const [row] = await db
    .select({ userName: users.userName })
    .from(users)
    .where(
      and(
        or(eq(users.userName, needle), eq(users.email, needle)),
        or(eq(users.id, callerId), inScope(scope, users.organizationId, users.groupId)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** An organization by id (the caller's own, for the session). */
export async function findOrganization(db: Database, id: number) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  if (!row) throw new Error(`Organization ${id} does not exist`);
  return row;
}

/** A user by id, locked against concurrent assignment changes until the transaction ends. */
export async function lockUser(db: Database, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

/** A user by id. */
export async function findUser(db: Database, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}
