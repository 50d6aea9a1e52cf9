import { SELF_SCOPE_MESSAGE, type SetScopeResponse } from '../../contracts/users-admin';
import type { Database } from '../../db/client';
import { HttpError } from '../../core/http-error';
import type { Caller } from '../../core/caller';
import { LOCATION_NOT_FOUND, ORGANIZATION_NOT_FOUND } from './users-admin.service';
import { replaceManaged } from './users-admin.repo';
import { userToChange } from './users.service';

/** The organizations and locations a user may see, changed after they were added (docs/PERMISSIONS.md 'Scope'). */
export function createUserScopeService(db: Database) {
  return {
    /**
     * PUT /users/{id}/set-scope. Like Add User: everything given lies in the caller's scope (404
     * otherwise, as if absent), and the user is one the caller may change (in their scope, not
     * above them), never the caller themself. The lists replace the user's in one transaction.
     */
    async setScope(caller: Caller, id: number, body: { managedOrganizationIds: number[]; managedGroupIds: number[] }): Promise<SetScopeResponse> {
      if (id === caller.user.id) throw new HttpError(400, SELF_SCOPE_MESSAGE);
      const scope = await caller.scope();
      const organizationIds = [...new Set(body.managedOrganizationIds)];
      const groupIds = [...new Set(body.managedGroupIds)];
      if (organizationIds.some((organizationId) => !scope.organizationIds.has(organizationId))) throw new HttpError(404, ORGANIZATION_NOT_FOUND);
      if (groupIds.some((groupId) => !scope.groupIds.has(groupId))) throw new HttpError(404, LOCATION_NOT_FOUND);
      return db.transaction(async (tdb) => {
        const target = await userToChange(tdb, caller, scope, id, { lock: true });
        await replaceManaged(tdb, target.id, { organizationIds, groupIds });
        return { id: target.id, managedOrganizationIds: organizationIds, managedGroupIds: groupIds };
      });
    },
  };
}
