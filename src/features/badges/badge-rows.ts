import { defaultBadgeName } from '@contracts/device-registry';
import { type WearableRow } from '@contracts/wearables';
import { applyHolderEdit, type HolderEdit } from '@/entities/devices/holder-edits';
import { deviceTypeOf } from '@/entities/devices/wearable-unassign';
import type { OutboxItem } from '@/offline/db';
import { BADGE_ADD, type BadgeAddPayload, type BadgeEditPayload, type BadgeUser } from './outbox-handlers';

/** A badge as the tables show it: the server's row with the edits still in the outbox applied. */
export interface BadgeRow {
  /** Null for a badge added here that the server does not have yet. */
  id: number | null;
  mac: string;
  code: string | null;
  name: string;
  modelName: string;
  groupId: number;
  groupName: string;
  organizationName: string;
  firmwareVersion: string | null;
  batteryMv: number | null;
  lastHeartbeatAt: string | null;
  user: BadgeUser | null;
  /** 'pending': queued edits not on the server yet; 'failed': the server refused one (see `pendingError`). */
  pending: 'pending' | 'failed' | null;
  pendingError: string | null;
}

export const BADGE_STATUSES = ['all', 'assigned', 'unassigned'] as const;
export type BadgeStatus = (typeof BADGE_STATUSES)[number];

function fromServer(device: WearableRow): BadgeRow {
  return {
    id: device.id,
    mac: device.mac,
    code: device.code,
    name: device.name,
    modelName: device.modelName,
    groupId: device.groupId,
    groupName: device.groupName,
    organizationName: device.organizationName,
    firmwareVersion: device.firmwareVersion,
    batteryMv: device.batteryMv,
    lastHeartbeatAt: device.lastHeartbeatAt,
    user: device.user,
    pending: null,
    pendingError: null,
  };
}

function fromAdd({ body, groupName, organizationName, modelName, version }: BadgeAddPayload): BadgeRow {
  return {
    id: null,
    mac: body.mac,
    code: null,
    name: body.name ?? defaultBadgeName(body.mac),
    modelName,
    groupId: body.groupId,
    groupName,
    organizationName,
    firmwareVersion: version,
    batteryMv: null,
    lastHeartbeatAt: null,
    user: null,
    pending: 'pending',
    pendingError: null,
  };
}

/**
 * The badges of a location with the user's queued edits on top, oldest edit first: an assignment
 * made offline shows its new holder at once, marked pending. A refused edit changes nothing but
 * marks its badge 'failed' with the server's message. Badges added offline appear when their
 * location is one of `groupIds` (every location when null).
 */
export function badgeRowsOf(
  devices: readonly WearableRow[],
  edits: readonly OutboxItem<BadgeEditPayload>[],
  groupIds: ReadonlySet<number> | null,
): BadgeRow[] {
  const rows = devices.map(fromServer);
  const macs = new Set(rows.map((row) => row.mac));

  for (const edit of [...edits].sort((a, b) => a.createdAt - b.createdAt)) {
    if (edit.type !== BADGE_ADD) {
      // An assignment or unassignment made here, on the Users page or on an earlier version; a wristband's is not this list's.
      const holderEdit = edit as HolderEdit;
      if (deviceTypeOf(holderEdit.payload) === 'BADGE') applyHolderEdit(rows, holderEdit);
      continue;
    }
    const payload = edit.payload as BadgeAddPayload;
    if (edit.status === 'failed') {
      const index = rows.findIndex((row) => row.mac === payload.body.mac);
      if (index >= 0) rows[index] = { ...rows[index]!, pending: 'failed', pendingError: edit.lastError };
      continue;
    }
    if (macs.has(payload.body.mac) || (groupIds && !groupIds.has(payload.body.groupId))) continue;
    macs.add(payload.body.mac);
    rows.push(fromAdd(payload));
  }
  return rows;
}

/** Every word of `search` somewhere in the badge's MAC (with or without colons), code, names, model, places or holder. */
export function matchesSearch(row: BadgeRow, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = [
    row.mac,
    row.mac.replace(/:/g, ''),
    row.code,
    row.name,
    row.modelName,
    row.groupName,
    row.organizationName,
    row.firmwareVersion,
    row.user?.firstName,
    row.user?.lastName,
    row.user?.userName,
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words.every((word) => text.includes(word));
}

/** The rows the status and search filters let through, done on the device so it works offline. */
export function filterBadgeRows(rows: readonly BadgeRow[], status: BadgeStatus, search: string): BadgeRow[] {
  return rows.filter(
    (row) =>
      (status === 'all' || (status === 'assigned') === (row.user !== null)) && matchesSearch(row, search),
  );
}
