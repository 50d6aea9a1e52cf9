import type { AppPage } from '../../contracts/page-access';
import type { UserList, UserListExpansion } from '../../contracts/user-list';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../core/http-error';
import { requireNotAbove, usersAbove, type Actor, type ActingOn } from '../../core/acting-on-users';
import { userVisible, type Scope } from '../../core/scope';
import { searchWords } from '../../core/sql';
import { feature, type PageUse } from '../../core/access';
import type { Caller } from '../../core/caller';
import { locationsUnder, organizationsUnder } from '../locations';
import type { IdentityAdmin } from '../../identity/identity-admin';
import { expandUserRows } from './users-expand.repo';
import { listUsers } from './users-list.repo';
import { findUser, findUserNameInScope, lockUser } from './users.repo';

export const USER_NOT_FOUND = 'User not found';

/** The pages that read users of the caller's scope (GET /users): lists, pickers and assign dialogs. */
export const USER_LIST_PAGES: readonly (AppPage | PageUse)[] = [
  '/app/accounts/users',
  '/app/accounts/access-management',
  // The View As dialog and the Activity Breakdown's user picker choose a user of the scope.
  '/app/reports/overview',
  '/app/reports/activity-breakdown',
  '/app/accounts/nfc',
  '/app/accounts/badge-management',
  '/app/maintenance/badges',
  '/app/maintenance/wristbands',
  // The Stations page picks the user a kiosk writes onto a wristband.
  feature('/app/maintenance/stations', 'STATIONS'),
];

/**
 * A user the caller may see (their organization or home location is in the scope), or 404 'User
 * not found', as if anyone else did not exist. With `lock`, the row is held until `on`'s
 * transaction ends (assignments lock the device first, then the user).
 */
export async function userInScope(on: Database, scope: Scope, id: number, options: { lock?: boolean } = {}): Promise<UserRow> {
  const user = options.lock ? await lockUser(on, id) : await findUser(on, id);
  if (!user || !userVisible(scope, user)) throw new HttpError(404, USER_NOT_FOUND);
  return user;
}

/**
 * A user the caller may change: in their scope (404 otherwise) and not above them for `acting`
 * (403 otherwise; core/acting-on-users.ts). The caller themself always qualifies. Inside a
 * transaction, `on` is the transaction and `scope` the caller's, loaded before it began.
 */
export async function userToChange(
  on: Database,
  caller: Actor,
  scope: Scope,
  id: number,
  options: { lock?: boolean; acting?: ActingOn } = {},
): Promise<UserRow> {
  const user = await userInScope(on, scope, id, options);
  await requireNotAbove(on, caller, scope, user, options.acting ?? 'account');
  return user;
}

/** The users lists and the sign-in name lookup. */
export function createUsersService(db: Database, identity: IdentityAdmin) {
  return {
    /** GET /users: users in scope, filtered, one page in id order. */
    async list(
      caller: Caller,
      query: {
        organizationIds: number[];
        groupId?: number;
        search?: string;
        active?: boolean;
        unassigned?: boolean;
        professionId?: string;
        expand?: UserListExpansion[];
        take: number;
        startingAfter?: number;
      },
    ): Promise<UserList> {
      const scope = await caller.scope();
      const [organizationIds, groupIds] = await Promise.all([
        query.organizationIds.length ? organizationsUnder(db, scope, query.organizationIds) : null,
        query.groupId === undefined ? null : locationsUnder(db, scope, [query.groupId]),
      ]);
      const page = await listUsers(
        db,
        {
          scope,
          organizationIds,
          groupIds,
          words: searchWords(query.search),
          active: query.active,
          unassigned: query.unassigned,
          professionId: query.professionId,
        },
        { take: query.take, startingAfter: query.startingAfter },
      );
      const [rows, above] = await Promise.all([
        expandUserRows(db, identity, page.data, query.expand ?? []),
        usersAbove(db, caller, scope, page.data),
      ]);
      return { ...page, data: rows.map((row) => ({ ...row, changeable: !above.has(row.id) })) };
    },

    /** GET /users/username: the sign-in name of a user the caller may see, by name or email. */
    async userName(caller: Caller, name: string): Promise<{ userName: string }> {
      const found = await findUserNameInScope(db, await caller.scope(), caller.user.id, name);
      if (!found) throw new HttpError(404, USER_NOT_FOUND);
      return found;
    },
  };
}
