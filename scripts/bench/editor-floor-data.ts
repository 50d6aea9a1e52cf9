import path from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import { createDatabase } from '../../server/src/db/client';
import { devices, zones } from '../../server/src/db/schema';
import { FLOORPLAN_HEIGHT, FLOORPLAN_WIDTH } from '../../server/src/db/demo/ward-layout';

/** The location filled for the Location Editor's measure: ICU – 3 South, which has a floor plan. */
export const EDITOR_GROUP_ID = 7;
/** Devices and zones on its plan once filled (03's editor at a large ward's scale). */
export const EDITOR_DEVICES = 500;
export const EDITOR_ZONES = 100;

/**
 * Fills EDITOR_GROUP_ID of the benchmark's database (already migrated and seeded) up to
 * EDITOR_DEVICES placed beacons and dispensers and EDITOR_ZONES zones, in grids over its plan.
 */
export async function prepareEditorFloor(dataDir: string): Promise<void> {
  const handle = await createDatabase({ pgliteDir: path.resolve(dataDir, 'pglite') });
  try {
    const { db } = handle;
    const where = and(eq(devices.groupId, EDITOR_GROUP_ID), inArray(devices.type, ['BEACON', 'DISPENSER', 'GATEWAY', 'TABLET']));
    const [{ n: haveDevices } = { n: 0 }] = await db.select({ n: count() }).from(devices).where(where);
    const [{ n: haveZones } = { n: 0 }] = await db.select({ n: count() }).from(zones).where(eq(zones.groupId, EDITOR_GROUP_ID));
    const models = await db.select({ type: devices.type, modelId: devices.modelId }).from(devices).where(where);
    const modelOf = (type: 'BEACON' | 'DISPENSER') => models.find((m) => m.type === type)?.modelId;
    const beaconModel = modelOf('BEACON');
    const dispenserModel = modelOf('DISPENSER');
    if (!beaconModel || !dispenserModel) throw new Error(`location ${EDITOR_GROUP_ID} has no beacon or dispenser to copy the model of`);

    const addDevices = Math.max(0, EDITOR_DEVICES - haveDevices);
    const columns = 30;
    const rows = Math.ceil(addDevices / columns);
    const hex = (n: number) => n.toString(16).padStart(2, '0').toUpperCase();
    if (addDevices > 0) {
      await db.insert(devices).values(
        Array.from({ length: addDevices }, (_, i) => {
          const type = i % 2 === 0 ? ('BEACON' as const) : ('DISPENSER' as const);
          return {
            mac: `BE:ED:00:00:${hex(i >> 8)}:${hex(i & 0xff)}`,
            type,
            name: `Bench ${type === 'BEACON' ? 'beacon' : 'dispenser'} ${i + 1}`,
            groupId: EDITOR_GROUP_ID,
            modelId: type === 'BEACON' ? beaconModel : dispenserModel,
            role: type === 'DISPENSER' ? 'Sanitizer' : null,
            x: 30 + ((i % columns) + 0.5) * ((FLOORPLAN_WIDTH - 60) / columns),
            y: 30 + (Math.floor(i / columns) + 0.5) * ((FLOORPLAN_HEIGHT - 60) / rows),
          };
        }),
      );
    }
    const addZones = Math.max(0, EDITOR_ZONES - haveZones);
    const side = Math.ceil(Math.sqrt(addZones));
    const w = FLOORPLAN_WIDTH / side;
    const h = FLOORPLAN_HEIGHT / side;
    if (addZones > 0) {
      await db.insert(zones).values(
        Array.from({ length: addZones }, (_, i) => {
          const x = (i % side) * w + 4;
          const y = Math.floor(i / side) * h + 4;
          const ring: [number, number][] = [[x, y], [x + w - 8, y], [x + w - 8, y + h - 8], [x, y + h - 8], [x, y]];
          return { groupId: EDITOR_GROUP_ID, name: `Bench room ${i + 1}`, type: 'OTHER' as const, geometry: { type: 'Polygon' as const, coordinates: [ring] } };
        }),
      );
    }
  } finally {
    await handle.close();
  }
}
