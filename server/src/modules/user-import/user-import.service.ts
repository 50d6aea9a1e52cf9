import { subscriptionsOf, USER_IMPORT_MESSAGES, type UserBulkResult, type UserImportRow } from '../../contracts/user-import';
import type { Database } from '../../db/client';
import type { IdentityAdmin } from '../../identity/identity-admin';
import type { Caller } from '../../core/caller';
import { HttpError } from '../../core/http-error';
import { uniqueViolationOf } from '../../core/database-error';
import { inviteNewAccount } from '../users';
import { professionCodes, takenUserNames, templatesOf, writeImport, type TemplateWithSubjects } from './user-import.repo';

/** A profession's code: its name upper-cased, spaces turned to underscores. */
export const professionCodeOf = (name: string) => name.trim().toUpperCase().replace(/\s+/g, '_');

/**
 * The template a row names, by id or by name (any case), among those the caller may give: the
 * default ones and those of organizations in their scope, granting nothing the caller lacks.
 */
function templateFinder(templates: readonly TemplateWithSubjects[], caller: Caller) {
  const givable = templates.filter((t) => t.subjects.every((s) => caller.subjects.has(s)));
  const byId = new Map(givable.map((t) => [String(t.id), t]));
  const byName = new Map<string, TemplateWithSubjects>();
  // A name an organization gave its own template wins over a default one of the same name.
  for (const t of [...givable].sort((a, b) => Number(a.organizationId !== null) - Number(b.organizationId !== null))) byName.set(t.name.toLowerCase(), t);
  return (row: UserImportRow) => {
    const named = byId.get(row.permissionsTemplate) ?? byName.get(row.permissionsTemplate.toLowerCase());
    // An organization's template is given only to that organization's users.
    return named && (named.organizationId === null || named.organizationId === row.organizationId) ? named : undefined;
  };
}

/**
 * POST /users/bulk. All or nothing: every row is checked first, and when any is refused none is
 * created (the refused rows carry their errors, the others 'skipped'). Otherwise the professions,
 * users and subscriptions are written in one transaction; the invitations of grantAccess rows go
 * out after it, and a failed one leaves its user created with the error beside it.
 */
export function createUserImportService({ db, identity }: { db: Database; identity: IdentityAdmin }) {
  async function check(caller: Caller, rows: readonly UserImportRow[]) {
    const scope = await caller.scope();
    const templateOf = templateFinder(await templatesOf(db, [...scope.organizationIds]), caller);
    const taken = await takenUserNames(db, [...new Set(rows.map((r) => r.userName))]);
    const seen = new Set<string>();
    return rows.map((row) => {
      const errors: string[] = [];
      // Outside the scope is answered as if the organization did not exist.
      if (!scope.organizationIds.has(row.organizationId)) errors.push(USER_IMPORT_MESSAGES.organizationId);
      const template = templateOf(row);
      if (!template) errors.push(USER_IMPORT_MESSAGES.permissionsTemplate);
      if (taken.has(row.userName)) errors.push(USER_IMPORT_MESSAGES.userNameTaken);
      else if (seen.has(row.userName)) errors.push(USER_IMPORT_MESSAGES.duplicateInFile);
      seen.add(row.userName);
      return { row, errors, roleId: template?.id ?? 0 };
    });
  }

  return {
    async bulk(caller: Caller, rows: readonly UserImportRow[]): Promise<UserBulkResult[]> {
      const checked = await check(caller, rows);
      if (checked.some((c) => c.errors.length > 0)) {
        return checked.map(({ errors }) =>
          errors.length ? { status: 'failed', errors, newUser: null } : { status: 'skipped', errors: [USER_IMPORT_MESSAGES.notImported], newUser: null },
        );
      }

      const organizationIds = [...new Set(rows.map((r) => r.organizationId))];
      const known = await professionCodes(db, organizationIds);
      const has = (organizationId: number, code: string) => known.some((p) => p.code === code && (p.organizationId === null || p.organizationId === organizationId));
      const newProfessions = new Map<string, { organizationId: number; code: string; name: string }>();
      for (const row of rows) {
        const code = professionCodeOf(row.profession);
        const key = `${row.organizationId}:${code}`;
        if (!has(row.organizationId, code) && !newProfessions.has(key)) newProfessions.set(key, { organizationId: row.organizationId, code, name: row.profession });
      }

      let ids: number[];
      try {
        ids = await writeImport(db, {
          newProfessions: [...newProfessions.values()],
          users: checked.map(({ row, roleId }) => ({
            userName: row.userName,
            clientUserId: row.clientUserId,
            firstName: row.firstName,
            lastName: row.lastName,
            email: row.email,
            phone: row.phone,
            professionCode: professionCodeOf(row.profession),
            organizationId: row.organizationId,
            roleId,
          })),
          subscriptions: rows.map((row) => subscriptionsOf(row.complianceReport)),
        });
      } catch (error) {
        // Someone took one of the names between the check and the write: nothing was created.
        if (uniqueViolationOf(error) !== null) throw new HttpError(409, USER_IMPORT_MESSAGES.userNameTaken);
        throw error;
      }

      const results: UserBulkResult[] = ids.map((id) => ({ status: 'created', errors: [], newUser: { id } }));
      for (const [i, row] of rows.entries()) {
        if (!row.grantAccess) continue;
        const id = ids[i] as number;
        try {
          await inviteNewAccount({ db, identity }, { id, userName: row.userName, email: row.email }, identity.clientId);
        } catch {
          (results[i] as UserBulkResult).errors.push(USER_IMPORT_MESSAGES.inviteFailed);
        }
      }
      return results;
    },
  };
}
