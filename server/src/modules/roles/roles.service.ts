import type { Role } from '../../contracts/entities';
import type { PermissionSubject } from '../../contracts/permissions';
import {
  isDefaultTemplate,
  LOCKED_TEMPLATE_ID,
  ROLE_MESSAGES,
  type AssignRoleResponse,
  type CatalogPermission,
  type PermissionGroup,
  type RoleList,
} from '../../contracts/roles';
import type { Database } from '../../db/client';
import { SUBJECT_CATALOG, type SubjectArea } from '../../db/permission-catalog';
import type { PermissionTemplateRow } from '../../db/schema';
import { isEmployee } from '../../core/acting-on-users';
import { HttpError } from '../../core/http-error';
import type { Scope } from '../../core/scope';
import type { Caller } from '../../core/caller';
import { findRole, userToChange } from '../users';
import {
  findTemplate,
  insertTemplate,
  loadOrganizations,
  lockTemplate,
  permissionCatalog,
  setTemplateSubjects,
  setUserRole,
  subjectsOf,
  templatesOf,
  updateTemplate,
  withPermissions,
} from './roles.repo';

// Permission templates (docs/SCREENS.md 'Permission templates'; docs/PERMISSIONS.md 'Decisions'):
// - the menu (create, edit) is for holders of ROLE whose own template is the Administrator (id 1);
// - nobody grants a subject they do not hold, nor edits a template of an organization outside
//   their scope (answered 404, as if absent); the default templates (ids 2–4) are edited by
//   provider employees only; the Administrator template (id 1) is locked;
// - a user's template is read on every request (plugins/auth.ts), so an edit or an assignment
//   is in force from the affected users' next request.

const GROUP_OF: Record<SubjectArea, PermissionGroup> = { report: 'Reports', account: 'Accounts', device: 'Devices', feature: 'Features' };

type Tree = { id: number; parentId: number | null; name: string }[];

/** The organization and its ancestors, nearest first. */
function chainOf(tree: Tree, id: number): number[] {
  const parent = new Map(tree.map((o) => [o.id, o.parentId]));
  const out: number[] = [];
  for (let at: number | null | undefined = id; at != null && !out.includes(at); at = parent.get(at)) out.push(at);
  return out;
}


/** Refuses anyone but a holder of the Administrator template (the ROLE subject is checked by the route). */
export function requireTemplateManager(caller: Caller): void {
  if (caller.role.id !== LOCKED_TEMPLATE_ID) throw new HttpError(403, ROLE_MESSAGES.templateOneOnly);
}

/** Refuses subjects the caller does not hold. */
function requireHeld(caller: Caller, subjects: readonly PermissionSubject[]): void {
  const missing = subjects.filter((s) => !caller.subjects.has(s));
  if (missing.length) throw new HttpError(403, ROLE_MESSAGES.notHeld(missing));
}

export function createRolesService(db: Database) {
  /** The defaults and the custom templates of the organization or, when it has none, of its nearest ancestor that has some. */
  async function availableTo(on: Database, tree: Tree, organizationId: number): Promise<PermissionTemplateRow[]> {
    const chain = chainOf(tree, organizationId);
    const rows = await templatesOf(on, chain);
    const owner = chain.find((id) => rows.some((t) => t.organizationId === id));
    return rows.filter((t) => t.organizationId === null || t.organizationId === owner);
  }

  /** Whether a template is visible in a scope: a default, owned inside it, or owned by an ancestor whose templates it falls back to. */
  function visible(tree: Tree, scope: Scope, template: PermissionTemplateRow): boolean {
    if (template.organizationId === null) return true;
    if (scope.organizationIds.has(template.organizationId)) return true;
    return scope.managedOrganizationIds.some((id) => chainOf(tree, id).includes(template.organizationId!));
  }

  /** A template the caller may see, or 404. */
  async function visibleTemplate(caller: Caller, id: number) {
    const [template, tree, scope] = await Promise.all([findTemplate(db, id), loadOrganizations(db), caller.scope()]);
    if (!template || !visible(tree, scope, template)) throw new HttpError(404, ROLE_MESSAGES.notFound);
    return { template, tree, scope };
  }

  return {
    /** GET /roles?orgId: what the organization's users may be given. */
    async list(caller: Caller, orgId: number): Promise<RoleList> {
      const scope = await caller.scope();
      if (!scope.organizationIds.has(orgId)) throw new HttpError(404, ROLE_MESSAGES.organizationNotFound);
      const tree = await loadOrganizations(db);
      return { data: await withPermissions(db, await availableTo(db, tree, orgId)) };
    },

    /** GET /roles/{id}. */
    async get(caller: Caller, id: number): Promise<Role> {
      await visibleTemplate(caller, id);
      return findRole(db, id);
    },

    /** GET /users/permissions: the catalog, with the section each permission is shown under. */
    async catalog(): Promise<{ data: CatalogPermission[] }> {
      const rows = await permissionCatalog(db);
      return { data: rows.map((p) => ({ ...p, group: GROUP_OF[SUBJECT_CATALOG[p.subject].area] })) };
    },

    /** POST /roles: a custom template of an organization in the caller's scope. */
    async create(caller: Caller, body: { name: string; description?: string | null; owner: number; permissions: PermissionSubject[] }): Promise<Role> {
      requireTemplateManager(caller);
      const [scope, tree] = await Promise.all([caller.scope(), loadOrganizations(db)]);
      const owner = tree.find((o) => o.id === body.owner);
      if (!owner || !scope.organizationIds.has(owner.id)) throw new HttpError(404, ROLE_MESSAGES.organizationNotFound);
      requireHeld(caller, body.permissions);
      const id = await db.transaction(async (tdb) => {
        const row = await insertTemplate(tdb, { name: body.name, description: body.description ?? null, owner: owner.name, organizationId: owner.id });
        await setTemplateSubjects(tdb, row.id, body.permissions);
        return row.id;
      });
      return findRole(db, id);
    },

    /** PATCH /roles/{id}: what is sent changes; subjects added must be held by the caller. */
    async update(caller: Caller, id: number, body: { name?: string; description?: string | null; permissions?: PermissionSubject[] }): Promise<Role> {
      requireTemplateManager(caller);
      const { template, scope } = await visibleTemplate(caller, id);
      if (template.id === LOCKED_TEMPLATE_ID) throw new HttpError(403, ROLE_MESSAGES.locked);
      if (isDefaultTemplate(template.id) && template.organizationId === null) {
        if (!isEmployee(caller)) throw new HttpError(403, ROLE_MESSAGES.defaultsForEmployees);
      } else if (template.organizationId === null || !scope.organizationIds.has(template.organizationId)) {
        // Visible through an ancestor's fallback, but owned outside the scope: not theirs to edit.
        throw new HttpError(404, ROLE_MESSAGES.notFound);
      }
      await db.transaction(async (tdb) => {
        await lockTemplate(tdb, id);
        if (body.permissions) {
          const before = new Set(await subjectsOf(tdb, id));
          requireHeld(caller, body.permissions.filter((s) => !before.has(s)));
          await setTemplateSubjects(tdb, id, body.permissions);
        }
        await updateTemplate(tdb, id, { name: body.name, description: body.description });
      });
      return findRole(db, id);
    },

    /**
     * PATCH /users/{id} {roleId}: a user of the scope gets a template their organization may use.
     * The caller holds every subject of the new template and of the user's present one (nobody
     * raises a user above themselves, nor changes a user who is above them).
     */
    async assign(caller: Caller, userId: number, roleId: number): Promise<AssignRoleResponse> {
      const scope = await caller.scope();
      return db.transaction(async (tdb) => {
        // The user's present template and reach must not be above the caller's (core/acting-on-users.ts).
        const user = await userToChange(tdb, caller, scope, userId, { lock: true });
        const tree = await loadOrganizations(tdb);
        const template = await findTemplate(tdb, roleId);
        if (!template || !visible(tree, scope, template)) throw new HttpError(404, ROLE_MESSAGES.notFound);
        if (!(await availableTo(tdb, tree, user.organizationId)).some((t) => t.id === roleId)) throw new HttpError(409, ROLE_MESSAGES.notAssignable);
        requireHeld(caller, await subjectsOf(tdb, roleId));
        if (user.roleId !== roleId) await setUserRole(tdb, user.id, roleId);
        return { id: user.id, role: await findRole(tdb, roleId) };
      });
    },
  };
}
