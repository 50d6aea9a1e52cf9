import {
  CREATE_USER_ERRORS,
  SELF_DEACTIVATION_MESSAGE,
  type CreatedUser,
  type SetActiveResponse,
  type SetDetailsResponse,
} from '../../contracts/users-admin';
import type { AppPage } from '../../contracts/page-access';
import type { z } from 'zod';
import type { createUserBodySchema, setDetailsBodySchema } from '../../contracts/users-admin';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { isEmployee } from '../../core/acting-on-users';
import { HttpError } from '../../core/http-error';
import { uniqueViolationOf } from '../../core/database-error';
import type { IdentityAdmin } from '../../identity/identity-admin';
import { withProvider } from '../../identity/provider-errors';
import { mayUse } from '../../core/access';
import type { Caller } from '../../core/caller';
import { inviteNewAccount } from './invite';
import {
  emailTaken,
  endUserAssignments,
  insertUser,
  professionExists,
  templateSubjects,
  updateUser,
  userNameTaken,
  type NewUser,
} from './users-admin.repo';
import { userToChange } from './users.service';

/** The Users screen: the page from which a caller adds, edits, deactivates and activates others. */
export const USERS_PAGE: AppPage = '/app/accounts/users';
/** My Account: the page from which a caller edits themself. */
export const MY_ACCOUNT_PAGE: AppPage = '/app/settings/my-account';

export const ORGANIZATION_NOT_FOUND = 'Organization not found';
export const LOCATION_NOT_FOUND = 'Location not found';
const TEMPLATE_NOT_FOUND = 'Permissions template not found';
const TEMPLATE_BEYOND_OWN = 'You cannot give a permissions template with permissions you do not hold';
const UNKNOWN_PROFESSION = 'Unknown profession';

type CreateBody = z.output<typeof createUserBodySchema>;
type DetailsBody = z.output<typeof setDetailsBodySchema>;

/** A sign-in name for a user added without one: the email, else first.last (numbered when taken). */
async function chosenUserName(db: Database, body: CreateBody): Promise<string> {
  if (body.userName) return body.userName;
  if (body.email) return body.email;
  const base = `${body.firstName}.${body.lastName}`.toLowerCase().replace(/\s+/g, '');
  for (let n = 0; n < 50; n++) {
    const candidate = n === 0 ? base : `${base}${n + 1}`;
    if (!(await userNameTaken(db, candidate))) return candidate;
  }
  throw new HttpError(409, CREATE_USER_ERRORS.userNameTaken);
}

const toDetails = (row: UserRow, emailPendingVerification: string | null): SetDetailsResponse => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  clientUserId: row.clientUserId,
  professionId: row.professionCode,
  emailPendingVerification,
});

/** Adding users, changing their details, deactivating and activating them (docs/SCREENS.md 'Users'). */
export function createUsersAdminService({ db, identity }: { db: Database; identity: IdentityAdmin }) {
  /**
   * What a new email address changes (modules/users/pending-email.ts): a user who signs in is sent the
   * verification link and keeps the address on record until they follow it; one who has not
   * signed in yet gets the address as pending, for the invitation, unless an employee gives it
   * (then it is the address on record at once). Clearing the address clears both.
   */
  async function emailChange(caller: Caller, target: UserRow, email: string | null): Promise<Partial<NewUser>> {
    if (email === null) return { email: null, pendingEmail: null, pendingEmailBy: null };
    if (email === target.email) return { pendingEmail: null, pendingEmailBy: null };
    // The address may become the user's sign-in name with their invitation (modules/users/pending-email.ts).
    if ((await emailTaken(db, email, target.id)) || (await userNameTaken(db, email, target.id))) throw new HttpError(409, CREATE_USER_ERRORS.emailTaken);
    const account = target.cognitoId ? await withProvider(() => identity.getAccount(target.userName)) : null;
    const linked = account !== null && account.sub === target.cognitoId;
    const providerErrors = { InvalidParameterException: 400, AliasExistsException: 409 } as const;
    if (linked && account.status !== 'FORCE_CHANGE_PASSWORD') {
      await withProvider(() => identity.sendEmailVerification(target.userName, email), providerErrors);
      return { pendingEmail: email, pendingEmailBy: caller.user.id };
    }
    if (isEmployee(caller)) {
      if (linked) await withProvider(() => identity.setInvitationEmail(target.userName, email), providerErrors);
      return { email, pendingEmail: null, pendingEmailBy: null };
    }
    return { pendingEmail: email, pendingEmailBy: caller.user.id };
  }

  return {
    /**
     * POST /users. The organization and everything the new user will manage must lie in the
     * caller's scope (404 otherwise, as if absent), and the template may hold no permission the
     * caller lacks: nobody hands out more than they have. With site access the sign-in account is
     * created and invited in the same transaction, so a failed invitation stores no user.
     */
    async create(caller: Caller, body: CreateBody): Promise<CreatedUser> {
      const scope = await caller.scope();
      if (!scope.organizationIds.has(body.organizationId)) throw new HttpError(404, ORGANIZATION_NOT_FOUND);
      if (body.managedOrganizationIds.some((id) => !scope.organizationIds.has(id))) throw new HttpError(404, ORGANIZATION_NOT_FOUND);
      if (body.managedGroupIds.some((id) => !scope.groupIds.has(id))) throw new HttpError(404, LOCATION_NOT_FOUND);
      const template = await templateSubjects(db, body.roleId);
      if (!template || (template.organizationId !== null && !scope.organizationIds.has(template.organizationId))) {
        throw new HttpError(404, TEMPLATE_NOT_FOUND);
      }
      if (template.subjects.some((subject) => !caller.subjects.has(subject as never))) throw new HttpError(403, TEMPLATE_BEYOND_OWN);
      if (!(await professionExists(db, body.professionId, [body.organizationId]))) throw new HttpError(400, UNKNOWN_PROFESSION);

      const userName = await chosenUserName(db, body);
      if (await userNameTaken(db, userName)) throw new HttpError(409, CREATE_USER_ERRORS.userNameTaken);
      if (body.email && (await emailTaken(db, body.email))) throw new HttpError(409, CREATE_USER_ERRORS.emailTaken);

      const row: NewUser = {
        userName,
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        clientUserId: body.clientUserId,
        professionCode: body.professionId,
        organizationId: body.organizationId,
        roleId: body.roleId,
        createdBy: caller.user.id,
      };
      try {
        return await db.transaction(async (tdb) => {
          const user = await insertUser(tdb, row, { organizationIds: body.managedOrganizationIds, groupIds: body.managedGroupIds });
          if (body.accessState) await inviteNewAccount({ db: tdb, identity }, user, body.clientId);
          return { id: user.id, userName: user.userName, invited: body.accessState };
        });
      } catch (error) {
        // Two requests adding the same name at once: the second meets the unique constraint.
        if (uniqueViolationOf(error) !== null) throw new HttpError(409, CREATE_USER_ERRORS.userNameTaken);
        throw error;
      }
    },

    /**
     * PUT /users/{id}/set-details: the caller themself (My Account) or a user of their scope not
     * above them (the Users screen). A changed email is kept only once its owner proves it
     * (`emailChange`): the answer's emailPendingVerification names the address that waits.
     */
    async setDetails(caller: Caller, id: number, body: DetailsBody): Promise<SetDetailsResponse> {
      const self = id === caller.user.id;
      if (!self && !mayUse(caller, USERS_PAGE)) throw new HttpError(403, 'You do not have permission to do this');
      const target = self ? caller.user : await userToChange(db, caller, await caller.scope(), id);
      const changes: Partial<NewUser> = {};
      if (body.firstName !== undefined) changes.firstName = body.firstName;
      if (body.lastName !== undefined) changes.lastName = body.lastName;
      if (body.phone !== undefined) changes.phone = body.phone;
      if (body.clientUserId !== undefined) changes.clientUserId = body.clientUserId;
      if (body.professionId !== undefined) {
        if (!(await professionExists(db, body.professionId, [target.organizationId]))) throw new HttpError(400, UNKNOWN_PROFESSION);
        changes.professionCode = body.professionId;
      }
      const newEmail = body.email;
      if (newEmail !== undefined && (newEmail !== target.email || target.pendingEmail !== null)) {
        Object.assign(changes, await emailChange(caller, target, newEmail));
      }
      const row = await updateUser(db, target.id, changes);
      return toDetails(row, row.pendingEmail);
    },

    /** PUT /users/{id}/set-active. Deactivating gives back the wearable the user holds, in the same transaction. */
    async setActive(caller: Caller, id: number, active: boolean): Promise<SetActiveResponse> {
      if (id === caller.user.id && !active) throw new HttpError(400, SELF_DEACTIVATION_MESSAGE);
      const scope = await caller.scope();
      return db.transaction(async (tdb) => {
        const target = await userToChange(tdb, caller, scope, id, { lock: true });
        const given = active ? [] : await endUserAssignments(tdb, target.id, new Date());
        // Deactivating also ends the sessions the user had: activating them again does not revive them.
        const row = await updateUser(tdb, target.id, active ? { active } : { active, signedOutAt: new Date() });
        return { id: row.id, active: row.active, unassignedDeviceId: given[0] ?? null };
      });
    },
  };
}
