import type { z } from 'zod';
import type { PermissionSubject } from '../../contracts/permissions';
import { CREATE_BADGE_MESSAGES, defaultBadgeName, defaultDeviceName, deviceExistsMessage, type CreatedDevice, type newDeviceItemSchema, type DeviceModel, type MacLookup } from '../../contracts/device-registry';
import { ASSIGN_MESSAGES, NOT_ASSIGNED_MESSAGE, type AssignResult, type HistoryResponse, type UnassignWearableResponse, type WearableList, type WearableRow, type WearableType } from '../../contracts/wearables';
import type { DeviceType } from '../../contracts/devices';
import type { Database } from '../../db/client';
import type { DeviceRow } from '../../db/schema';
import { uniqueViolationOf } from '../../core/database-error';
import { HttpError } from '../../core/http-error';
import { scopeIdsOf, type Scope } from '../../core/scope';
import { searchWords } from '../../core/sql';
import type { AppPage } from '../../contracts/page-access';
import { mayUse } from '../../core/access';
import type { Caller } from '../../core/caller';
import {
  DEVICES_MAC_CONSTRAINT,
  endAssignment,
  findByMac,
  findDevice,
  findFirmwareVersion,
  findModel,
  handOver,
  history,
  historyHasEntry,
  insertDevice,
  listModels,
  lockDevice,
  openAssignmentOf,
  type HistoryOwner,
} from '../devices';
import { locationsUnder, requireLocationInScope } from '../locations';
import { userInScope, userToChange } from '../users';
import { listWearables } from './wearables.repo';

/** The pages that read, assign and unassign some kind of wearable (each kind is checked by WEARABLE_SUBJECTS). */
export const WEARABLE_PAGES: readonly AppPage[] = ['/app/maintenance/badges', '/app/maintenance/wristbands', '/app/accounts/badge-management'];
/** The pages with a History menu or dialog: the wearable screens, the SmartSensor reports and Users. */
export const HISTORY_PAGES: readonly AppPage[] = [
  ...WEARABLE_PAGES,
  '/app/reports/wearable-usage',
  '/app/reports/wearable-management',
  '/app/accounts/users',
];
/** The Users page: its Unassign Device row action serves every kind of wearable (docs/PERMISSIONS.md 'Decisions'). */
export const USERS_PAGE: AppPage = '/app/accounts/users';
/** The pages that unassign a wearable: the wearable screens, and Users' Unassign Device. */
export const UNASSIGN_PAGES: readonly AppPage[] = [...WEARABLE_PAGES, USERS_PAGE];
/** Where badges are added. */
export const CREATE_BADGE_PAGES: readonly AppPage[] = ['/app/maintenance/badges', '/app/maintenance/gateways'];
/** Where devices are added in bulk: the Find devices dialog of the Gateways page. */
export const CREATE_DEVICES_PAGE: AppPage = '/app/maintenance/gateways';

/** The subjects that open each kind of wearable: Badges and SmartBadge Management for badges, Wristbands for wristbands. */
const WEARABLE_SUBJECTS: Record<WearableType, readonly PermissionSubject[]> = {
  BADGE: ['BADGES', 'SMARTBADGE_MANAGEMENT_BETA'],
  WRISTBAND: ['WRISTBANDS'],
};

const isWearable = (type: DeviceType): type is WearableType => type === 'BADGE' || type === 'WRISTBAND';

/** The wearable kinds the caller may work with. */
export function wearableTypesOf(caller: Caller): WearableType[] {
  return (Object.keys(WEARABLE_SUBJECTS) as WearableType[]).filter((t) => WEARABLE_SUBJECTS[t].some((s) => caller.subjects.has(s)));
}

/** Badge and wristband administration: wearables, assignment and history, models, MAC lookup, new badges. */
export function createWearablesService(db: Database) {
  /** A wearable the caller may see, or 404; with `lock`, held until `on`'s transaction ends. */
  async function wearableInScope(on: Database, scope: Scope, id: number, lock: boolean): Promise<DeviceRow & { type: WearableType }> {
    const device = lock ? await lockDevice(on, id) : await findDevice(on, id);
    if (!device || !isWearable(device.type) || device.groupId === null || !scope.groupIds.has(device.groupId)) {
      throw new HttpError(404, ASSIGN_MESSAGES.deviceNotFound);
    }
    return device as DeviceRow & { type: WearableType };
  }

  function mayHandle(caller: Caller, type: WearableType): void {
    if (!wearableTypesOf(caller).includes(type)) throw new HttpError(403, ASSIGN_MESSAGES.noPermission);
  }

  async function historyOf(scope: Scope, owner: HistoryOwner, query: { take: number; startingAfter?: string }): Promise<HistoryResponse> {
    if (query.startingAfter !== undefined && !(await historyHasEntry(db, owner, query.startingAfter))) {
      throw new HttpError(400, 'startingAfter is not an entry of this history');
    }
    return history(db, owner, query, scopeIdsOf(scope));
  }

  return {
    /** GET /devices/wearables: every wearable of a location (and its descendants) of the kinds asked and allowed. */
    async listWearables(
      caller: Caller,
      query: { groupId?: number; type?: WearableType; search?: string; assigned?: boolean },
    ): Promise<WearableList> {
      if (query.type) mayHandle(caller, query.type);
      const scope = await caller.scope();
      const groupIds = await locationsUnder(db, scope, query.groupId === undefined ? undefined : [query.groupId]);
      const types = query.type ? [query.type] : wearableTypesOf(caller);
      const data = await listWearables(db, { groupIds, types, words: searchWords(query.search), assigned: query.assigned }, scopeIdsOf(scope));
      return { data };
    },

    /**
     * POST /users/assign-badge: each item in its own transaction, in order. The wearable's current
     * holder (a re-assign) and the user's current wearable are released at the same instant the
     * new assignment starts; giving a user the wearable they hold already changes nothing.
     */
    async assign(caller: Caller, items: readonly { userId: number; wearableId: number }[]): Promise<AssignResult[]> {
      const scope = await caller.scope();
      const results: AssignResult[] = [];
      for (const item of items) {
        try {
          const value = await db.transaction(async (tdb) => {
            // Device before user, always: concurrent assignments lock in the same order.
            const device = await wearableInScope(tdb, scope, item.wearableId, true);
            mayHandle(caller, device.type);
            const user = await userToChange(tdb, caller, scope, item.userId, { lock: true, acting: 'wearable' });
            if (!user.active) throw new HttpError(409, ASSIGN_MESSAGES.userInactive);
            const current = await openAssignmentOf(tdb, device.id);
            if (current?.userId === user.id) {
              return { userId: user.id, wearableId: device.id, assignedAt: current.assignedAt.toISOString() };
            }
            const at = await handOver(tdb, device.id, user.id, caller.user.id);
            return { userId: user.id, wearableId: device.id, assignedAt: at.toISOString() };
          });
          results.push({ status: 'fulfilled', value });
        } catch (error) {
          // A refusal belongs to its item; anything else fails the request, which is safe to
          // repeat: the items already done are then no-ops.
          if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
          results.push({ status: 'rejected', reason: { message: error.message } });
        }
      }
      return results;
    },

    /**
     * POST /users/unassign-wearable: ends the user's holding of the wearable; 409 when they do not
     * hold it (already unassigned, or re-assigned meanwhile), changing nothing.
     */
    async unassign(caller: Caller, body: { userId: number; wearableId: number }): Promise<UnassignWearableResponse> {
      const scope = await caller.scope();
      return db.transaction(async (tdb) => {
        const device = await wearableInScope(tdb, scope, body.wearableId, true);
        // Users unassigns whatever a user of its scope wears; the wearable screens their own kind only.
        if (!mayUse(caller, USERS_PAGE)) mayHandle(caller, device.type);
        const user = await userToChange(tdb, caller, scope, body.userId, { lock: true, acting: 'wearable' });
        const at = new Date();
        if (!(await endAssignment(tdb, device.id, user.id, at))) throw new HttpError(409, NOT_ASSIGNED_MESSAGE);
        return { userId: user.id, wearableId: device.id, unassignedAt: at.toISOString() };
      });
    },

    /** GET /devices/:id/history. */
    async deviceHistory(caller: Caller, id: number, query: { take: number; startingAfter?: string }): Promise<HistoryResponse> {
      const scope = await caller.scope();
      await wearableInScope(db, scope, id, false);
      return historyOf(scope, { deviceId: id }, query);
    },

    /** GET /users/:id/history. */
    async userHistory(caller: Caller, id: number, query: { take: number; startingAfter?: string }): Promise<HistoryResponse> {
      const scope = await caller.scope();
      await userInScope(db, scope, id);
      return historyOf(scope, { userId: id }, query);
    },

    /** GET /devices/models. */
    models(type: DeviceType | undefined): Promise<DeviceModel[]> {
      return listModels(db, type);
    },

    /** GET /devices/mac/:mac (`mac` as the contract normalized it): whether it is taken, and by which device when in scope. */
    async lookupMac(caller: Caller, mac: string): Promise<MacLookup> {
      const found = await findByMac(db, mac);
      if (!found) return { exists: false, device: null };
      const scope = await caller.scope();
      if (found.groupId === null || found.groupName === null || !scope.groupIds.has(found.groupId)) return { exists: true, device: null };
      return { exists: true, device: { id: found.id, name: found.name, groupId: found.groupId, groupName: found.groupName, type: found.type } };
    },

    /** POST /devices: a new badge at a location in scope. */
    async createBadge(
      caller: Caller,
      body: { mac: string; groupId: number; modelId: number; firmwareVersionId: number; name?: string; active: boolean },
    ): Promise<WearableRow> {
      const scope = await caller.scope();
      requireLocationInScope(scope, body.groupId);
      const [model, version] = await Promise.all([findModel(db, body.modelId), findFirmwareVersion(db, body.firmwareVersionId)]);
      if (!model || model.deviceType !== 'BADGE') throw new HttpError(400, CREATE_BADGE_MESSAGES.notBadgeModel);
      if (!version || version.modelId !== model.id) throw new HttpError(400, CREATE_BADGE_MESSAGES.versionNotOfModel);
      let created: DeviceRow;
      try {
        created = await insertDevice(db, {
          mac: body.mac,
          type: 'BADGE',
          name: body.name ?? defaultBadgeName(body.mac),
          groupId: body.groupId,
          modelId: model.id,
          firmwareVersionId: version.id,
          role: 'other',
          active: body.active,
        });
      } catch (error) {
        if (uniqueViolationOf(error) !== DEVICES_MAC_CONSTRAINT) throw error;
        const existing = await findByMac(db, body.mac);
        throw new HttpError(409, deviceExistsMessage(existing?.groupName ?? 'another location'));
      }
      const [row] = await listWearables(db, { groupIds: [body.groupId], types: ['BADGE'], id: created.id }, scopeIdsOf(scope));
      if (!row) throw new Error(`badge ${created.id} not found after insert`);
      return row;
    },

    /**
     * POST /devices with an array (the Find devices dialog): each device created, or refused with
     * its reason (`active` false). A location outside the scope refuses the whole call (404).
     */
    async createDevices(caller: Caller, items: readonly z.output<typeof newDeviceItemSchema>[]): Promise<CreatedDevice[]> {
      if (!mayUse(caller, CREATE_DEVICES_PAGE)) throw new HttpError(403, CREATE_BADGE_MESSAGES.bulkNeedsGateways);
      const scope = await caller.scope();
      for (const item of items) requireLocationInScope(scope, item.groupId);
      const results: CreatedDevice[] = [];
      const seen = new Set<string>();
      for (const item of items) {
        const refuse = (message: string) => results.push({ id: null, mac: item.mac, type: item.type, groupId: item.groupId, active: false, reason: { message } });
        if (seen.has(item.mac)) {
          refuse(CREATE_BADGE_MESSAGES.repeated);
          continue;
        }
        seen.add(item.mac);
        const [model, version] = await Promise.all([findModel(db, item.modelId), item.firmwareVersionId ? findFirmwareVersion(db, item.firmwareVersionId) : null]);
        if (!model || model.deviceType !== item.type) {
          refuse(CREATE_BADGE_MESSAGES.modelNotOfType);
          continue;
        }
        if (item.firmwareVersionId && (!version || version.modelId !== model.id)) {
          refuse(CREATE_BADGE_MESSAGES.versionNotOfModel);
          continue;
        }
        try {
          const created = await insertDevice(db, {
            mac: item.mac,
            type: item.type,
            name: item.name ?? defaultDeviceName(item.type, item.mac),
            groupId: item.groupId,
            modelId: model.id,
            firmwareVersionId: version?.id ?? null,
            role: item.type === 'BADGE' ? 'other' : null,
            active: item.active,
          });
          results.push({ id: created.id, mac: created.mac, type: created.type, groupId: item.groupId, active: created.active, reason: null });
        } catch (error) {
          if (uniqueViolationOf(error) !== DEVICES_MAC_CONSTRAINT) throw error;
          const existing = await findByMac(db, item.mac);
          refuse(deviceExistsMessage(existing?.groupName ?? 'another location'));
        }
      }
      return results;
    },
  };
}
