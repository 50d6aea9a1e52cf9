import type { DeviceType } from '../../contracts/devices';

// The demo fleet's fixed facts: models, firmware, the wards' rooms and stations, and the rules
// that decide which demo devices are silent or low on battery. Ids are explicit; the seed resets
// the serial sequences afterwards.

/** Heartbeats and batteries of the seed are relative to this instant (the simulator moves them on). */
export const DEMO_DEVICE_REFERENCE = new Date('2026-11-01T12:00:00Z');
/** Current wearable assignments start between these two dates (≥ 120 days before the reference). */
export const DEMO_ASSIGNED_FROM = new Date('2026-05-04T14:00:00Z');
export const DEMO_ASSIGNED_UNTIL = new Date('2026-06-29T14:00:00Z');
/** Closed (historic) assignments fall between these dates. */
export const DEMO_HISTORY_FROM = new Date('2025-10-06T14:00:00Z');
export const DEMO_HISTORY_UNTIL = new Date('2026-04-27T14:00:00Z');

export interface SeedDeviceModel {
  id: number;
  name: string;
  deviceType: DeviceType;
  /** Firmware versions, oldest first; the last one is the latest. */
  versions: readonly string[];
  /** Whether the model measures wash durations (dispensers). */
  measuresDuration?: boolean;
}

/** Model ids the seed refers to. 12 is the default model, 13 the kiosk/terminal gateway. */
export const MODEL_IDS = {
  gen2: 1,
  gen3: 2,
  gen4: 3,
  gen5: 4,
  revC: 5,
  revD: 6,
  zephyr: 7,
  g1c: 8,
  minewGateway: 9,
  tablet: 10,
  minewBed: 11,
  minew: 12,
  kiosk: 13,
} as const;

export const SEED_DEVICE_MODELS: readonly SeedDeviceModel[] = [
  { id: MODEL_IDS.gen2, name: 'GEN 2', deviceType: 'DISPENSER', versions: ['2.1.4', '2.2.0'] },
  { id: MODEL_IDS.gen3, name: 'GEN 3', deviceType: 'DISPENSER', versions: ['3.0.9', '3.1.2', '3.2.0'], measuresDuration: true },
  { id: MODEL_IDS.gen4, name: 'GEN 4', deviceType: 'DISPENSER', versions: ['4.3.1', '4.4.0', '4.5.2'], measuresDuration: true },
  { id: MODEL_IDS.gen5, name: 'GEN 5', deviceType: 'DISPENSER', versions: ['5.0.3', '5.1.0', '5.2.1'], measuresDuration: true },
  { id: MODEL_IDS.revC, name: 'REV C', deviceType: 'BADGE', versions: ['1.6.0', '1.7.2'] },
  { id: MODEL_IDS.revD, name: 'REV D', deviceType: 'BADGE', versions: ['2.0.1', '2.1.0', '2.2.3'] },
  { id: MODEL_IDS.zephyr, name: 'Zephyr', deviceType: 'WRISTBAND', versions: ['3.8.0', '3.9.1', '4.0.2'] },
  { id: MODEL_IDS.g1c, name: 'G1-C', deviceType: 'GATEWAY', versions: ['1.12.0', '1.13.4'] },
  { id: MODEL_IDS.minewGateway, name: 'Minew Gateway v2', deviceType: 'GATEWAY', versions: ['2.4.0', '2.5.1', '2.6.0'] },
  { id: MODEL_IDS.tablet, name: 'Galaxy Tab A8', deviceType: 'TABLET', versions: ['7.2.0', '7.3.1'] },
  { id: MODEL_IDS.minewBed, name: 'Minew E8', deviceType: 'BEACON', versions: ['1.0.6', '1.1.0'] },
  { id: MODEL_IDS.minew, name: 'Minew', deviceType: 'BEACON', versions: ['2.3.5', '2.4.0', '2.5.2'] },
  { id: MODEL_IDS.kiosk, name: 'Raspberry PI 3', deviceType: 'GATEWAY', versions: ['6.0.0', '6.1.3', '6.2.0'] },
];

/** A patient-care unit's fleet: rooms, their numbering, and what hangs on the unit's walls. */
export interface UnitPlan {
  groupId: number;
  /** Short label used in device names ('3N', 'ED-G'). */
  code: string;
  /** Prefix of the rooms' EHR ids. */
  ehrPrefix: string;
  /** Number of the first room; the rest follow on. */
  roomBase: number;
  rooms: number;
  /** Indexes (0-based) of the C. diff isolation rooms. */
  cdiff: readonly number[];
  /** 'single': one bed per room; 'mixed': some doubles. */
  beds: 'single' | 'mixed';
  /** Share of ordinary rooms with a soap dispenser at the sink (C. diff rooms always have one). */
  sinkShare: number;
  gateways: 1 | 2;
  /** Label of the unit's charging station (a kiosk gateway), if it has one. */
  station?: string;
  tablets: 0 | 1;
}

/** Units 6–19 (every patient-care location of the demo hierarchy). */
export const UNIT_PLANS: readonly UnitPlan[] = [
  { groupId: 6, code: '3N', ehrPrefix: 'SMH', roomBase: 301, rooms: 12, cdiff: [2, 7, 10], beds: 'single', sinkShare: 0.6, gateways: 2, station: 'Station A – ICU 3 North', tablets: 1 },
  { groupId: 7, code: '3S', ehrPrefix: 'SMH', roomBase: 351, rooms: 10, cdiff: [4, 8], beds: 'single', sinkShare: 0.6, gateways: 1, tablets: 0 },
  { groupId: 8, code: 'ED-G', ehrPrefix: 'SMH', roomBase: 101, rooms: 14, cdiff: [9], beds: 'single', sinkShare: 0.3, gateways: 2, station: 'Station B – Emergency', tablets: 1 },
  { groupId: 9, code: 'FT', ehrPrefix: 'SMH', roomBase: 151, rooms: 8, cdiff: [5], beds: 'single', sinkShare: 0.25, gateways: 1, tablets: 0 },
  { groupId: 10, code: '4E', ehrPrefix: 'SMH', roomBase: 401, rooms: 14, cdiff: [6], beds: 'mixed', sinkShare: 0.35, gateways: 2, station: 'Station C – Med-Surg 4 East', tablets: 1 },
  { groupId: 11, code: '4W', ehrPrefix: 'SMH', roomBase: 431, rooms: 12, cdiff: [3], beds: 'mixed', sinkShare: 0.35, gateways: 2, tablets: 0 },
  { groupId: 12, code: '5E', ehrPrefix: 'SMH', roomBase: 501, rooms: 12, cdiff: [9], beds: 'mixed', sinkShare: 0.35, gateways: 2, tablets: 0 },
  { groupId: 13, code: '2W', ehrPrefix: 'SMH', roomBase: 201, rooms: 10, cdiff: [4], beds: 'mixed', sinkShare: 0.4, gateways: 1, tablets: 0 },
  { groupId: 14, code: 'PICU', ehrPrefix: 'SMH', roomBase: 231, rooms: 9, cdiff: [1, 6], beds: 'single', sinkShare: 0.6, gateways: 1, tablets: 0 },
  { groupId: 15, code: '2N', ehrPrefix: 'RGH', roomBase: 201, rooms: 12, cdiff: [3, 8], beds: 'single', sinkShare: 0.6, gateways: 2, station: 'Station D – ICU 2 North', tablets: 1 },
  { groupId: 16, code: 'ED-1', ehrPrefix: 'RGH', roomBase: 101, rooms: 14, cdiff: [11], beds: 'single', sinkShare: 0.3, gateways: 2, station: 'Station E – Emergency', tablets: 0 },
  { groupId: 17, code: 'OBS', ehrPrefix: 'RGH', roomBase: 141, rooms: 8, cdiff: [2], beds: 'mixed', sinkShare: 0.3, gateways: 1, tablets: 0 },
  { groupId: 18, code: '6E', ehrPrefix: 'RGH', roomBase: 601, rooms: 12, cdiff: [5], beds: 'mixed', sinkShare: 0.35, gateways: 2, tablets: 1 },
  { groupId: 19, code: 'INF', ehrPrefix: 'RGH', roomBase: 651, rooms: 10, cdiff: [7], beds: 'single', sinkShare: 0.3, gateways: 1, tablets: 0 },
];

/** Beds of a unit's room (0-based index): doubles are fixed by the room, so the plan and seed agree. */
export function roomBeds(plan: UnitPlan, index: number): 1 | 2 {
  if (plan.beds === 'single' || plan.cdiff.includes(index)) return 1;
  return stableHash(`${plan.groupId}/${index}`) % 100 < 55 ? 2 : 1;
}

/** Slots of a charging station (spec: 16 wristband slots per station). */
export const STATION_SLOTS = 16;
/** Spare wristbands left in each station's slots beside the assigned ones. */
export const STATION_SPARES = 2;
/** Share of staff who wear a wristband rather than a badge. */
export const WRISTBAND_SHARE = 0.78;

// MAC prefixes per kind, so a MAC tells what it is; the last two bytes number the devices.
const MAC_PREFIXES = {
  roomBeacon: 'AC:23:3F:5A',
  bedBeacon: 'AC:23:3F:5B',
  dispenser: 'D4:7C:44:1D',
  gateway: 'AC:23:3F:C0',
  kiosk: 'B8:27:EB:4F',
  tablet: '5C:E8:EB:7B',
  wristband: 'F4:CE:36:7A',
  badge: 'F4:CE:36:BA',
} as const;
export type MacKind = keyof typeof MAC_PREFIXES;

/** The n-th (0-based, < 65 536) MAC of a kind; an odd multiplier scatters the suffixes without repeats. */
export function demoMac(kind: MacKind, n: number): string {
  const suffix = (Math.imul(n + 1, 40_503) >>> 0) & 0xffff;
  const hex = suffix.toString(16).toUpperCase().padStart(4, '0');
  return `${MAC_PREFIXES[kind]}:${hex.slice(0, 2)}:${hex.slice(2)}`;
}

/** The n-th 4-digit check-in code: 1000–9999 without repeats (7919 is coprime with 9000). */
export function demoCode(n: number): string {
  return String(1000 + ((n * 7919) % 9000));
}

/** FNV-1a of a string: a stable 32-bit number per MAC. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** How a demo device behaves: 'silent' ones never report, 'low' ones report a low battery. */
export type DemoHealth = 'ok' | 'low' | 'silent';

export interface HealthSubject {
  mac: string;
  type: string;
  role: string | null;
  physicalRole: string | null;
}

/**
 * The demo's fixed rule for which devices are silent or low, shared by the seed (their last
 * heartbeat and battery) and the simulator (who sends heartbeats, and what battery). Room beacons
 * and kiosk gateways never go silent; wearables fall silent only while nobody wears them.
 */
export function demoDeviceHealth(device: HealthSubject): DemoHealth {
  const h = stableHash(device.mac) % 1000;
  const silentPerMille =
    device.type === 'DISPENSER' ? 60
    : device.type === 'BEACON' && device.physicalRole === 'BED' ? 40
    : device.type === 'GATEWAY' && device.role !== 'KIOSK_GATEWAY' ? 80
    : device.type === 'TABLET' ? 250
    : 0;
  if (h < silentPerMille) return 'silent';
  if (device.type === 'GATEWAY') return 'ok';
  return h >= 920 ? 'low' : 'ok';
}

/** Whether a device type runs on a battery. */
export const hasBattery = (type: string) => type !== 'GATEWAY';
/** Whether a device type reports its battery in millivolts too (dispensers and badges). */
export const reportsMillivolts = (type: string) => type === 'DISPENSER' || type === 'BADGE';

/** The battery a demo device reports: 40–99 % when healthy, 5–19 % when low; millivolts follow. */
export function demoBattery(device: HealthSubject, health: DemoHealth): { percent: number; mv: number | null } | null {
  if (!hasBattery(device.type)) return null;
  const h = stableHash(`${device.mac}/battery`);
  const percent = health === 'low' ? 5 + (h % 15) : 40 + (h % 60);
  return { percent, mv: reportsMillivolts(device.type) ? 2000 + percent * 10 : null };
}
