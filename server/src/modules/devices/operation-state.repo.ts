import { aliasedTable, and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { syncState } from '../../contracts/device-settings';
import { lowerStatus, OPEN_OPERATION_STATUSES, type LastStatus, type OpenOperation, type OperationState } from '../../contracts/operations';
import type { Database } from '../../db/client';
import { iso } from '../../core/sql';
import { devices, deviceOperations, deviceSettings, firmwareVersions, type DeviceOperationRow } from '../../db/schema';

// What the operations pages show of each device's operations, and the wearables list with them:
// its firmware, the sync of its settings, its last operation and the open ones.

export type { OperationState };

/** `column = any(ids)`: one array parameter however many devices a list holds. */
const anyId = (column: AnyPgColumn, ids: readonly number[]): SQL => sql`${column} = any(${`{${ids.join(',')}}`}::int[])`;

export function toLastStatus(op: DeviceOperationRow): LastStatus {
  return {
    status: lowerStatus(op.status),
    type: op.type,
    updatedAt: iso(op.updatedAt),
    operationMetaDataId: op.id,
    progress: op.progress,
    message: op.message,
  };
}

export const toOpen = (op: DeviceOperationRow): OpenOperation => ({
  id: op.id,
  type: op.type,
  status: lowerStatus(op.status),
  progress: op.progress,
  description: op.description,
  createdAt: iso(op.createdAt),
});

/** Each device's latest operation. */
export async function lastOperations(db: Database, deviceIds: readonly number[]): Promise<Map<number, DeviceOperationRow>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([deviceOperations.deviceId])
    .from(deviceOperations)
    .where(anyId(deviceOperations.deviceId, deviceIds))
    .orderBy(deviceOperations.deviceId, desc(deviceOperations.id));
  return new Map(rows.map((r) => [r.deviceId, r]));
}

/** Each device's open (pending or working) operations, oldest first. */
export async function openOperations(db: Database, deviceIds: readonly number[]): Promise<Map<number, DeviceOperationRow[]>> {
  const out = new Map<number, DeviceOperationRow[]>();
  if (deviceIds.length === 0) return out;
  const rows = await db
    .select()
    .from(deviceOperations)
    .where(and(anyId(deviceOperations.deviceId, deviceIds), inArray(deviceOperations.status, [...OPEN_OPERATION_STATUSES])))
    .orderBy(asc(deviceOperations.id));
  for (const row of rows) out.set(row.deviceId, [...(out.get(row.deviceId) ?? []), row]);
  return out;
}

const current = aliasedTable(firmwareVersions, 'current_firmware');

/**
 * The operation state of each of the devices that exist: current firmware and its model's latest
 * (the newest version marked latest), the sync of desired and reported settings, the last
 * operation and the open ones. Disabled without a current firmware or with an open operation.
 */
export async function operationStates(db: Database, deviceIds: readonly number[]): Promise<Map<number, OperationState>> {
  if (deviceIds.length === 0) return new Map();
  const latest = db
    .selectDistinctOn([firmwareVersions.modelId], { modelId: firmwareVersions.modelId, id: firmwareVersions.id, version: firmwareVersions.version })
    .from(firmwareVersions)
    .where(eq(firmwareVersions.isLatest, true))
    .orderBy(firmwareVersions.modelId, desc(firmwareVersions.createdAt), desc(firmwareVersions.id))
    .as('latest_firmware');
  const [rows, lastOps, openOps] = await Promise.all([
    db
      .select({
        id: devices.id,
        current: { id: current.id, version: current.version },
        latest: { id: latest.id, version: latest.version },
        desired: deviceSettings.desired,
        reported: deviceSettings.reported,
      })
      .from(devices)
      .leftJoin(current, eq(current.id, devices.firmwareVersionId))
      .leftJoin(latest, eq(latest.modelId, devices.modelId))
      .leftJoin(deviceSettings, eq(deviceSettings.deviceId, devices.id))
      .where(anyId(devices.id, deviceIds)),
    lastOperations(db, deviceIds),
    openOperations(db, deviceIds),
  ]);
  return new Map(
    rows.map(({ id, current: cur, latest: lat, desired, reported }) => {
      const open = openOps.get(id) ?? [];
      const last = lastOps.get(id);
      const state: OperationState = {
        firmware: { current: cur?.id ? { id: cur.id, version: cur.version } : null, latest: lat?.id ? { id: lat.id, version: lat.version } : null },
        settingsSync: syncState(desired ?? null, reported ?? null),
        lastStatus: last ? toLastStatus(last) : null,
        operations: open.map(toOpen),
        operationDisabled: !cur?.id || open.length > 0,
      };
      return [id, state];
    }),
  );
}
