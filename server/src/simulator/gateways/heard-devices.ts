import type { DeviceType } from '../../contracts/devices';
import type { HeardDevice } from '../../contracts/gateways-realtime';
import { normalizeMac } from '../../contracts/fields';
import { demoMac, SEED_DEVICE_MODELS, stableHash, type MacKind, type SeedDeviceModel } from '../../db/demo/devices-data';
import { createRandom } from '../../db/demo/random';
import type { WorldDevice } from '../world';

// What a simulated gateway hears when the Find devices dialog scans with it (docs/GATEWAYS.md
// 'The simulator'), and what it reads from a device it connects to. Everything is deterministic
// per gateway MAC, so a scan heard twice lists the same devices.

/** A device of the database, as the simulator knows it. */
export type KnownDevice = Pick<WorldDevice, 'id' | 'mac' | 'type' | 'modelId' | 'groupId' | 'gatewayId'>;

/** The device types the Find dialog can add (POST /devices): a gateway hears new ones of these only. */
export const NEW_DEVICE_TYPES = ['BEACON', 'DISPENSER', 'WRISTBAND', 'BADGE'] as const satisfies readonly DeviceType[];

/** MAC prefixes of the devices no database holds yet, one per type, apart from the demo's own. */
export const NEW_DEVICE_PREFIXES: Readonly<Record<(typeof NEW_DEVICE_TYPES)[number], string>> = {
  BEACON: 'AC:23:3F:6A',
  DISPENSER: 'D4:7C:44:2D',
  WRISTBAND: 'F4:CE:36:8A',
  BADGE: 'F4:CE:36:CA',
};

/** The demo's MAC prefixes (devices-data.ts), to tell a device's type from its MAC. */
const DEMO_PREFIX_TYPES: readonly (readonly [MacKind, DeviceType])[] = [
  ['roomBeacon', 'BEACON'],
  ['bedBeacon', 'BEACON'],
  ['dispenser', 'DISPENSER'],
  ['gateway', 'GATEWAY'],
  ['kiosk', 'GATEWAY'],
  ['tablet', 'TABLET'],
  ['wristband', 'WRISTBAND'],
  ['badge', 'BADGE'],
];
const PREFIX_TYPES = new Map<string, DeviceType>([
  ...DEMO_PREFIX_TYPES.map(([kind, type]) => [demoMac(kind, 0).slice(0, 11), type] as const),
  ...Object.entries(NEW_DEVICE_PREFIXES).map(([type, prefix]) => [prefix, type as DeviceType] as const),
]);

/** At most this many devices of the database, per type, a scan hears. */
export const MAX_KNOWN_HEARD = 12;
/** New devices a gateway hears per type: 2 or 3, by its MAC. */
const newCount = (gatewayMac: string, type: DeviceType) => 2 + (stableHash(`${gatewayMac}/${type}/count`) % 2);
/** A scan hears its devices over this many DATA messages; every later one repeats them all. */
export const HEARD_OVER_TICKS = 3;

/** A device a scan hears, and from which DATA message on. */
export interface ScheduledDevice extends HeardDevice {
  /** 1: the first DATA message. */
  fromTick: number;
  /** Base signal (dBm); each message varies it a little. */
  baseRssi: number;
}

const hex4 = (n: number) => (n & 0xffff).toString(16).toUpperCase().padStart(4, '0');

/** The i-th new device of a type near a gateway: a MAC no demo database holds. */
export function newDeviceMac(gatewayMac: string, type: (typeof NEW_DEVICE_TYPES)[number], i: number): string {
  const suffix = hex4(stableHash(`${normalizeMac(gatewayMac)}/${type}/${i}`));
  return `${NEW_DEVICE_PREFIXES[type]}:${suffix.slice(0, 2)}:${suffix.slice(2)}`;
}

/** The device type a MAC's prefix tells, when it is one the demo or the simulator hands out. */
export function typeOfMac(mac: string): DeviceType | null {
  return PREFIX_TYPES.get(normalizeMac(mac).slice(0, 11)) ?? null;
}

/**
 * The devices of the database a gateway hears: those whose gateway it is, and the others of its
 * location (a gateway in the setup queue hears none), at most MAX_KNOWN_HEARD per type.
 */
export function knownNeighbours(gateway: Pick<KnownDevice, 'id' | 'groupId'> | null, devices: readonly KnownDevice[]): KnownDevice[] {
  if (!gateway) return [];
  const near = devices.filter((d) => d.id !== gateway.id && d.type !== 'GATEWAY' && (d.gatewayId === gateway.id || (gateway.groupId !== null && d.groupId === gateway.groupId)));
  const perType = new Map<string, KnownDevice[]>();
  for (const device of [...near].sort((a, b) => a.mac.localeCompare(b.mac))) {
    const list = perType.get(device.type) ?? [];
    if (list.length < MAX_KNOWN_HEARD) list.push(device);
    perType.set(device.type, list);
  }
  return [...perType.values()].flat();
}

/**
 * What a scan of these types hears around a gateway: its known neighbours of those types and a
 * few new devices of each type the Find dialog can add, each heard from a DATA message on.
 */
export function scanSchedule(gatewayMac: string, types: readonly DeviceType[], neighbours: readonly KnownDevice[]): ScheduledDevice[] {
  const mac = normalizeMac(gatewayMac);
  const random = createRandom(stableHash(`${mac}/scan`));
  const wanted = new Set(types);
  const devices: { mac: string; type: DeviceType }[] = [
    ...neighbours.filter((d) => wanted.has(d.type as DeviceType)).map((d) => ({ mac: d.mac, type: d.type as DeviceType })),
    ...NEW_DEVICE_TYPES.filter((t) => wanted.has(t)).flatMap((type) => Array.from({ length: newCount(mac, type) }, (_, i) => ({ mac: newDeviceMac(mac, type, i), type }))),
  ];
  return devices.map((d, i) => {
    const baseRssi = random.int(-92, -48);
    const fromTick = random.int(1, HEARD_OVER_TICKS);
    // The first message already carries a device.
    return { ...d, rssi: baseRssi, baseRssi, fromTick: i === 0 ? 1 : fromTick };
  });
}

/** The devices heard by the DATA message `tick` (1-based), with their signal of that moment. */
export function heardAt(schedule: readonly ScheduledDevice[], tick: number, gatewayMac: string): HeardDevice[] {
  const random = createRandom(stableHash(`${normalizeMac(gatewayMac)}/rssi/${tick}`));
  return schedule
    .filter((d) => d.fromTick <= tick)
    .map((d) => ({ mac: d.mac, type: d.type, rssi: Math.max(-127, Math.min(20, d.baseRssi + random.int(-3, 3))) }));
}

const MODELS_BY_TYPE = new Map<DeviceType, SeedDeviceModel[]>();
for (const model of SEED_DEVICE_MODELS) MODELS_BY_TYPE.set(model.deviceType, [...(MODELS_BY_TYPE.get(model.deviceType) ?? []), model]);

/**
 * The firmware version a device answers when connected to: a version of its own model when the
 * simulator knows the device, else of a model of the type its MAC tells (any model that is no
 * gateway's when the MAC tells none), picked by MAC.
 */
export function deviceVersion(mac: string, known?: Pick<KnownDevice, 'modelId'> | null): string {
  const normalized = normalizeMac(mac);
  const hash = stableHash(`${normalized}/version`);
  const own = known ? SEED_DEVICE_MODELS.find((m) => m.id === known.modelId) : undefined;
  const type = typeOfMac(normalized);
  const candidates = own ? [own] : (type && MODELS_BY_TYPE.get(type)) || SEED_DEVICE_MODELS.filter((m) => m.deviceType !== 'GATEWAY');
  const model = candidates[hash % candidates.length] as SeedDeviceModel;
  return model.versions[(hash >>> 8) % model.versions.length] as string;
}
