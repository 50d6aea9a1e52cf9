import { type IngestEvent, ingestEventSchema } from '../../contracts/ingest';
import type { DeviceRow } from '../../db/schema';
import type { WashType } from '../../contracts/devices';
import { type DeviceDirectory, siteOf, wearerAt } from './directory.repo';

/** The first bad event of a batch: the whole batch is refused with this. */
export class IngestError extends Error {
  constructor(
    readonly index: number,
    readonly eventId: string | undefined,
    detail: string,
  ) {
    super(`Event ${index}${eventId ? ` (id "${eventId}")` : ''}: ${detail}`);
  }
}

/** Validates each event against the contract; throws naming the first invalid one. */
export function parseEvents(events: readonly unknown[]): IngestEvent[] {
  return events.map((raw, index) => {
    const parsed = ingestEventSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const id = typeof raw === 'object' && raw !== null && typeof (raw as { id?: unknown }).id === 'string' ? (raw as { id: string }).id : undefined;
    const issue = parsed.error.issues[0];
    const field = issue?.path.length ? `${issue.path.join('.')} ` : '';
    throw new IngestError(index, id, `${field}${issue?.message ?? 'is invalid'}`);
  });
}

/** MACs an event names. */
export function macsOf(event: IngestEvent): string[] {
  switch (event.type) {
    case 'presence':
    case 'bed':
      return [event.wearable, event.beacon];
    case 'dispense':
      return event.wearable ? [event.dispenser, event.wearable] : [event.dispenser];
    case 'wash':
    case 'reminder':
    case 'station':
      return [event.wearable];
    case 'heartbeat':
    case 'counters':
      return [event.device];
  }
}

export interface PresenceRow { ts: Date; eventId: string; wearableId: number; userId: number | null; zoneId: number; groupId: number; action: 'ENTER' | 'LEAVE' }
export interface BedRow { ts: Date; eventId: string; wearableId: number; userId: number | null; beaconId: number; groupId: number; action: 'ENTER' | 'LEAVE' }
export interface HygieneRow { ts: Date; eventId: string; userId: number | null; wearableId: number | null; dispenserId: number | null; groupId: number | null; source: 'DISPENSER' | 'WRISTBAND'; washType: WashType; durationS: number | null }
export interface DispenseRow { ts: Date; eventId: string; dispenserId: number; groupId: number; role: string; userId: number | null; wearableId: number | null; durationS: number | null }
export interface ReminderRow { ts: Date; eventId: string; wearableId: number; userId: number | null; zoneId: number; groupId: number }
export interface HeartbeatRow { ts: Date; eventId: string; deviceId: number; gatewayId: number | null; batteryPercent: number | null; batteryMv: number | null }
export interface StationRow { ts: Date; eventId: string; wearableId: number; gatewayId: number; userId: number | null; action: 'CHECK_OUT' | 'CHECK_IN'; slot: number | null }
export interface CounterRow { ts: Date; eventId: string; deviceId: number; userId: number | null; steps: number | null; distanceM: number | null; calories: number | null }

/** A batch resolved to the rows of each event table, plus its ledger entries. */
export interface ResolvedBatch {
  ledger: { eventId: string; kind: string; ts: Date }[];
  presence: PresenceRow[];
  bed: BedRow[];
  hygiene: HygieneRow[];
  dispense: DispenseRow[];
  reminder: ReminderRow[];
  heartbeat: HeartbeatRow[];
  station: StationRow[];
  counters: CounterRow[];
}

export function emptyBatch(): ResolvedBatch {
  return { ledger: [], presence: [], bed: [], hygiene: [], dispense: [], reminder: [], heartbeat: [], station: [], counters: [] };
}

const WEARABLES = new Set(['WRISTBAND', 'BADGE']);

/**
 * Resolves validated events to rows: MACs to devices, wearables to their wearer at the event's
 * time, beacons to their room and location. Throws naming the first event that cannot be
 * resolved, or that names a device outside the sending gateway's site.
 */
export function resolveEvents(
  directory: DeviceDirectory,
  events: readonly IngestEvent[],
  gateway: DeviceRow | null,
): ResolvedBatch {
  const batch = emptyBatch();
  const gatewaySite = gateway ? siteOf(directory, gateway.groupId) : null;
  const seen = new Set<string>();
  // The event being resolved: the helpers below name it when they refuse it. Defined once, not per event.
  let index = 0;
  let event = events[0] as IngestEvent;
  const fail = (detail: string): never => {
    throw new IngestError(index, event.id, detail);
  };
  const device = (mac: string, field: string, accept: (d: DeviceRow) => boolean, kind: string) => {
    const found = directory.byMac.get(mac);
    if (!found) return fail(`${field} ${mac} is not a known device`);
    if (!accept(found)) return fail(`${field} ${mac} is not ${kind}`);
    if (gateway && siteOf(directory, found.groupId) !== gatewaySite) {
      return fail(`${field} ${mac} belongs to another site than gateway ${gateway.mac}`);
    }
    return found;
  };
  const isWearable = (d: DeviceRow) => WEARABLES.has(d.type);
  const wearable = (mac: string) => device(mac, 'wearable', isWearable, 'a wristband or badge');

  for (index = 0; index < events.length; index++) {
    event = events[index] as IngestEvent;
    const ts = new Date(event.at);
    const at = ts.getTime();
    if (seen.has(event.id)) continue; // repeated within the batch: the first one counts
    seen.add(event.id);
    batch.ledger.push({ eventId: event.id, kind: event.type, ts });
    const eventId = event.id;

    switch (event.type) {
      case 'presence': {
        const w = wearable(event.wearable);
        const beacon = device(event.beacon, 'beacon', (d) => d.type === 'BEACON' && d.physicalRole === 'ROOM' && d.zoneId !== null, 'a room beacon');
        const zone = directory.zones.get(beacon.zoneId as number) ?? fail(`beacon ${event.beacon} marks no zone`);
        // A private zone's presence is never stored: only the ledger knows the event came (docs/PRIVACY.md 'Private zones').
        if (zone.type === 'PRIVATE') break;
        const action = event.action === 'enter' ? 'ENTER' : 'LEAVE';
        batch.presence.push({ ts, eventId, wearableId: w.id, userId: wearerAt(directory, w.id, at), zoneId: zone.id, groupId: zone.groupId, action });
        break;
      }
      case 'bed': {
        const w = wearable(event.wearable);
        const beacon = device(event.beacon, 'beacon', (d) => d.type === 'BEACON' && d.physicalRole === 'BED' && d.groupId !== null, 'a bed beacon');
        if (beacon.zoneId !== null && directory.zones.get(beacon.zoneId)?.type === 'PRIVATE') break;
        const action = event.action === 'enter' ? 'ENTER' : 'LEAVE';
        batch.bed.push({ ts, eventId, wearableId: w.id, userId: wearerAt(directory, w.id, at), beaconId: beacon.id, groupId: beacon.groupId as number, action });
        break;
      }
      case 'dispense': {
        const d = device(event.dispenser, 'dispenser', (x) => x.type === 'DISPENSER' && x.groupId !== null, 'a dispenser with a location');
        const w = event.wearable ? wearable(event.wearable) : null;
        const userId = w ? wearerAt(directory, w.id, at) : null;
        const role = d.role === 'Soap' ? 'Soap' : 'Sanitizer';
        const durationS = event.durationS ?? null;
        batch.dispense.push({ ts, eventId, dispenserId: d.id, groupId: d.groupId as number, role, userId, wearableId: w?.id ?? null, durationS });
        if (userId !== null) {
          batch.hygiene.push({ ts, eventId, userId, wearableId: w?.id ?? null, dispenserId: d.id, groupId: d.groupId, source: 'DISPENSER', washType: role === 'Soap' ? 'SOAP' : 'SANITIZER', durationS });
        }
        break;
      }
      case 'wash': {
        const w = wearable(event.wearable);
        batch.hygiene.push({ ts, eventId, userId: wearerAt(directory, w.id, at), wearableId: w.id, dispenserId: null, groupId: null, source: 'WRISTBAND', washType: event.washType, durationS: event.durationS ?? null });
        break;
      }
      case 'reminder': {
        const w = wearable(event.wearable);
        const zone = directory.zones.get(event.zoneId);
        if (!zone || zone.type !== 'REMINDER') return fail(`zoneId ${event.zoneId} is not a reminder zone`);
        batch.reminder.push({ ts, eventId, wearableId: w.id, userId: wearerAt(directory, w.id, at), zoneId: zone.id, groupId: zone.groupId });
        break;
      }
      case 'heartbeat': {
        const d = device(event.device, 'device', () => true, 'a device');
        batch.heartbeat.push({ ts, eventId, deviceId: d.id, gatewayId: gateway?.id ?? null, batteryPercent: event.batteryPercent ?? null, batteryMv: event.batteryMv ?? null });
        break;
      }
      case 'station': {
        const w = wearable(event.wearable);
        // The sending gateway's station; events written directly name the wearable's home station.
        const gatewayId = gateway?.id ?? w.gatewayId ?? fail('station events must come from a gateway');
        const action = event.action === 'check-out' ? 'CHECK_OUT' : 'CHECK_IN';
        batch.station.push({ ts, eventId, wearableId: w.id, gatewayId, userId: wearerAt(directory, w.id, at), action, slot: event.slot ?? null });
        break;
      }
      case 'counters': {
        const w = device(event.device, 'device', isWearable, 'a wristband or badge');
        batch.counters.push({ ts, eventId, deviceId: w.id, userId: wearerAt(directory, w.id, at), steps: event.steps ?? null, distanceM: event.distanceM ?? null, calories: event.calories ?? null });
        break;
      }
    }
  }
  return batch;
}
