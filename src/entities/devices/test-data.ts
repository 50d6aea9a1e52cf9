import type { Group } from '@contracts/entities';
import type { UserListRow } from '@contracts/user-list';
import type { WearableRow, WearableType } from '@contracts/wearables';
import type { SessionData } from '@/lib/session-context';
import { makeSession } from '@/test/fixtures';
import { wearableName } from './wearable-unassign';

// Test data of the wearable screens and dialogs: a network, a ward under it, three users, wearables.

/** A location for tests, every other field a plausible default. */
export function makeGroup(id: number, parentId: number | null, name: string): Group {
  return {
    id,
    parentId,
    organizationId: 2,
    name,
    type: parentId === null ? 'NETWORK' : 'UNIT',
    address: null,
    timeZone: 'US/Central',
    floorplanImage: null,
    shiftLengthHours: 8,
    requiredHandWashDuration: 30,
    requiredVisitDuration: 30,
    beforeEntrySecondsToComply: 40,
    afterEntrySecondsToComply: 120,
    beforeExitSecondsToComply: 40,
    afterExitSecondsToComply: 120,
    mapScale: null,
    groupOnly: false,
    accessible: true,
  };
}

export const NETWORK = makeGroup(1, null, 'Northwind Health Network');
export const WARD = makeGroup(10, 1, 'Ward 3B');

/** The technician's session, with the network and one ward. */
export function wearableSession(): SessionData {
  const session = makeSession('tech');
  return { ...session, bootstrap: { ...session.bootstrap, groups: [NETWORK, WARD] } };
}

const user = (id: number, firstName: string, lastName: string) => ({ id, userName: `${firstName.toLowerCase()}@demo.health`, firstName, lastName });

export const DANA = user(21, 'Dana', 'Ortiz');
export const SAM = user(22, 'Sam', 'Reed');
export const LEE = user(23, 'Lee', 'Park');

/** A wearable of `type` at the ward, held by `holder` when given; badges' MACs end EE:{id}, wristbands' FF:{id}. */
export function makeWearable(type: WearableType, id: number, holder: WearableRow['user'] = null): WearableRow {
  const mac = `AA:BB:CC:DD:${type === 'BADGE' ? 'EE' : 'FF'}:${String(id).padStart(2, '0')}`;
  return {
    id,
    mac,
    code: `C${id}`,
    name: `${wearableName(type)} ${id}`,
    type,
    modelId: 4,
    modelName: 'Zephyr',
    groupId: WARD.id,
    groupName: WARD.name,
    firmwareVersion: '2.0.0',
    latestFirmwareVersion: '2.1.0',
    batteryMv: 2900,
    batteryPercent: null,
    lastHeartbeatAt: null,
    staged: false,
    active: true,
    user: holder,
    organizationName: 'Test Hospital',
    firmware: { current: { id: 40, version: '2.0.0' }, latest: { id: 41, version: '2.1.0' } },
    settingsSync: 'unconfigured',
    lastStatus: null,
    operations: [],
    operationDisabled: false,
  };
}

/** A row of the assign dialogs' user list. */
export function makeListUser(u: typeof DANA, device: UserListRow['device'] = null): UserListRow {
  return { ...u, clientUserId: `E${u.id}`, professionId: null, organizationId: 2, groupId: WARD.id, active: true, device, nfcTag: null,
    email: null, pendingEmail: null, changeable: true, phone: null, picture: null, roleId: 4, roleName: 'Individual User', createdAt: '2026-01-01T00:00:00.000Z', lastLogin: null };
}
