import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { GatewayStation } from '../../contracts/stations';
import { gatewayCommandChannel, gatewaySessionChannel } from '../../contracts/stations-realtime';
import type { Database } from '../../db/client';
import { devices, firmwareVersions, users, wearableAssignments, type DeviceRow } from '../../db/schema';
import { shownName } from '../../core/names';

// What a kiosk gateway reads at start: itself and the wristbands whose home station it is.

async function firmwareVersionOf(db: Database, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db.select({ version: firmwareVersions.version }).from(firmwareVersions).where(eq(firmwareVersions.id, id));
  return row?.version ?? null;
}

/** Who holds each of the wristbands now (their open assignment), with names as lists show them. */
async function holdersOf(db: Database, wristbandIds: readonly number[]): Promise<Map<number, { userId: number; name: string }>> {
  if (wristbandIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([wearableAssignments.deviceId], {
      deviceId: wearableAssignments.deviceId,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      demo: users.demo,
    })
    .from(wearableAssignments)
    .innerJoin(users, eq(users.id, wearableAssignments.userId))
    .where(and(inArray(wearableAssignments.deviceId, [...wristbandIds]), isNull(wearableAssignments.unassignedAt)))
    .orderBy(wearableAssignments.deviceId, desc(wearableAssignments.assignedAt), desc(wearableAssignments.id));
  return new Map(
    rows.map((r) => {
      const { firstName, lastName } = shownName(r);
      return [r.deviceId, { userId: r.userId, name: `${firstName} ${lastName}`.trim() }];
    }),
  );
}

/** The gateway's name, channels and firmware, and its active wristbands in id order with their holders. */
export async function gatewayStation(db: Database, gateway: DeviceRow): Promise<GatewayStation> {
  const [firmwareVersion, wristbands] = await Promise.all([
    firmwareVersionOf(db, gateway.firmwareVersionId),
    db
      .select({
        id: devices.id,
        mac: devices.mac,
        syncEnabled: devices.syncEnabled,
        batteryPercent: devices.batteryPercent,
        firmwareVersion: firmwareVersions.version,
      })
      .from(devices)
      .leftJoin(firmwareVersions, eq(firmwareVersions.id, devices.firmwareVersionId))
      .where(and(eq(devices.type, 'WRISTBAND'), eq(devices.active, true), eq(devices.gatewayId, gateway.id)))
      .orderBy(asc(devices.id)),
  ]);
  const holders = await holdersOf(db, wristbands.map((w) => w.id));
  return {
    mac: gateway.mac,
    name: gateway.name,
    station: gateway.station,
    sessionChannel: gatewaySessionChannel(gateway.name),
    commandChannel: gatewayCommandChannel(gateway.mac),
    firmwareVersion,
    wristbands: wristbands.map(({ id, ...w }) => ({ ...w, holder: holders.get(id) ?? null })),
  };
}
