import { and, eq, gte, inArray, isNull, lt, notExists, notInArray, or, sql } from 'drizzle-orm';
import { REPLACED_DEVICES_GROUP_ID } from '../../contracts/devices';
import { GATEWAY_SETUP_GROUP_ID } from '../../contracts/gateways';
import type { UnresponsiveDevice } from '../../contracts/unresponsive-devices';
import type { Database } from '../../db/client';
import { deviceModels, devices, groups, heartbeatEvents } from '../../db/schema';

// Devices that sent no heartbeat during a window, read from the latest heartbeat the ingest keeps
// on each device (devices.last_heartbeat_at) and, for a device heard since the window ended, from
// its stored heartbeats (one probe of the (device, ts) index each).

export interface SilentFilter {
  groupIds: readonly number[];
  /** The window [from, to): the start of the first day, and the end of the last day or now. */
  from: Date;
  to: Date;
}

/** The active, published devices of the locations that sent no heartbeat in [from, to), longest silent first. */
export async function listSilentDevices(db: Database, filter: SilentFilter): Promise<UnresponsiveDevice[]> {
  if (filter.groupIds.length === 0) return [];
  const { from, to } = filter;
  const heardInWindow = db
    .select({ one: sql`1` })
    .from(heartbeatEvents)
    .where(and(eq(heartbeatEvents.deviceId, devices.id), gte(heartbeatEvents.ts, from), lt(heartbeatEvents.ts, to)));
  const rows = await db
    .select({
      id: devices.id,
      mac: devices.mac,
      name: devices.name,
      groupId: groups.id,
      group: groups.name,
      type: devices.type,
      model: deviceModels.name,
      lastHeartbeatAt: devices.lastHeartbeatAt,
    })
    .from(devices)
    .innerJoin(groups, eq(groups.id, devices.groupId))
    .innerJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .where(
      and(
        inArray(devices.groupId, [...filter.groupIds]),
        // Replaced devices are gone; gateways awaiting setup have never been placed to be heard.
        notInArray(devices.groupId, [REPLACED_DEVICES_GROUP_ID, GATEWAY_SETUP_GROUP_ID]),
        eq(devices.active, true),
        eq(devices.staged, false),
        eq(devices.publish, true),
        lt(devices.createdAt, to),
        or(
          isNull(devices.lastHeartbeatAt),
          lt(devices.lastHeartbeatAt, from),
          and(gte(devices.lastHeartbeatAt, to), notExists(heardInWindow)),
        ),
      ),
    )
    .orderBy(sql`${devices.lastHeartbeatAt} asc nulls first`, devices.mac);
  return rows.map(({ lastHeartbeatAt, ...row }) => ({ ...row, lastHeard: lastHeartbeatAt?.toISOString() ?? null }));
}
