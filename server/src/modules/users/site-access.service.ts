import {
  NO_SIGN_IN_ACCOUNT_MESSAGE,
  SELF_DEACTIVATION_MESSAGE,
  SELF_GRANT_MESSAGE,
  type SetSiteAccessResponse,
} from '../../contracts/users-admin';
import type { AppPage } from '../../contracts/page-access';
import { siteAccessOf } from '../../contracts/site-access';
import type { Database } from '../../db/client';
import { HttpError } from '../../core/http-error';
import type { IdentityAdmin } from '../../identity/identity-admin';
import { withProvider } from '../../identity/provider-errors';
import type { Caller } from '../../core/caller';
import { endUserAssignments, updateUser } from './users-admin.repo';
import { userToChange } from './users.service';

/** Access Management: the page from which a caller revokes and grants other users' site access. */
export const ACCESS_MANAGEMENT_PAGE: AppPage = '/app/accounts/access-management';

/** Revoke Access and Grant Access (docs/PERMISSIONS.md 'Decisions'). */
export function createSiteAccessService({ db, identity }: { db: Database; identity: IdentityAdmin }) {
  return {
    /**
     * PUT /users/{id}/site-access. Revoking deactivates the user (their wearable is given back, as
     * Deactivate does) and disables their sign-in account: the provider refuses their next sign-in
     * and token refresh, and the API refuses their next request, since it reads the active flag on
     * every request. Granting reverses both. Only a user linked to a sign-in account qualifies (the
     * others are invited); the provider is called last, inside the transaction, so its failure
     * leaves the user as they were.
     */
    async setSiteAccess(caller: Caller, id: number, granted: boolean): Promise<SetSiteAccessResponse> {
      if (id === caller.user.id) throw new HttpError(400, granted ? SELF_GRANT_MESSAGE : SELF_DEACTIVATION_MESSAGE);
      const scope = await caller.scope();
      return db.transaction(async (tdb) => {
        const target = await userToChange(tdb, caller, scope, id, { lock: true });
        const account = target.cognitoId ? await withProvider(() => identity.getAccount(target.userName)) : null;
        if (!account || account.sub !== target.cognitoId) throw new HttpError(409, NO_SIGN_IN_ACCOUNT_MESSAGE);
        const given = granted ? [] : await endUserAssignments(tdb, target.id, new Date());
        // Revoking also ends the sessions the user had: granting access back does not revive them.
        const row = await updateUser(tdb, target.id, granted ? { active: true } : { active: false, signedOutAt: new Date() });
        await withProvider(() => (granted ? identity.enable(target.userName) : identity.disable(target.userName)));
        return {
          id: row.id,
          active: row.active,
          status: siteAccessOf(row.active, { status: account.status, enabled: granted }),
          unassignedDeviceId: given[0] ?? null,
        };
      });
    },
  };
}
