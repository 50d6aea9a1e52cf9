import { and, asc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { KioskGateway, NfcStationRow } from '../../contracts/stations';
import { gatewayCommandChannel, gatewaySessionChannel } from '../../contracts/stations-realtime';
import type { Database } from '../../db/client';
import { deviceModels, devices, firmwareVersions, groups, nfcTags, type DeviceRow } from '../../db/schema';
import { containing, macContaining } from '../../core/sql';

// What the Stations page reads: the gateways of some locations, their NFC stations, and the
// devices an assignment names. Callers pass location ids already limited to the caller's scope.

export interface GatewayFilter {
  groupIds: readonly number[];
  modelId?: number;
  roles?: readonly string[];
  search?: string;
}

/** Name, station or MAC (with or without colons) containing `search`, any case. */
function gatewaySearch(search: string): SQL | undefined {
  const pattern = containing(search);
  return or(ilike(devices.name, pattern), ilike(devices.station, pattern), macContaining(devices.mac, search));
}

/** The active gateways of the locations, filtered, by name, with the channels they listen on. */
export async function listGateways(db: Database, filter: GatewayFilter): Promise<KioskGateway[]> {
  if (filter.groupIds.length === 0 || filter.roles?.length === 0) return [];
  const rows = await db
    .select({
      id: devices.id,
      name: devices.name,
      mac: devices.mac,
      modelId: devices.modelId,
      role: devices.role,
      station: devices.station,
      groupId: groups.id,
      groupName: groups.name,
      lastHeartbeatAt: devices.lastHeartbeatAt,
    })
    .from(devices)
    .innerJoin(groups, eq(groups.id, devices.groupId))
    .where(
      and(
        eq(devices.type, 'GATEWAY'),
        eq(devices.active, true),
        inArray(devices.groupId, [...filter.groupIds]),
        filter.modelId === undefined ? undefined : eq(devices.modelId, filter.modelId),
        filter.roles === undefined ? undefined : inArray(devices.role, [...filter.roles]),
        filter.search ? gatewaySearch(filter.search) : undefined,
      ),
    )
    .orderBy(asc(devices.name), asc(devices.id));
  return rows.map((r) => ({
    ...r,
    lastHeartbeatAt: r.lastHeartbeatAt?.toISOString() ?? null,
    sessionChannel: gatewaySessionChannel(r.name),
    commandChannel: gatewayCommandChannel(r.mac),
  }));
}

/** The label of a location's NFC station. */
export const nfcStationName = (groupName: string) => `${groupName} NFC Station`;

/**
 * The NFC stations of the locations. There is no station table: a unit signs staff in by NFC at
 * its nurse-station tablet once NFC tags are registered at the unit, so an NFC station is an
 * active TABLET whose location holds at least one NFC tag (active or not: the station stays when
 * its tags are deactivated). Ordered by location, then device name.
 */
export async function listNfcStations(db: Database, groupIds: readonly number[]): Promise<NfcStationRow[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .select({
      id: devices.id,
      mac: devices.mac,
      name: devices.name,
      type: devices.type,
      modelName: deviceModels.name,
      batteryPercent: devices.batteryPercent,
      firmwareVersion: firmwareVersions.version,
      groupId: groups.id,
      groupName: groups.name,
    })
    .from(devices)
    .innerJoin(groups, eq(groups.id, devices.groupId))
    .innerJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .leftJoin(firmwareVersions, eq(firmwareVersions.id, devices.firmwareVersionId))
    .where(
      and(
        eq(devices.type, 'TABLET'),
        eq(devices.active, true),
        inArray(devices.groupId, [...groupIds]),
        exists(db.select({ one: sql`1` }).from(nfcTags).where(eq(nfcTags.groupId, devices.groupId))),
      ),
    )
    .orderBy(asc(groups.name), asc(devices.name), asc(devices.id));
  return rows.map(({ id, groupId, groupName, ...device }) => ({
    id,
    // No operations are recorded yet, so no station has a last status.
    device: { ...device, lastStatus: null },
    station: { name: nfcStationName(groupName), groupId, groupName },
  }));
}

/** A wristband by MAC, locked against concurrent assignment changes until the transaction ends. */
export async function lockWristbandByMac(db: Database, mac: string): Promise<DeviceRow | null> {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.mac, mac), eq(devices.type, 'WRISTBAND')))
    .for('update');
  return row ?? null;
}
