import { and, isNull, or, gt, sql, type Column, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devices, groups, wearableAssignments, zones, type DeviceRow, type ZoneRow } from '../../db/schema';
import { arrayText } from './bulk-insert.repo';

/** A group with what the ingest needs: its parent (to find the hospital) and type. */
interface GroupNode {
  id: number;
  parentId: number | null;
  type: string;
}

interface Assignment {
  userId: number;
  from: number;
  to: number | null;
}

/** What the ingest resolves a batch's MACs against. */
export interface DeviceDirectory {
  byMac: Map<string, DeviceRow>;
  zones: Map<number, ZoneRow>;
  groups: Map<number, GroupNode>;
  /** Assignments per wearable device id, oldest first. */
  assignments: Map<number, Assignment[]>;
}

/** `column = any(values)`: one array parameter however many values a batch names. */
function anyOf(column: Column, values: readonly (string | number)[], type: 'text' | 'int'): SQL {
  return sql`${column} = any(${arrayText(values)}::${sql.raw(type)}[])`;
}

/** Loads the devices named by `macs`, their zones and the zones events name directly (reminders), the location tree and the wearables' assignments. */
export async function loadDirectory(
  db: Database,
  macs: readonly string[],
  earliest: Date,
  namedZoneIds: readonly number[] = [],
): Promise<DeviceDirectory> {
  const found = macs.length ? await db.select().from(devices).where(anyOf(devices.mac, macs, 'text')) : [];
  const zoneIds = [...new Set([...found.map((d) => d.zoneId).filter((z): z is number => z !== null), ...namedZoneIds])];
  const wearableIds = found.filter((d) => d.type === 'WRISTBAND' || d.type === 'BADGE').map((d) => d.id);
  const [zoneRows, groupRows, assignmentRows] = await Promise.all([
    zoneIds.length ? db.select().from(zones).where(anyOf(zones.id, zoneIds, 'int')) : [],
    db.select({ id: groups.id, parentId: groups.parentId, type: groups.type }).from(groups),
    wearableIds.length
      ? db
          .select()
          .from(wearableAssignments)
          .where(
            and(
              anyOf(wearableAssignments.deviceId, wearableIds, 'int'),
              or(isNull(wearableAssignments.unassignedAt), gt(wearableAssignments.unassignedAt, earliest)),
            ),
          )
          .orderBy(sql`${wearableAssignments.assignedAt}`)
      : [],
  ]);
  const assignments = new Map<number, Assignment[]>();
  for (const a of assignmentRows) {
    const list = assignments.get(a.deviceId) ?? [];
    list.push({ userId: a.userId, from: a.assignedAt.getTime(), to: a.unassignedAt?.getTime() ?? null });
    assignments.set(a.deviceId, list);
  }
  return {
    byMac: new Map(found.map((d) => [d.mac, d])),
    zones: new Map(zoneRows.map((z) => [z.id, z])),
    groups: new Map(groupRows.map((g) => [g.id, g])),
    assignments,
  };
}

/** The wearer of a wearable at a moment: the assignment holding then (the latest, if several). */
export function wearerAt(directory: DeviceDirectory, wearableId: number, at: number): number | null {
  const list = directory.assignments.get(wearableId);
  if (!list) return null;
  for (let i = list.length - 1; i >= 0; i--) {
    const a = list[i] as Assignment;
    if (a.from <= at && (a.to === null || at < a.to)) return a.userId;
  }
  return null;
}

/**
 * The site a location belongs to: its highest ancestor below the network level (a hospital). A
 * gateway may report only devices of its own site.
 */
export function siteOf(directory: DeviceDirectory, groupId: number | null): number | null {
  let node = groupId === null ? undefined : directory.groups.get(groupId);
  while (node) {
    const parent = node.parentId === null ? undefined : directory.groups.get(node.parentId);
    if (!parent || parent.type === 'NETWORK') return node.id;
    node = parent;
  }
  return null;
}
