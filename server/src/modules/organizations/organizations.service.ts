import type { OrganizationBody } from '../../contracts/organizations';
import { PROVIDER_TYPE } from '../../contracts/organizations';
import type { Organization } from '../../contracts/entities';
import { ACCOUNT_TYPES, PROVIDER_ORGANIZATION_ID, type AccountType } from '../../contracts/permissions';
import type { Database } from '../../db/client';
import { isEmployee } from '../../core/acting-on-users';
import { HttpError } from '../../core/http-error';
import { visibleTree } from '../../core/tree-visibility';
import type { Caller } from '../../core/caller';
import { toOrganization } from '../users';
import { defaultLocationOwners, findOrganizationRow, insertOrganization, listOrganizations, locationOwner, ownLocationIds, setGroupOnlyLocations, updateOrganization } from './organizations.repo';

export const ORGANIZATION_NOT_FOUND = 'Organization not found';
export const GROUP_ONLY_NOT_OWN = "Group-only units must be the organization's own locations";

/** LAVO above PRO above BASIC: an organization never gets more than its parent, nor than its editor's own. */
const rank = (type: AccountType) => ACCOUNT_TYPES.length - ACCOUNT_TYPES.indexOf(type);


/** The Organizations screen: the tree and the organization form (docs/SCREENS.md 'Screens', Organizations). */
export function createOrganizationsService(db: Database) {
  async function checkAccountType(caller: Caller, accountType: AccountType, parentId: number | null) {
    if (!isEmployee(caller) && rank(accountType) > rank(caller.organization.accountType)) {
      throw new HttpError(403, `You cannot give an account type above your own (${caller.organization.accountType})`);
    }
    const parent = parentId === null ? null : await findOrganizationRow(db, parentId);
    if (parent && rank(accountType) > rank(parent.accountType)) {
      throw new HttpError(400, `The account type cannot be above the parent organization's (${parent.accountType})`);
    }
  }

  /**
   * The default location must be one of the organization's own locations; while it has none (a
   * new organization always), one in its parent organization's part of the tree.
   */
  async function checkDefaultLocation(caller: Caller, defaultLocationId: number | null, organizationId: number | null, parentId: number) {
    if (defaultLocationId === null) return;
    const scope = await caller.scope();
    const owner = await locationOwner(db, defaultLocationId);
    if (owner === null || !scope.groupIds.has(defaultLocationId)) throw new HttpError(404, 'Location not found');
    const owners = await defaultLocationOwners(db, organizationId, parentId);
    if (!owners.has(owner)) throw new HttpError(400, "The default location must be one of the organization's locations");
  }

  return {
    /** Organizations the caller may act on, with the ancestors above them (shown without actions). */
    async tree(caller: Caller): Promise<{ data: Organization[] }> {
      const scope = await caller.scope();
      const rows = visibleTree(await listOrganizations(db), scope.organizationIds);
      return { data: rows.map((row) => toOrganization(row, row.accessible)) };
    },

    /** Creates (no id) or edits (id) an organization inside the caller's scope. */
    async save(caller: Caller, body: OrganizationBody): Promise<Organization> {
      const scope = await caller.scope();
      const settings = {
        defaultLocationId: body.settings.defaultLocationId,
        ...(body.settings.displayDurations === undefined ? {} : { displayDurations: body.settings.displayDurations }),
        ...(body.settings.displayReminders === undefined ? {} : { displayReminders: body.settings.displayReminders }),
        ...(body.settings.auditMatchToleranceSeconds === undefined ? {} : { auditMatchToleranceSeconds: body.settings.auditMatchToleranceSeconds }),
        ...(body.settings.hideLeaderboards === undefined ? {} : { hideLeaderboards: body.settings.hideLeaderboards }),
        ...(body.settings.retentionDays === undefined ? {} : { retentionDays: body.settings.retentionDays }),
      };
      if (body.id) {
        const current = await findOrganizationRow(db, body.id);
        if (!current || !scope.organizationIds.has(current.id)) throw new HttpError(404, ORGANIZATION_NOT_FOUND);
        if ((body.parentId ?? null) !== current.parentId) throw new HttpError(400, 'The parent of an organization cannot be changed');
        const isRoot = current.id === PROVIDER_ORGANIZATION_ID;
        if (isRoot !== (body.type === PROVIDER_TYPE)) throw new HttpError(400, 'Only organization 1, the root, is the provider');
        await checkAccountType(caller, body.accountType, current.parentId);
        await checkDefaultLocation(caller, settings.defaultLocationId, current.id, current.parentId ?? current.id);
        const groupOnly = body.settings.groupOnlyLocationIds;
        if (groupOnly !== undefined) {
          const own = await ownLocationIds(db, current.id);
          if (groupOnly.some((id) => !own.has(id))) throw new HttpError(400, GROUP_ONLY_NOT_OWN);
        }
        const row = await db.transaction(async (tx) => {
          if (groupOnly !== undefined) await setGroupOnlyLocations(tx, current.id, groupOnly);
          return updateOrganization(tx, current.id, { name: body.name, type: body.type, accountType: body.accountType, ...settings });
        });
        return toOrganization(row, true);
      }
      // A new organization always has a parent: organization 1 is the one root.
      const parentId = body.parentId ?? PROVIDER_ORGANIZATION_ID;
      if (parentId === PROVIDER_ORGANIZATION_ID && !isEmployee(caller)) throw new HttpError(403, 'Only the provider can add a top-level organization');
      if (!scope.organizationIds.has(parentId)) throw new HttpError(404, ORGANIZATION_NOT_FOUND);
      if (body.type === PROVIDER_TYPE) throw new HttpError(400, 'Only organization 1, the root, is the provider');
      // A new organization has no locations of its own yet.
      if (body.settings.groupOnlyLocationIds?.length) throw new HttpError(400, GROUP_ONLY_NOT_OWN);
      await checkAccountType(caller, body.accountType, parentId);
      await checkDefaultLocation(caller, settings.defaultLocationId, null, parentId);
      const row = await insertOrganization(db, { name: body.name, parentId, type: body.type, accountType: body.accountType, ...settings });
      return toOrganization(row, true);
    },
  };
}
