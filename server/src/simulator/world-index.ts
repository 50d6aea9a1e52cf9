import { type DemoHealth, demoDeviceHealth, MODEL_IDS, stableHash } from '../db/demo/devices-data';
import type { WorldData, WorldDevice, WorldGroup, WorldUser, WorldZone } from './world';

/** A dispenser as the generator uses it. */
export interface Dispenser {
  id: number;
  mac: string;
  soap: boolean;
  /** Whether it reports wash durations (every model but GEN 2). */
  measuresDuration: boolean;
}

/** A patient room with its beacons and the dispensers used at it. */
export interface Room {
  zone: WorldZone;
  cdiff: boolean;
  /** MAC of the room beacon. */
  beacon: string;
  /** MACs of the bed beacons that work. */
  beds: string[];
  /** The sanitizer for this room (at its door), and the soap staff use after it. */
  sanitizer: Dispenser | null;
  soap: Dispenser | null;
  /** How busy the room is relative to its neighbours (0.3–1.6). */
  weight: number;
}

/** Critical care, emergency, or another ward: it shifts compliance a little. */
export type UnitKind = 'icu' | 'ed' | 'ward';

/** A patient-care location: a group with patient rooms. */
export interface Unit {
  group: WorldGroup;
  kind: UnitKind;
  rooms: Room[];
  /** Cumulative room weights, for picking a room in proportion to its weight. */
  roomCdf: number[];
  reminderZoneIds: number[];
  /** A sanitizer outside any patient room (the nurse station's), if one works. */
  stationSanitizer: Dispenser | null;
  /** The gateway that sends the unit's events (MAC), or null when its site has none working. */
  sender: string | null;
}

/** A wristband or badge. */
export interface Wearable {
  device: WorldDevice;
  kind: 'WRISTBAND' | 'BADGE';
  /** MAC of the station (kiosk gateway) it docks in, and its slot there. */
  kiosk: string | null;
  slot: number | null;
}

/** A wearable held by a user from `from` until `to` (null: still). */
export interface Holding {
  wearable: Wearable;
  from: number;
  to: number | null;
}

/** Everything the generator needs, indexed. */
export interface World {
  data: WorldData;
  groups: Map<number, WorldGroup>;
  units: Map<number, Unit>;
  devices: Map<number, WorldDevice>;
  health: Map<number, DemoHealth>;
  /** Staff whose home location is a unit, ordered by id. */
  workers: WorldUser[];
  wearables: Map<number, Wearable>;
  /** Wearables each user held, oldest first. */
  holdings: Map<number, Holding[]>;
  /** Who held each wearable, oldest first. */
  holders: Map<number, { userId: number; from: number; to: number | null }[]>;
  /** The gateway MAC that sends each device's heartbeats, or null if none can. */
  heartbeatSender: Map<number, string | null>;
  /** Working dispensers with the mean number of uncredited (visitor) uses per day. */
  visitorDispensers: { dispenser: Dispenser; groupId: number; perDay: number }[];
}

const kindOf = (group: WorldGroup): UnitKind =>
  /\bP?ICU\b/i.test(group.name) ? 'icu' : /emergency/i.test(group.name) ? 'ed' : 'ward';

/** The site a location belongs to: its highest ancestor below the network (the hospital). */
function siteResolver(groups: Map<number, WorldGroup>) {
  return (groupId: number | null): number | null => {
    let node = groupId === null ? undefined : groups.get(groupId);
    while (node) {
      const parent = node.parentId === null ? undefined : groups.get(node.parentId);
      if (!parent || parent.type === 'NETWORK') return node.id;
      node = parent;
    }
    return null;
  };
}

/** Groups items by key, keeping their order (Map.groupBy needs Node 21). */
export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

const distance = (d: WorldDevice, p: { x: number; y: number } | null) =>
  d.x === null || d.y === null || p === null ? Number.POSITIVE_INFINITY : Math.hypot(d.x - p.x, d.y - p.y);

/** Indexes world data: units with their rooms and dispensers, wearables, holders and senders. */
export function indexWorld(data: WorldData): World {
  const groups = new Map(data.groups.map((g) => [g.id, g]));
  const devices = new Map(data.devices.map((d) => [d.id, d]));
  const health = new Map(data.devices.map((d) => [d.id, demoDeviceHealth(d)]));
  const works = (d: WorldDevice) => health.get(d.id) !== 'silent';
  const siteOf = siteResolver(groups);
  const asDispenser = (d: WorldDevice): Dispenser => ({ id: d.id, mac: d.mac, soap: d.role === 'Soap', measuresDuration: d.modelId !== MODEL_IDS.gen2 });

  // Senders: a working ordinary gateway of the location, else any working gateway of its site.
  const gateways = data.devices.filter((d) => d.type === 'GATEWAY' && works(d));
  const senderOf = (groupId: number | null): string | null => {
    const local = gateways.find((g) => g.groupId === groupId && g.role !== 'KIOSK_GATEWAY') ?? gateways.find((g) => g.groupId === groupId);
    if (local) return local.mac;
    const site = siteOf(groupId);
    return site === null ? null : (gateways.find((g) => siteOf(g.groupId) === site)?.mac ?? null);
  };

  const units = new Map<number, Unit>();
  const zonesByGroup = groupBy(data.zones, (z) => z.groupId);
  const devicesByGroup = groupBy(data.devices, (d) => d.groupId ?? 0);
  for (const [groupId, groupZones] of zonesByGroup) {
    const group = groups.get(groupId);
    const patientRooms = groupZones.filter((z) => z.type === 'PATIENT_ROOM' || z.type === 'CDIFF');
    if (!group || patientRooms.length === 0) continue;
    const local = devicesByGroup.get(groupId) ?? [];
    const dispensers = local.filter((d) => d.type === 'DISPENSER' && works(d));
    const roomZoneIds = new Set(patientRooms.map((z) => z.id));
    // A room's own dispenser first, else the nearest one outside every patient room.
    const nearest = (soap: boolean, zone: WorldZone) =>
      dispensers
        .filter((d) => (d.role === 'Soap') === soap && (d.zoneId === zone.id || d.zoneId === null || !roomZoneIds.has(d.zoneId)))
        .sort((a, b) => Number(b.zoneId === zone.id) - Number(a.zoneId === zone.id) || distance(a, zone.center) - distance(b, zone.center))[0];
    const rooms: Room[] = [];
    for (const zone of patientRooms) {
      const beacon = local.find((d) => d.type === 'BEACON' && d.physicalRole === 'ROOM' && d.zoneId === zone.id);
      if (!beacon) continue;
      const sanitizer = nearest(false, zone);
      const soap = nearest(true, zone);
      const u = (stableHash(`room/${zone.id}`) % 1000) / 1000;
      rooms.push({
        zone,
        cdiff: zone.type === 'CDIFF',
        beacon: beacon.mac,
        beds: local.filter((d) => d.type === 'BEACON' && d.physicalRole === 'BED' && d.zoneId === zone.id && works(d)).map((d) => d.mac),
        sanitizer: sanitizer ? asDispenser(sanitizer) : null,
        soap: soap ? asDispenser(soap) : null,
        weight: 0.3 + 1.3 * u * u,
      });
    }
    if (rooms.length === 0) continue;
    let sum = 0;
    const station = dispensers.find((d) => d.role !== 'Soap' && d.zoneId === null);
    units.set(groupId, {
      group,
      kind: kindOf(group),
      rooms,
      roomCdf: rooms.map((r) => (sum += r.weight)),
      reminderZoneIds: groupZones.filter((z) => z.type === 'REMINDER').map((z) => z.id),
      stationSanitizer: station ? asDispenser(station) : null,
      sender: senderOf(groupId),
    });
  }

  // Wearables, with their station slot (by id within the station).
  const wearables = new Map<number, Wearable>();
  const docked = groupBy(
    data.devices.filter((d) => d.type === 'WRISTBAND' && d.gatewayId !== null),
    (d) => d.gatewayId as number,
  );
  for (const d of data.devices) {
    if (d.type !== 'WRISTBAND' && d.type !== 'BADGE') continue;
    const kiosk = d.gatewayId === null ? undefined : devices.get(d.gatewayId);
    const usable = kiosk && works(kiosk) && siteOf(kiosk.groupId) === siteOf(d.groupId) ? kiosk : undefined;
    const slot = usable ? (docked.get(usable.id) ?? []).findIndex((x) => x.id === d.id) + 1 : 0;
    wearables.set(d.id, { device: d, kind: d.type, kiosk: usable && slot <= 16 ? usable.mac : null, slot: usable && slot <= 16 ? slot : null });
  }
  const holdings = new Map<number, Holding[]>();
  const holders = new Map<number, { userId: number; from: number; to: number | null }[]>();
  for (const a of data.assignments) {
    const wearable = wearables.get(a.deviceId);
    if (!wearable) continue;
    holdings.set(a.userId, [...(holdings.get(a.userId) ?? []), { wearable, from: a.from, to: a.to }]);
    holders.set(a.deviceId, [...(holders.get(a.deviceId) ?? []), { userId: a.userId, from: a.from, to: a.to }]);
  }

  const heartbeatSender = new Map<number, string | null>();
  for (const d of data.devices) {
    if (!works(d)) continue;
    heartbeatSender.set(d.id, d.type === 'GATEWAY' ? d.mac : (wearables.get(d.id)?.kiosk ?? senderOf(d.groupId)));
  }

  const zoneType = new Map(data.zones.map((z) => [z.id, z.type]));
  const visitorDispensers: World['visitorDispensers'] = [];
  for (const unit of units.values()) {
    const weightOf = new Map(unit.rooms.map((r) => [r.zone.id, r.weight]));
    for (const d of devicesByGroup.get(unit.group.id) ?? []) {
      if (d.type !== 'DISPENSER' || !works(d)) continue;
      const soap = d.role === 'Soap';
      const roomWeight = d.zoneId === null ? undefined : weightOf.get(d.zoneId);
      const perDay =
        roomWeight !== undefined ? (soap ? 0.5 : 2.2) * roomWeight
        : d.zoneId !== null && zoneType.get(d.zoneId) === 'REMINDER' ? 9
        : soap ? 0.15 : 1.2;
      visitorDispensers.push({ dispenser: asDispenser(d), groupId: unit.group.id, perDay });
    }
  }

  const workers = data.users.filter((u) => u.groupId !== null && units.has(u.groupId));
  return { data, groups, units, devices, health, workers, wearables, holdings, holders, heartbeatSender, visitorDispensers };
}
