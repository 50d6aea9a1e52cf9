import { eq } from 'drizzle-orm';
import type { Database } from '../client';
import {
  deviceModels,
  devices,
  firmwareVersions,
  groups,
  type NewDeviceRow,
  type NewZoneRow,
  wearableAssignments,
  zones,
} from '../schema';
import {
  DEMO_DEVICE_REFERENCE,
  demoBattery,
  demoDeviceHealth,
  demoMac,
  MODEL_IDS,
  roomBeds,
  SEED_DEVICE_MODELS,
  UNIT_PLANS,
  type MacKind,
  type UnitPlan,
} from './devices-data';
import { createRandom, type Random } from './random';
import { FLOORPLAN_SCALE, polygonOf, wardLayout, type Point } from './ward-layout';
import { buildWearables, type WearableUser } from './wearables';

const SEED = 20_261_101;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const FIRMWARE_CREATED = Date.UTC(2024, 8, 2, 16);

/** A device row as the seed writes it: explicit id and MAC. */
export type SeedDevice = NewDeviceRow & { id: number; mac: string };
type SeedZone = NewZoneRow & { id: number };

/** Firmware rows with explicit ids, and each model's latest and previous version ids. */
function buildFirmware() {
  const rows: (typeof firmwareVersions.$inferInsert & { id: number })[] = [];
  const byModel = new Map<number, { latest: number; previous: number }>();
  for (const model of SEED_DEVICE_MODELS) {
    model.versions.forEach((version, i) => {
      const id = rows.length + 1;
      rows.push({
        id,
        modelId: model.id,
        version,
        // No external address: a version's image is in the file storage under its id, and the
        // server that seeds the demo puts a stand-in there (modules/firmware/demo-images.ts).
        url: null,
        isLatest: i === model.versions.length - 1,
        createdAt: new Date(FIRMWARE_CREATED + (i * 150 + model.id * 3) * DAY_MS),
      });
    });
    const last = rows.length;
    byModel.set(model.id, { latest: last, previous: model.versions.length > 1 ? last - 1 : last });
  }
  return { rows, byModel };
}

/**
 * Builds device rows with explicit ids and MACs, filling in firmware, heartbeat and battery so the
 * fleet looks lived-in at DEMO_DEVICE_REFERENCE: most devices heard from within hours, the demo's
 * silent ones days ago, the low ones low.
 */
export class FleetBuilder {
  readonly devices: SeedDevice[] = [];
  private readonly counters = new Map<MacKind, number>();
  private readonly firmware = buildFirmware();

  constructor(private readonly random: Random) {}

  get firmwareRows() {
    return this.firmware.rows;
  }

  add(kind: MacKind, row: Omit<NewDeviceRow, 'id' | 'mac' | 'firmwareVersionId'>, opts: { silent?: boolean } = {}): SeedDevice {
    const n = this.counters.get(kind) ?? 0;
    this.counters.set(kind, n + 1);
    const mac = demoMac(kind, n);
    const health = opts.silent ? 'silent' : demoDeviceHealth({ mac, type: row.type, role: row.role ?? null, physicalRole: row.physicalRole ?? null });
    const battery = demoBattery({ mac, type: row.type, role: row.role ?? null, physicalRole: row.physicalRole ?? null }, health);
    const fw = this.firmware.byModel.get(row.modelId);
    const ago = health === 'silent' ? this.random.int(3 * 24, 21 * 24) * HOUR_MS + this.random.int(0, 59) * 60_000 : this.random.int(2, 300) * 60_000;
    const device: SeedDevice = {
      ...row,
      id: this.devices.length + 1,
      mac,
      firmwareVersionId: fw ? (this.random.chance(0.8) ? fw.latest : fw.previous) : null,
      batteryPercent: battery?.percent ?? null,
      batteryMv: battery?.mv ?? null,
      lastHeartbeatAt: new Date(DEMO_DEVICE_REFERENCE.getTime() - ago),
      createdAt: new Date(Date.UTC(2025, 0, 6, 15) + this.random.int(0, 240) * DAY_MS),
    };
    this.devices.push(device);
    return device;
  }
}

const at = (p: Point) => ({ x: p.x, y: p.y });

/** Zones and fixed devices (beacons, dispensers, gateways, kiosk, tablet) of one unit. */
function buildUnit(plan: UnitPlan, fleet: FleetBuilder, zoneRows: SeedZone[], random: Random) {
  const layout = wardLayout(plan.rooms);
  const groupId = plan.groupId;
  const zone = (row: Omit<SeedZone, 'id' | 'groupId'>) => {
    const z: SeedZone = { ...row, id: zoneRows.length + 1, groupId, createdAt: DEMO_DEVICE_REFERENCE };
    zoneRows.push(z);
    return z;
  };

  const gatewayModel = plan.groupId % 2 === 0 ? MODEL_IDS.minewGateway : MODEL_IDS.g1c;
  for (let i = 0; i < plan.gateways; i++) {
    fleet.add('gateway', { type: 'GATEWAY', name: `Gateway ${plan.code}-${i + 1}`, groupId, modelId: gatewayModel, role: 'GATEWAY', ...at(layout.gateways[i] as Point) });
  }
  const kiosk = plan.station
    ? fleet.add('kiosk', { type: 'GATEWAY', name: `Kiosk ${plan.code}`, groupId, modelId: MODEL_IDS.kiosk, role: 'KIOSK_GATEWAY', station: plan.station, syncEnabled: true, ...at(layout.kiosk) })
    : undefined;
  for (let i = 0; i < plan.tablets; i++) {
    fleet.add('tablet', { type: 'TABLET', name: `Tablet ${plan.code} Nurse Station`, groupId, modelId: MODEL_IDS.tablet, role: 'other', ...at(layout.tablet) });
  }

  const dispenserModel = () => random.weighted([[MODEL_IDS.gen5, 5], [MODEL_IDS.gen4, 3], [MODEL_IDS.gen3, 2], [MODEL_IDS.gen2, 1]] as const);
  const dispenser = (name: string, role: 'Soap' | 'Sanitizer', p: Point, zoneId: number | null) =>
    fleet.add('dispenser', { type: 'DISPENSER', name, groupId, modelId: dispenserModel(), role, mode: 'NORMAL', txPower: -30, zoneId, ...at(p) });

  layout.rooms.forEach((room, i) => {
    const number = plan.roomBase + i;
    const name = `Room ${number}`;
    const cdiff = plan.cdiff.includes(i);
    const z = zone({ name, type: cdiff ? 'CDIFF' : 'PATIENT_ROOM', ehrId: `${plan.ehrPrefix}-${number}`, geometry: polygonOf(room.rect) });
    fleet.add('roomBeacon', { type: 'BEACON', name, groupId, modelId: MODEL_IDS.minew, role: 'other', physicalRole: 'ROOM', zoneId: z.id, mode: 'NORMAL', txPower: -30, ...at(room.beacon) });
    room.beds(roomBeds(plan, i)).forEach((bed, b) => {
      const bedName = `${name} Bed ${String.fromCharCode(65 + b)}`;
      fleet.add('bedBeacon', { type: 'BEACON', name: bedName, groupId, modelId: MODEL_IDS.minewBed, role: 'other', physicalRole: 'BED', zoneId: z.id, mode: 'NORMAL', txPower: -32, ...at(bed) });
    });
    dispenser(`${name} Door Sanitizer`, 'Sanitizer', room.doorDispenser, z.id);
    if (cdiff || random.chance(plan.sinkShare)) dispenser(`${name} Sink Soap`, 'Soap', room.sinkDispenser, z.id);
  });

  const entrance = zone({ name: `${plan.code} Unit Entrance`, type: 'REMINDER', meta: { interval: 1 }, geometry: polygonOf(layout.entrance) });
  zone({ name: `${plan.code} Nurse Station`, type: 'OTHER', geometry: polygonOf(layout.station) });
  dispenser('Unit Entrance Sanitizer', 'Sanitizer', layout.entranceDispenser, entrance.id);
  dispenser('Nurse Station Sanitizer', 'Sanitizer', layout.stationDispenser, null);
  dispenser('Clean Utility Soap', 'Soap', layout.utilityDispenser, null);
  return { kiosk };
}

/** The demo's wearers: active staff of the department organizations, plus those who left. */
async function loadWearers(db: Database): Promise<WearableUser[]> {
  const rows = await db.query.users.findMany({
    columns: { id: true, userName: true, organizationId: true, groupId: true, active: true },
    orderBy: (u, { asc }) => [asc(u.id)],
  });
  return rows.filter((u) => u.organizationId >= 5 && u.organizationId <= 11 && u.groupId !== null) as WearableUser[];
}

async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>, size = 400): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * Seeds the demo fleet: device models and firmware, every patient-care unit's rooms (zones with
 * floor-plan geometry), beacons, dispensers, gateways, kiosks and tablets, the staff's wristbands
 * and badges with their assignment history, and each unit's floor plan. Runs after seedUsers.
 */
export async function seedDevices(db: Database): Promise<void> {
  const random = createRandom(SEED);
  const fleet = new FleetBuilder(random);
  const zoneRows: SeedZone[] = [];
  const kiosks = new Map<number, SeedDevice>();
  for (const plan of UNIT_PLANS) {
    const { kiosk } = buildUnit(plan, fleet, zoneRows, random);
    if (kiosk) kiosks.set(plan.groupId, kiosk);
  }

  const wearers = await loadWearers(db);
  const [tech] = await db.query.users.findMany({ columns: { id: true }, where: (u, { eq: equals }) => equals(u.userName, 'tech@demo.health') });
  const assignments = buildWearables({ fleet, random, wearers, kiosks, assignorId: tech?.id ?? null });

  await db.insert(deviceModels).values(SEED_DEVICE_MODELS.map(({ id, name, deviceType }) => ({ id, name, deviceType })));
  await db.insert(firmwareVersions).values(fleet.firmwareRows);
  await insertChunked(zoneRows, (chunk) => db.insert(zones).values(chunk));
  await insertChunked(fleet.devices, (chunk) => db.insert(devices).values(chunk));
  await insertChunked(assignments, (chunk) => db.insert(wearableAssignments).values(chunk));
  for (const plan of UNIT_PLANS) {
    await db
      .update(groups)
      .set({ floorplanImage: `/floorplans/${plan.groupId}.png`, mapScale: FLOORPLAN_SCALE })
      .where(eq(groups.id, plan.groupId));
  }
}
