import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MODEL_ID, DEVICE_TYPES, KIOSK_GATEWAY_MODEL_ID } from '../../../server/src/contracts/devices';
import type { Database } from '../../../server/src/db/client';
import { DEMO_DEVICE_REFERENCE } from '../../../server/src/db/demo/devices-data';
import { FLOORPLAN_HEIGHT, FLOORPLAN_WIDTH } from '../../../server/src/db/demo/ward-layout';
import {
  deviceModels,
  devices,
  firmwareVersions,
  groups,
  users,
  wearableAssignments,
  zones,
  type DeviceRow,
} from '../../../server/src/db/schema';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const PUBLIC_DIR = fileURLToPath(new URL('../../../public', import.meta.url));
const UNIT_IDS = Array.from({ length: 14 }, (_, i) => i + 6);
const inside = (x: number | null, y: number | null) => x !== null && y !== null && x >= 0 && y >= 0 && x <= FLOORPLAN_WIDTH && y <= FLOORPLAN_HEIGHT;

describe('demo devices seed', () => {
  let database: TestDatabase;
  let db: Database;
  let fleet: DeviceRow[];
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
    fleet = await db.select().from(devices);
  });
  afterAll(() => database.close());

  it('creates devices of every type with unique, valid MACs', () => {
    expect(new Set(fleet.map((d) => d.type))).toEqual(new Set(DEVICE_TYPES));
    expect(new Set(fleet.map((d) => d.mac)).size).toBe(fleet.length);
    for (const d of fleet) expect(d.mac).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
  });

  it('has the spec models, 12 the default and 13 the kiosk gateway, each with one latest firmware', async () => {
    const models = await db.select().from(deviceModels);
    const names = new Set(models.map((m) => m.name));
    for (const label of ['Raspberry PI 3', 'G1-C', 'Minew Gateway v2', 'GEN 2', 'GEN 5', 'REV C', 'REV D', 'Minew', 'Zephyr']) expect(names).toContain(label);
    expect(models.find((m) => m.id === KIOSK_GATEWAY_MODEL_ID)?.deviceType).toBe('GATEWAY');
    expect(models.find((m) => m.id === DEFAULT_MODEL_ID)).toBeDefined();
    const firmware = await db.select().from(firmwareVersions);
    for (const m of models) expect(firmware.filter((f) => f.modelId === m.id && f.isLatest)).toHaveLength(1);
  });

  it('gives every patient-care unit rooms with beacons and dispensers, a reminder zone and a floor plan', async () => {
    const zoneRows = await db.select().from(zones);
    const groupRows = await db.select().from(groups);
    for (const groupId of UNIT_IDS) {
      const unitZones = zoneRows.filter((z) => z.groupId === groupId);
      const rooms = unitZones.filter((z) => z.type === 'PATIENT_ROOM' || z.type === 'CDIFF');
      expect(rooms.length).toBeGreaterThanOrEqual(8);
      expect(rooms.length).toBeLessThanOrEqual(14);
      expect(rooms.some((z) => z.type === 'CDIFF')).toBe(true);
      expect(unitZones.filter((z) => z.type === 'REMINDER').map((z) => z.meta)).toEqual([{ interval: 1 }]);
      for (const room of rooms) {
        const own = fleet.filter((d) => d.zoneId === room.id);
        expect(own.filter((d) => d.physicalRole === 'ROOM')).toHaveLength(1);
        const beds = own.filter((d) => d.physicalRole === 'BED');
        expect(beds.length).toBeGreaterThanOrEqual(1);
        expect(beds.length).toBeLessThanOrEqual(2);
        expect(own.some((d) => d.type === 'DISPENSER' && d.role === 'Sanitizer')).toBe(true);
        for (const [x, y] of room.geometry?.coordinates[0] ?? []) expect(inside(x ?? null, y ?? null)).toBe(true);
      }
      const gateways = fleet.filter((d) => d.groupId === groupId && d.type === 'GATEWAY' && d.role === 'GATEWAY');
      expect(gateways.length).toBeGreaterThanOrEqual(1);
      for (const d of fleet.filter((x) => x.groupId === groupId && x.type === 'DISPENSER')) expect(inside(d.x, d.y)).toBe(true);

      const group = groupRows.find((g) => g.id === groupId);
      expect(group?.floorplanImage).toBe(`/floorplans/${groupId}.png`);
      const png = await readFile(`${PUBLIC_DIR}${group?.floorplanImage}`);
      expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([FLOORPLAN_WIDTH, FLOORPLAN_HEIGHT]);
    }
  });

  it('has about five kiosk gateways, each holding at most 16 wristbands', () => {
    const kiosks = fleet.filter((d) => d.role === 'KIOSK_GATEWAY');
    expect(kiosks.length).toBeGreaterThanOrEqual(4);
    expect(kiosks.length).toBeLessThanOrEqual(6);
    for (const k of kiosks) {
      expect(k.modelId).toBe(KIOSK_GATEWAY_MODEL_ID);
      expect(k.station).toBeTruthy();
      const docked = fleet.filter((d) => d.gatewayId === k.id);
      expect(docked.length).toBeGreaterThan(0);
      expect(docked.length).toBeLessThanOrEqual(16);
      for (const d of docked) expect(d.type).toBe('WRISTBAND');
    }
    for (const w of fleet.filter((d) => d.type === 'WRISTBAND' || d.type === 'BADGE')) expect(w.code).toMatch(/^\d{4}$/);
  });

  it('assigns a wearable to every active staff member of the departments, and keeps a history', async () => {
    const staff = (await db.select().from(users)).filter((u) => u.active && u.organizationId >= 5 && u.organizationId <= 11);
    const assignments = await db.select().from(wearableAssignments);
    const open = new Map(assignments.filter((a) => a.unassignedAt === null).map((a) => [a.userId, a]));
    const latestStart = DEMO_DEVICE_REFERENCE.getTime() - 120 * 86_400_000;
    for (const u of staff) {
      const a = open.get(u.id);
      expect(a, u.userName).toBeDefined();
      expect(a?.assignedAt.getTime()).toBeLessThanOrEqual(latestStart);
    }
    const nurse = staff.find((u) => u.userName === 'nurse@demo.health');
    expect(fleet.find((d) => d.id === open.get(nurse?.id ?? -1)?.deviceId)?.type).toBe('WRISTBAND');
    const wristbands = [...open.values()].filter((a) => fleet.find((d) => d.id === a.deviceId)?.type === 'WRISTBAND');
    expect(wristbands.length / open.size).toBeGreaterThan(0.6);
    expect(assignments.filter((a) => a.unassignedAt !== null).length).toBeGreaterThanOrEqual(5);

    // No wearable is held twice at once, and nobody holds two at once.
    const overlaps = (key: 'deviceId' | 'userId') => {
      const by = new Map<number, typeof assignments>();
      for (const a of assignments) by.set(a[key], [...(by.get(a[key]) ?? []), a]);
      return [...by.values()].some((list) =>
        list.some((a, i) => list.some((b, j) => i !== j && a.assignedAt < (b.unassignedAt ?? new Date(8.64e15)) && b.assignedAt < (a.unassignedAt ?? new Date(8.64e15)))),
      );
    };
    expect(overlaps('deviceId')).toBe(false);
    expect(overlaps('userId')).toBe(false);
  });

  it('has silent devices and devices low on battery beside healthy ones', () => {
    const reference = DEMO_DEVICE_REFERENCE.getTime();
    const silent = fleet.filter((d) => (d.lastHeartbeatAt?.getTime() ?? 0) < reference - 2 * 86_400_000);
    const recent = fleet.filter((d) => (d.lastHeartbeatAt?.getTime() ?? 0) >= reference - 12 * 3_600_000);
    expect(silent.length).toBeGreaterThan(10);
    expect(recent.length).toBeGreaterThan(fleet.length / 2);
    expect(fleet.filter((d) => d.batteryPercent !== null && d.batteryPercent < 20).length).toBeGreaterThan(10);
  });
});
