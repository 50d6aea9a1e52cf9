import { randomBytes } from 'node:crypto';
import type { Database } from '../../../server/src/db/client';
import { deviceModels, devices, wearableAssignments, zones } from '../../../server/src/db/schema';
import { ingestEvents } from '../../../server/src/modules/ingest/ingest.service';
import { gatewayToken } from '../../../server/src/core/gateway-auth';
import { TEST_INGEST_SECRET } from './app';

/** A MAC no other test uses. */
export function uniqueMac(): string {
  return [0x02, ...randomBytes(5)].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');
}

export interface Fleet {
  groupId: number;
  gateway: string;
  /** A patient room and a C. diff room, each with its room beacon and one bed beacon. */
  rooms: { room: { zoneId: number; beacon: string; bed: string }; cdiff: { zoneId: number; beacon: string; bed: string } };
  reminderZoneId: number;
  soap: string;
  sanitizer: string;
  /** Wristband MAC per user id. */
  wristbands: Map<number, string>;
}

/**
 * Devices of one location for hand-built event sequences: two rooms with beacons, two dispensers,
 * a gateway and a wristband for each user, assigned since 2020.
 */
export async function createFleet(db: Database, groupId: number, userIds: readonly number[]): Promise<Fleet> {
  const tag = randomBytes(3).toString('hex');
  const [room, cdiff, reminder] = await db
    .insert(zones)
    .values([
      { groupId, name: `Room ${tag}`, type: 'PATIENT_ROOM' },
      { groupId, name: `Isolation ${tag}`, type: 'CDIFF' },
      { groupId, name: `Utility ${tag}`, type: 'REMINDER', meta: { interval: 1 } },
    ])
    .returning();
  if (!room || !cdiff || !reminder) throw new Error('zones not created');
  const [model] = await db.insert(deviceModels).values({ name: `Test model ${tag}`, deviceType: 'BEACON' }).returning();
  if (!model) throw new Error('model not created');
  const modelId = model.id;
  const mac = () => uniqueMac();
  const macs = {
    gateway: mac(), roomBeacon: mac(), roomBed: mac(), cdiffBeacon: mac(), cdiffBed: mac(), soap: mac(), sanitizer: mac(),
  };
  await db.insert(devices).values([
    { mac: macs.gateway, type: 'GATEWAY', name: `Gateway ${tag}`, groupId, modelId, role: 'GATEWAY' },
    { mac: macs.roomBeacon, type: 'BEACON', name: `Room ${tag}`, groupId, modelId, physicalRole: 'ROOM', zoneId: room.id },
    { mac: macs.roomBed, type: 'BEACON', name: `Room ${tag} Bed A`, groupId, modelId, physicalRole: 'BED', zoneId: room.id },
    { mac: macs.cdiffBeacon, type: 'BEACON', name: `Isolation ${tag}`, groupId, modelId, physicalRole: 'ROOM', zoneId: cdiff.id },
    { mac: macs.cdiffBed, type: 'BEACON', name: `Isolation ${tag} Bed A`, groupId, modelId, physicalRole: 'BED', zoneId: cdiff.id },
    { mac: macs.soap, type: 'DISPENSER', name: `Soap ${tag}`, groupId, modelId, role: 'Soap', x: 100, y: 100 },
    { mac: macs.sanitizer, type: 'DISPENSER', name: `Sanitizer ${tag}`, groupId, modelId, role: 'Sanitizer', x: 200, y: 100 },
  ]);
  const wristbands = new Map<number, string>();
  for (const userId of userIds) {
    const [band] = await db
      .insert(devices)
      .values({ mac: mac(), type: 'WRISTBAND', name: `Band ${tag}-${userId}`, groupId, modelId })
      .returning();
    if (!band) throw new Error('wristband not created');
    await db.insert(wearableAssignments).values({ deviceId: band.id, userId, assignedAt: new Date('2020-01-01T00:00:00Z') });
    wristbands.set(userId, band.mac);
  }
  return {
    groupId,
    gateway: macs.gateway,
    rooms: {
      room: { zoneId: room.id, beacon: macs.roomBeacon, bed: macs.roomBed },
      cdiff: { zoneId: cdiff.id, beacon: macs.cdiffBeacon, bed: macs.cdiffBed },
    },
    reminderZoneId: reminder.id,
    soap: macs.soap,
    sanitizer: macs.sanitizer,
    wristbands,
  };
}

let counter = 0;
const nextId = (kind: string) => `test-${kind}-${Date.now().toString(36)}-${++counter}`;

/** Builders for contract events of a fleet. Times are ISO strings or Dates. */
export function eventsFor(fleet: Fleet) {
  const iso = (at: string | Date) => (typeof at === 'string' ? at : at.toISOString());
  const band = (userId: number) => {
    const mac = fleet.wristbands.get(userId);
    if (!mac) throw new Error(`user ${userId} has no wristband in this fleet`);
    return mac;
  };
  return {
    /** Enter at `entry`, leave at `exit`, in the fleet's patient room (or the C. diff room). */
    visit(userId: number, entry: string | Date, exit: string | Date, which: 'room' | 'cdiff' = 'room') {
      const beacon = fleet.rooms[which].beacon;
      return [
        { id: nextId('in'), type: 'presence', at: iso(entry), wearable: band(userId), beacon, action: 'enter' },
        { id: nextId('out'), type: 'presence', at: iso(exit), wearable: band(userId), beacon, action: 'leave' },
      ];
    },
    /** A credited dispense at the soap or sanitizer dispenser. */
    dispense(userId: number | null, at: string | Date, role: 'soap' | 'sanitizer' = 'sanitizer', durationS?: number) {
      return {
        id: nextId('dispense'),
        type: 'dispense',
        at: iso(at),
        dispenser: role === 'soap' ? fleet.soap : fleet.sanitizer,
        ...(userId === null ? {} : { wearable: band(userId) }),
        ...(durationS === undefined ? {} : { durationS }),
      };
    },
    /** A wash the wristband detected. */
    wash(userId: number, at: string | Date, washType: 'SOAP' | 'SANITIZER' = 'SANITIZER', durationS?: number) {
      return { id: nextId('wash'), type: 'wash', at: iso(at), wearable: band(userId), washType, ...(durationS === undefined ? {} : { durationS }) };
    },
    bed(userId: number, entry: string | Date, exit: string | Date, which: 'room' | 'cdiff' = 'room') {
      const beacon = fleet.rooms[which].bed;
      return [
        { id: nextId('bed-in'), type: 'bed', at: iso(entry), wearable: band(userId), beacon, action: 'enter' },
        { id: nextId('bed-out'), type: 'bed', at: iso(exit), wearable: band(userId), beacon, action: 'leave' },
      ];
    },
  };
}

/** Stores events as a gateway would, deriving the report tables. */
export function ingest(db: Database, events: unknown[]) {
  return ingestEvents(db, events);
}

/** Sends events as the fleet's gateway does, through the ingest route (`query` such as '?derive=deferred'); answers its response. */
export function sendAsGateway<R>(app: { inject: (options: { method: 'POST'; url: string; headers: Record<string, string>; payload: unknown }) => Promise<R> }, fleet: Fleet, events: unknown[], query = '') {
  return app.inject({
    method: 'POST',
    url: `/api/ingest/events${query}`,
    headers: { 'x-gateway-mac': fleet.gateway, authorization: `Bearer ${gatewayToken(TEST_INGEST_SECRET, fleet.gateway)}` },
    payload: { events },
  });
}
