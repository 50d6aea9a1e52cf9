import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Role } from '../../contracts/entities';
import type { PermissionSubject } from '../../contracts/permissions';
import type { Database } from '../../db/client';
import { organizations, permissions, permissionTemplatePermissions, permissionTemplates, users, type PermissionTemplateRow } from '../../db/schema';

// All SQL of the permission templates.

/** The organization tree with names (a few dozen rows), walked in memory. */
export function loadOrganizations(db: Database) {
  return db.select({ id: organizations.id, parentId: organizations.parentId, name: organizations.name }).from(organizations);
}

/** A template row by id. */
export async function findTemplate(db: Database, id: number): Promise<PermissionTemplateRow | null> {
  const [row] = await db.select().from(permissionTemplates).where(eq(permissionTemplates.id, id));
  return row ?? null;
}

/** The default templates and those owned by the given organizations, in id order. */
export function templatesOf(db: Database, organizationIds: readonly number[]): Promise<PermissionTemplateRow[]> {
  return db
    .select()
    .from(permissionTemplates)
    .where(or(isNull(permissionTemplates.organizationId), organizationIds.length ? inArray(permissionTemplates.organizationId, [...organizationIds]) : undefined))
    .orderBy(asc(permissionTemplates.id));
}

/** Templates with their permissions, as the contract's roles. */
export async function withPermissions(db: Database, templates: readonly PermissionTemplateRow[]): Promise<Role[]> {
  if (templates.length === 0) return [];
  const rows = await db
    .select({
      templateId: permissionTemplatePermissions.templateId,
      id: permissions.id,
      action: permissions.action,
      subject: permissions.subject,
      label: permissions.label,
    })
    .from(permissionTemplatePermissions)
    .innerJoin(permissions, eq(permissions.id, permissionTemplatePermissions.permissionId))
    .where(inArray(permissionTemplatePermissions.templateId, templates.map((t) => t.id)))
    .orderBy(asc(permissions.id));
  return templates.map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    owner: t.owner,
    organizationId: t.organizationId,
    permissions: rows.filter((r) => r.templateId === t.id).map(({ templateId: _t, ...p }) => p),
  }));
}

/** Every permission a template may hold, in id order. */
export function permissionCatalog(db: Database) {
  return db.select().from(permissions).orderBy(asc(permissions.id));
}

/** The subjects a template holds. */
export async function subjectsOf(db: Database, templateId: number): Promise<PermissionSubject[]> {
  const rows = await db
    .select({ subject: permissions.subject })
    .from(permissionTemplatePermissions)
    .innerJoin(permissions, eq(permissions.id, permissionTemplatePermissions.permissionId))
    .where(eq(permissionTemplatePermissions.templateId, templateId));
  return rows.map((r) => r.subject);
}

/** A new template row. */
export async function insertTemplate(db: Database, values: { name: string; description: string | null; owner: string; organizationId: number }) {
  const [row] = await db.insert(permissionTemplates).values(values).returning();
  if (!row) throw new Error('permission template not created');
  return row;
}

/** Changes a template's name or description. */
export async function updateTemplate(db: Database, id: number, values: { name?: string; description?: string | null }) {
  if (values.name === undefined && values.description === undefined) return;
  await db.update(permissionTemplates).set(values).where(eq(permissionTemplates.id, id));
}

/** Makes a template hold exactly these subjects. */
export async function setTemplateSubjects(db: Database, templateId: number, subjects: readonly PermissionSubject[]) {
  await db.delete(permissionTemplatePermissions).where(eq(permissionTemplatePermissions.templateId, templateId));
  if (subjects.length === 0) return;
  const rows = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.subject, [...subjects]));
  await db.insert(permissionTemplatePermissions).values(rows.map((p) => ({ templateId, permissionId: p.id })));
}

/** Locks a template row until the transaction ends (two edits of one template go one after the other). */
export async function lockTemplate(db: Database, id: number) {
  const [row] = await db.select().from(permissionTemplates).where(eq(permissionTemplates.id, id)).for('update');
  return row ?? null;
}

/** Gives a user another template. */
export async function setUserRole(db: Database, userId: number, roleId: number) {
  await db.update(users).set({ roleId }).where(and(eq(users.id, userId)));
}
