import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { createDatabase } from '../../server/src/db/client';
import { runMigrations } from '../../server/src/db/migrate';
import { seedDemo } from '../../server/src/db/seed';
import { devices, dispenseDaily } from '../../server/src/db/schema';
import { FLOORPLAN_HEIGHT, FLOORPLAN_WIDTH } from '../../server/src/db/demo/ward-layout';

/** The location given the benchmark's dispensers: ICU – 3 North, which has a floor plan. */
export const MAP_GROUP_ID = 6;
/** Dispensers added to it. */
export const MAP_DISPENSERS = 300;
/** The day their dispenses are written on: 30 days back, outside the 7 days of demo history the server writes. */
export function mapDay(now = new Date()): string {
  return new Date(now.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Writes the demo database the server will open (`{dataDir}/pglite`: migrated and seeded as the
 * server does on a first start, which then finds it seeded) with MAP_DISPENSERS more dispensers in
 * MAP_GROUP_ID, spread over its floor plan, and a day of dispenses for each (0 to 400, so the bars
 * run from 2 px to 130 px and every activity level shows). Returns the day.
 */
export async function prepareDispenserMap(dataDir: string): Promise<string> {
  const handle = await createDatabase({ pgliteDir: path.resolve(dataDir, 'pglite') });
  try {
    await runMigrations(handle);
    await seedDemo(handle.db);
    const { db } = handle;
    const [model] = await db
      .select({ modelId: devices.modelId })
      .from(devices)
      .where(and(eq(devices.type, 'DISPENSER'), eq(devices.groupId, MAP_GROUP_ID)))
      .limit(1);
    if (!model) throw new Error(`location ${MAP_GROUP_ID} has no dispenser to copy the model of`);
    const columns = 20;
    const rows = Math.ceil(MAP_DISPENSERS / columns);
    const margin = 40;
    const added = Array.from({ length: MAP_DISPENSERS }, (_, i) => ({
      mac: `BE:4C:00:00:${(i >> 8).toString(16).padStart(2, '0').toUpperCase()}:${(i & 0xff).toString(16).padStart(2, '0').toUpperCase()}`,
      type: 'DISPENSER' as const,
      name: `Bench dispenser ${String(i + 1).padStart(3, '0')}`,
      groupId: MAP_GROUP_ID,
      modelId: model.modelId,
      role: i % 3 === 0 ? 'Soap' : 'Sanitizer',
      x: margin + ((i % columns) + 0.5) * ((FLOORPLAN_WIDTH - 2 * margin) / columns),
      y: margin + (Math.floor(i / columns) + 0.5) * ((FLOORPLAN_HEIGHT - 2 * margin) / rows),
    }));
    const inserted = await db.insert(devices).values(added).returning({ id: devices.id, role: devices.role });
    const day = mapDay();
    // A spread of counts: every seventh idle, the rest up to 400 (a fixed pattern, the same each run).
    const counts = inserted.map((_, i) => (i % 7 === 0 ? 0 : ((i * 97) % 400) + 1));
    await db.insert(dispenseDaily).values(
      inserted.map((d, i) => ({
        day,
        dispenserId: d.id,
        groupId: MAP_GROUP_ID,
        role: d.role ?? 'Sanitizer',
        dispenseCount: counts[i] as number,
        h09: counts[i] as number,
      })),
    );
    const total = await db.execute<{ n: number }>(sql`select count(*)::int as n from devices where type = 'DISPENSER' and group_id = ${MAP_GROUP_ID}`);
    if (Number(total.rows[0]?.n ?? 0) < MAP_DISPENSERS) throw new Error('the benchmark dispensers were not written');
    return day;
  } finally {
    await handle.close();
  }
}
