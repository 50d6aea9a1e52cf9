import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { ZoneType } from '../contracts/devices';
import type { Database } from '../db/client';
import { appMeta, devices, groups, users, wearableAssignments, zones } from '../db/schema';
import { indexWorld, type World } from './world-index';

export type { World } from './world-index';

/** Key in app_meta holding the end (ISO) of the demo history, once it is written. */
export const DEMO_HISTORY_KEY = 'demo_history';
/** Key in app_meta holding where the demo history's write stands (JSON: end, days, daysDone, events). */
export const DEMO_HISTORY_PROGRESS_KEY = 'demo_history_progress';

/** A location with what the simulator needs: time zone, shift length and compliance windows. */
export interface WorldGroup {
  id: number;
  parentId: number | null;
  organizationId: number;
  name: string;
  type: string;
  timeZone: string;
  shiftLengthHours: number;
  requiredVisitDuration: number;
  beforeEntrySecondsToComply: number;
  afterEntrySecondsToComply: number;
  beforeExitSecondsToComply: number;
  afterExitSecondsToComply: number;
}

/** A zone (room, reminder zone, nurse station). */
export interface WorldZone {
  id: number;
  groupId: number;
  name: string;
  type: ZoneType;
  /** Centre of the zone's polygon in floor-plan pixels, when it has one. */
  center: { x: number; y: number } | null;
}

/** An active device, with where it is and what it does. */
export interface WorldDevice {
  id: number;
  mac: string;
  type: string;
  role: string | null;
  physicalRole: string | null;
  groupId: number | null;
  zoneId: number | null;
  modelId: number;
  gatewayId: number | null;
  x: number | null;
  y: number | null;
}

/** A user as the simulator sees them: home location and profession. */
export interface WorldUser {
  id: number;
  organizationId: number;
  groupId: number | null;
  professionCode: string | null;
  active: boolean;
}

/** Who wore a wearable when (epoch ms; `to` null while it holds). */
export interface WorldAssignment {
  deviceId: number;
  userId: number;
  from: number;
  to: number | null;
}

/** The database facts the simulator works from, as plain JSON-friendly data. */
export interface WorldData {
  /** When it was read (ISO). */
  loadedAt: string;
  /** End of the demo history (ISO), written or being written, if any: live events start there. */
  historyEnd: string | null;
  groups: WorldGroup[];
  zones: WorldZone[];
  devices: WorldDevice[];
  users: WorldUser[];
  assignments: WorldAssignment[];
}

function centerOf(geometry: { coordinates: [number, number][][] } | null): { x: number; y: number } | null {
  const ring = geometry?.coordinates[0];
  if (!ring || ring.length === 0) return null;
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  return { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
}

/** The end of the written history, else of the one being written. */
function historyEndOf(rows: readonly { key: string; value: string }[]): string | null {
  const written = rows.find((r) => r.key === DEMO_HISTORY_KEY)?.value;
  if (written) return written;
  const progress = rows.find((r) => r.key === DEMO_HISTORY_PROGRESS_KEY)?.value;
  return progress ? ((JSON.parse(progress) as { end?: string }).end ?? null) : null;
}

/** Reads groups, active zones and devices, users and every wearable assignment. */
export async function loadWorldData(db: Database): Promise<WorldData> {
  const [groupRows, zoneRows, deviceRows, userRows, assignmentRows, history] = await Promise.all([
    db.select().from(groups),
    db.select().from(zones).where(eq(zones.active, true)),
    db.select().from(devices).where(eq(devices.active, true)),
    db
      .select({ id: users.id, organizationId: users.organizationId, groupId: users.groupId, professionCode: users.professionCode, active: users.active })
      .from(users),
    db.select().from(wearableAssignments),
    db.select().from(appMeta).where(inArray(appMeta.key, [DEMO_HISTORY_KEY, DEMO_HISTORY_PROGRESS_KEY])),
  ]);
  const byId = <T extends { id: number }>(rows: T[]) => rows.sort((a, b) => a.id - b.id);
  return {
    loadedAt: new Date().toISOString(),
    historyEnd: historyEndOf(history),
    groups: byId(
      groupRows.map((g) => ({
        id: g.id,
        parentId: g.parentId,
        organizationId: g.organizationId,
        name: g.name,
        type: g.type,
        timeZone: g.timeZone,
        shiftLengthHours: g.shiftLengthHours,
        requiredVisitDuration: g.requiredVisitDuration,
        beforeEntrySecondsToComply: g.beforeEntrySecondsToComply,
        afterEntrySecondsToComply: g.afterEntrySecondsToComply,
        beforeExitSecondsToComply: g.beforeExitSecondsToComply,
        afterExitSecondsToComply: g.afterExitSecondsToComply,
      })),
    ),
    zones: byId(zoneRows.map((z) => ({ id: z.id, groupId: z.groupId, name: z.name, type: z.type, center: centerOf(z.geometry ?? null) }))),
    devices: byId(
      deviceRows.map((d) => ({
        id: d.id,
        mac: d.mac,
        type: d.type,
        role: d.role,
        physicalRole: d.physicalRole,
        groupId: d.groupId,
        zoneId: d.zoneId,
        modelId: d.modelId,
        gatewayId: d.gatewayId,
        x: d.x,
        y: d.y,
      })),
    ),
    users: byId(userRows),
    assignments: assignmentRows
      .map((a) => ({ deviceId: a.deviceId, userId: a.userId, from: a.assignedAt.getTime(), to: a.unassignedAt?.getTime() ?? null }))
      .sort((a, b) => a.from - b.from || a.deviceId - b.deviceId),
  };
}

/** Reads the world from the database and indexes it for generation. */
export async function loadWorld(db: Database): Promise<World> {
  return indexWorld(await loadWorldData(db));
}

/** Where, under LAVO_DATA_DIR, the API server leaves the world and the live simulator its progress. */
export function simulatorFiles(dataDir: string): { world: string; state: string } {
  return { world: join(dataDir, 'simulator', 'world.json'), state: join(dataDir, 'simulator', 'state.json') };
}

/** Saves world data for a simulator running in another process (PGlite allows one process). */
export async function writeWorldFile(path: string, data: WorldData): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, JSON.stringify(data));
}

/** Reads world data saved by writeWorldFile. */
export async function readWorldFile(path: string): Promise<WorldData> {
  return JSON.parse(await readFile(path, 'utf8')) as WorldData;
}
