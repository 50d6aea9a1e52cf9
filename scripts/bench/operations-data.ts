import path from 'node:path';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { createDatabase } from '../../server/src/db/client';
import { runMigrations } from '../../server/src/db/migrate';
import { seedDemo } from '../../server/src/db/seed';
import { devices, firmwareVersions } from '../../server/src/db/schema';
import { demoDeviceHealth } from '../../server/src/db/demo/devices-data';
import { FLOORPLAN_HEIGHT, FLOORPLAN_WIDTH } from '../../server/src/db/demo/ward-layout';

/** The location given the benchmark's dispensers: Infusion Center (Riverside), which has a floor plan and one gateway. */
export const OPS_GROUP_ID = 19;
/** Every this many-th dispenser gets a low battery (2 %), so the simulated gateway fails its operations. */
const LOW_EVERY = 50;
/** The battery of the others, and of the low ones (under the simulator's 2300 mV). */
const BATTERY = { percent: 80, mv: 2900 } as const;
const LOW_BATTERY = { percent: 80, mv: 2200 } as const;

/** What the benchmark wrote: its dispensers' MACs, the low-battery ones among them, and their firmware. */
export interface OperationsFleet {
  macs: string[];
  lowBattery: Set<string>;
  modelId: number;
  /** The version they run (not the model's latest) and the one a firmware update installs. */
  fromVersion: string;
  latestVersion: string;
}

const hex = (n: number) => (n & 0xff).toString(16).padStart(2, '0').toUpperCase();

/**
 * `count` unique MACs of the benchmark's own prefix (BE:0B) that the demo's simulator counts as
 * silent (db/demo/devices-data.ts `demoDeviceHealth`): the demo history the server writes at its
 * first start sends no heartbeat for them, which would replace the battery and heartbeat the
 * benchmark gives them with the demo's (and fail some at random). Deterministic: the same each run.
 */
export function benchMacs(count: number): string[] {
  const out: string[] = [];
  for (let n = 0; out.length < count; n++) {
    if (n > 0xffffff) throw new Error(`not ${count} silent MACs under BE:0B`);
    const mac = `BE:0B:00:${hex(n >> 16)}:${hex(n >> 8)}:${hex(n)}`;
    if (demoDeviceHealth({ mac, type: 'DISPENSER', role: 'Sanitizer', physicalRole: null }) === 'silent') out.push(mac);
  }
  return out;
}

/**
 * Writes the demo database the server will open (`{dataDir}/pglite`: migrated and seeded as the
 * server does on a first start, which then finds it seeded) with `count` more dispensers in
 * OPS_GROUP_ID, in a grid over its floor plan: the model of one of its dispensers whose model has
 * an older firmware version, running that older version, heard now, battery 80 % and 2900 mV; every
 * LOW_EVERY-th at 2200 mV, which the simulated gateways refuse to update.
 */
export async function prepareOperationsFleet(dataDir: string, count: number): Promise<OperationsFleet> {
  const handle = await createDatabase({ pgliteDir: path.resolve(dataDir, 'pglite') });
  try {
    await runMigrations(handle);
    await seedDemo(handle.db);
    const { db } = handle;
    const models = await db
      .selectDistinct({ modelId: devices.modelId })
      .from(devices)
      .where(and(eq(devices.type, 'DISPENSER'), eq(devices.groupId, OPS_GROUP_ID)))
      .orderBy(asc(devices.modelId));
    if (models.length === 0) throw new Error(`location ${OPS_GROUP_ID} has no dispenser to copy the model of`);
    const versions = await db
      .select()
      .from(firmwareVersions)
      .where(inArray(firmwareVersions.modelId, models.map((m) => m.modelId)))
      .orderBy(asc(firmwareVersions.id));
    // The first model of the location with both a latest version and an older one.
    const model = models.find((m) => versions.some((v) => v.modelId === m.modelId && v.isLatest) && versions.some((v) => v.modelId === m.modelId && !v.isLatest));
    if (!model) throw new Error(`no dispenser model of location ${OPS_GROUP_ID} has an older firmware version than its latest`);
    const older = versions.filter((v) => v.modelId === model.modelId && !v.isLatest).at(-1);
    const latest = versions.find((v) => v.modelId === model.modelId && v.isLatest);
    if (!older || !latest) throw new Error('unreachable: the model has an older and a latest version');

    const macs = benchMacs(count);
    const lowBattery = new Set(macs.filter((_, i) => i % LOW_EVERY === LOW_EVERY - 1));
    const columns = Math.ceil(Math.sqrt(count * (FLOORPLAN_WIDTH / FLOORPLAN_HEIGHT)));
    const rows = Math.ceil(count / columns);
    const margin = 40;
    const now = new Date();
    const added = macs.map((mac, i) => {
      const battery = lowBattery.has(mac) ? LOW_BATTERY : BATTERY;
      return {
        mac,
        type: 'DISPENSER' as const,
        name: `Bench dispenser ${String(i + 1).padStart(4, '0')}`,
        groupId: OPS_GROUP_ID,
        modelId: model.modelId,
        firmwareVersionId: older.id,
        role: 'Sanitizer',
        mode: 'NORMAL',
        txPower: -30,
        batteryPercent: battery.percent,
        batteryMv: battery.mv,
        lastHeartbeatAt: now,
        x: margin + ((i % columns) + 0.5) * ((FLOORPLAN_WIDTH - 2 * margin) / columns),
        y: margin + (Math.floor(i / columns) + 0.5) * ((FLOORPLAN_HEIGHT - 2 * margin) / rows),
      };
    });
    for (let i = 0; i < added.length; i += 500) await db.insert(devices).values(added.slice(i, i + 500));
    const written = await db.execute<{ n: number }>(sql`select count(*)::int as n from devices where mac like 'BE:0B:%' and group_id = ${OPS_GROUP_ID}`);
    if (Number(written.rows[0]?.n ?? 0) !== count) throw new Error('the benchmark dispensers were not written');
    return { macs, lowBattery, modelId: model.modelId, fromVersion: older.version, latestVersion: latest.version };
  } finally {
    await handle.close();
  }
}
