import type { BootstrapResponse, Enums } from '../../contracts/bootstrap';
import type { CurrentUser, Group } from '../../contracts/entities';
import { ACCOUNT_TYPES, PROVIDER_ORGANIZATION_ID } from '../../contracts/permissions';
import type { Database } from '../../db/client';
import { EMAIL_SUBSCRIPTION_TYPES, GROUP_TYPES, ORGANIZATION_TYPES, TIME_ZONES } from '../../db/enums';
import type { GroupRow, ProfessionRow } from '../../db/schema';
import type { Caller } from '../../core/caller';
import { HttpError } from '../../core/http-error';
import type { Scope } from '../../core/scope';
import { listUsersInScope, organizationSettings, recordSignIn, settlePendingEmail, toOrganization, toUserSummary } from '../users';
import type { IdentityAdmin } from '../../identity/identity-admin';
import { listGroupsByIds, listOrganizationsByIds, listProfessions } from './bootstrap.repo';

const DEVICE_TYPES = ['BEACON', 'TABLET', 'GATEWAY', 'DISPENSER', 'WRISTBAND', 'BADGE'];

function toGroup(row: GroupRow): Group {
  return { ...row, accessible: true };
}

function toProfession(row: ProfessionRow) {
  return { id: row.code, professionId: row.code, name: row.name, organizationId: row.organizationId, pid: row.pid };
}

/** The signed-in user with role, scope and organization. */
export function currentUser(caller: Caller, scope: Scope): CurrentUser {
  const { user, organization, role } = caller;
  return {
    ...toUserSummary(user),
    isEmployee: user.organizationId === PROVIDER_ORGANIZATION_ID,
    cognitoId: user.cognitoId,
    role,
    managedOrganizationIds: scope.managedOrganizationIds,
    managedGroupIds: scope.managedGroupIds,
    organization: {
      id: organization.id,
      parentId: organization.parentId,
      name: organization.name,
      accountType: organization.accountType,
      settings: organizationSettings(organization),
    },
  };
}

/** Everything the shell needs after sign-in, limited to what the caller may see. */
async function buildBootstrap(db: Database, caller: Caller): Promise<BootstrapResponse> {
  const scope = await caller.scope();
  const isEmployee = caller.user.organizationId === PROVIDER_ORGANIZATION_ID;
  const [organizations, groups, users, professions] = await Promise.all([
    listOrganizationsByIds(db, scope.organizationIds),
    listGroupsByIds(db, scope.groupIds),
    listUsersInScope(db, scope, caller.user.id),
    listProfessions(db, { all: isEmployee, organizationIds: [caller.user.organizationId, ...scope.organizationIds] }),
  ]);
  const enums: Enums = {
    professions: professions.map(toProfession),
    deviceTypes: DEVICE_TYPES,
    organizationTypes: [...ORGANIZATION_TYPES],
    groupTypes: [...GROUP_TYPES],
    accountTypes: [...ACCOUNT_TYPES],
    timeZones: TIME_ZONES.map((t) => ({ value: t.value, label: t.label })),
    emailSubscriptionTypes: [...EMAIL_SUBSCRIPTION_TYPES],
  };
  return {
    user: currentUser(caller, scope),
    organizations: organizations.map((o) => toOrganization(o, true)),
    groups: groups.map(toGroup),
    users: users.map(toUserSummary),
    enums,
  };
}

/** GET /bootstrap. */
export function createBootstrapService(db: Database, identity: IdentityAdmin) {
  return {
    /** The caller's own session data: `username` must be their sign-in name or email (403 otherwise). */
    async forCaller(caller: Caller, username: string): Promise<BootstrapResponse> {
      const asked = username.toLowerCase();
      if (asked !== caller.user.userName && asked !== caller.user.email?.toLowerCase()) {
        throw new HttpError(403, 'You can only load your own session');
      }
      // The app loads the session once per sign-in and start: the sign-in's time is the last login.
      if (caller.session.authTime) await recordSignIn(db, caller.user.id, caller.session.authTime);
      // An address the user was invited at becomes theirs once they have signed in (modules/users/pending-email.ts).
      await settlePendingEmail(db, identity, caller.user);
      return buildBootstrap(db, caller);
    },
  };
}
