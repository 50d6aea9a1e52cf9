import { eq, inArray } from 'drizzle-orm';
import { ABOVE_CALLER_MESSAGE } from '../contracts/users-admin';
import { PROVIDER_ORGANIZATION_ID, type PermissionSubject } from '../contracts/permissions';
import type { Database } from '../db/client';
import { permissions, permissionTemplatePermissions } from '../db/schema';
import { HttpError } from './http-error';
import { loadScope, loadScopes, type Scope } from './scope';

// Acting on another person (docs/PERMISSIONS.md 'Acting on another user'): a caller changes a
// user's sign-in, details, access or template only when the user is within their scope and not
// above it, and hands a wearable only to a user whose reach is within theirs. The routes find the
// target in the scope first (404 otherwise); this rule then says whether they may act on it.

/** Who acts: the parts of a signed-in caller the rule reads, besides their scope. */
export interface Actor {
  user: { id: number; organizationId: number };
  subjects: ReadonlySet<PermissionSubject>;
}

/** Who is acted on. */
export interface ActedOn {
  id: number;
  roleId: number;
}

/**
 * What is done to the user. 'account': their password, email, phone, name, photo, active flag,
 * site access, invitation, report emails or template; the whole rule applies. 'wearable': a
 * badge, wristband or NFC tag handed to or taken from them; only the scope half applies, since a
 * wearable grants no access and the technicians who hand them out hold none of the reports the
 * nurses they equip may read. 'figures': a decision on their disputed opportunity, which changes
 * their compliance figures and no access of theirs; only the scope half applies too.
 */
export type ActingOn = 'account' | 'wearable' | 'figures';

/** An employee is a user of the provider organization. */
export const isEmployee = (actor: Pick<Actor, 'user'>) => actor.user.organizationId === PROVIDER_ORGANIZATION_ID;

const within = (inner: ReadonlySet<number>, outer: ReadonlySet<number>) => [...inner].every((id) => outer.has(id));

async function templateSubjects(db: Database, templateId: number): Promise<PermissionSubject[]> {
  return (await subjectsOfTemplates(db, [templateId])).get(templateId) ?? [];
}

async function subjectsOfTemplates(db: Database, templateIds: readonly number[]): Promise<Map<number, PermissionSubject[]>> {
  const ids = [...new Set(templateIds)];
  const rows = ids.length
    ? await db
        .select({ templateId: permissionTemplatePermissions.templateId, subject: permissions.subject })
        .from(permissionTemplatePermissions)
        .innerJoin(permissions, eq(permissions.id, permissionTemplatePermissions.permissionId))
        .where(inArray(permissionTemplatePermissions.templateId, ids))
    : [];
  const out = new Map<number, PermissionSubject[]>(ids.map((id) => [id, []]));
  for (const row of rows) out.get(row.templateId)?.push(row.subject);
  return out;
}

/**
 * Which of `targets` are above `actor`, whose scope is `mine`, for `what`: the target manages an
 * organization or a location (with its descendants) outside the actor's scope, or, for an
 * account, holds a template granting a subject the actor lacks. Nobody is above themself, and
 * nobody is above an employee.
 */
export async function usersAbove(db: Database, actor: Actor, mine: Scope, targets: readonly ActedOn[], what: ActingOn = 'account'): Promise<Set<number>> {
  const others = targets.filter((t) => t.id !== actor.user.id);
  if (isEmployee(actor) || others.length === 0) return new Set();
  const [reaches, subjects] = await Promise.all([
    loadScopes(db, others.map((t) => t.id)),
    what === 'account' ? subjectsOfTemplates(db, others.map((t) => t.roleId)) : Promise.resolve(new Map<number, PermissionSubject[]>()),
  ]);
  const above = new Set<number>();
  for (const target of others) {
    const theirs = reaches.get(target.id);
    const outside = theirs !== undefined && (!within(theirs.organizationIds, mine.organizationIds) || !within(theirs.groupIds, mine.groupIds));
    if (outside || (subjects.get(target.roleId) ?? []).some((subject) => !actor.subjects.has(subject))) above.add(target.id);
  }
  return above;
}

/** Whether one `target` is above `actor` (see `usersAbove`). */
export async function isAbove(db: Database, actor: Actor, mine: Scope, target: ActedOn, what: ActingOn = 'account'): Promise<boolean> {
  return (await usersAbove(db, actor, mine, [target], what)).has(target.id);
}

/** Whether `target` is above `user`, who is not signed in now (whoever set an address for them, say). */
export async function isAboveUser(db: Database, user: { id: number; organizationId: number; roleId: number }, target: ActedOn): Promise<boolean> {
  const [subjects, scope] = await Promise.all([templateSubjects(db, user.roleId), loadScope(db, user.id)]);
  return isAbove(db, { user, subjects: new Set(subjects) }, scope, target);
}

/**
 * Refuses with 403 when `target` is above `actor`, whose scope is `mine` (see `isAbove`). Inside
 * a transaction, `db` is the transaction and the scope is loaded before it began.
 */
export async function requireNotAbove(db: Database, actor: Actor, mine: Scope, target: ActedOn, what: ActingOn = 'account'): Promise<void> {
  if (await isAbove(db, actor, mine, target, what)) throw new HttpError(403, ABOVE_CALLER_MESSAGE);
}
