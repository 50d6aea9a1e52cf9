import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DeviceType } from '../../contracts/devices';
import type { DeviceModel, HistoryEntry, WearableRow, WearableType } from '../../contracts/wearables-admin';
import type { Database } from '../../db/client';
import { deviceModels, devices, firmwareVersions, groups, wearableAssignments, type DeviceRow, type NewDeviceRow, type WearableAssignmentRow } from '../../db/schema';
import { idIn } from '../metrics/filters';
import { containing, iso, isoOrNull, shownName, userVisibleSql, type ScopeIds } from './repo-common';

// Wearables (badges and wristbands), who holds them, and their assignment history, always read
// inside a caller's scope.


// ---- wearables ------------------------------------------------------------------------------

export interface WearableFilter {
  groupIds: readonly number[];
  types: readonly WearableType[];
  /** Each word must match the MAC (with or without colons), name, code or the visible holder's names. */
  words?: readonly string[];
  assigned?: boolean;
  /** Only this device. */
  id?: number;
}

/** Wristbands and badges of some locations with model, firmware, location and current holder. */
export async function listWearables(db: Database, filter: WearableFilter, scope: ScopeIds): Promise<WearableRow[]> {
  if (filter.groupIds.length === 0 || filter.types.length === 0) return [];
  const conditions: SQL[] = [
    sql`d.type in (${sql.join(filter.types.map((t) => sql`${t}`), sql`, `)})`,
    idIn(sql`d.group_id`, filter.groupIds),
  ];
  if (filter.id !== undefined) conditions.push(sql`d.id = ${filter.id}`);
  if (filter.assigned !== undefined) conditions.push(filter.assigned ? sql`ca.user_id is not null` : sql`ca.user_id is null`);
  for (const word of filter.words ?? []) {
    const pattern = containing(word);
    const bare = word.replace(/[^0-9a-z]/gi, '');
    conditions.push(sql`(d.mac ilike ${pattern} or d.name ilike ${pattern} or d.code ilike ${pattern}
      ${bare ? sql`or replace(d.mac, ':', '') ilike ${containing(bare)}` : sql``}
      or u.user_name ilike ${pattern} or u.first_name ilike ${pattern} or u.last_name ilike ${pattern})`);
  }
  const result = await db.execute<{
    id: number; mac: string; code: string | null; name: string; type: WearableType; model_id: number; model_name: string;
    group_id: number; group_name: string; organization_name: string; firmware_version: string | null;
    latest_firmware_version: string | null; battery_mv: number | null; battery_percent: number | null;
    last_heartbeat_at: string | Date | null; staged: boolean; active: boolean;
    user_id: number | null; user_name: string | null; first_name: string | null; last_name: string | null; demo: boolean | null;
  }>(sql`
    select d.id, d.mac, d.code, d.name, d.type, d.model_id, m.name as model_name,
           d.group_id, g.name as group_name, o.name as organization_name,
           fv.version as firmware_version, lv.version as latest_firmware_version,
           d.battery_mv, d.battery_percent, d.last_heartbeat_at, d.staged, d.active,
           u.id as user_id, u.user_name, u.first_name, u.last_name, u.demo
    from devices d
    join device_models m on m.id = d.model_id
    join groups g on g.id = d.group_id
    join organizations o on o.id = g.organization_id
    left join firmware_versions fv on fv.id = d.firmware_version_id
    left join lateral (
      select v.version from firmware_versions v
      where v.model_id = d.model_id and v.is_latest
      order by v.created_at desc, v.id desc limit 1
    ) lv on true
    left join lateral (
      select a.user_id from wearable_assignments a
      where a.device_id = d.id and a.unassigned_at is null
      order by a.assigned_at desc, a.id desc limit 1
    ) ca on true
    left join users u on u.id = ca.user_id and ${userVisibleSql(sql`u`, scope)}
    where ${sql.join(conditions, sql` and `)}
    order by d.code nulls last, d.mac`);
  return result.rows.map((r) => ({
    id: r.id,
    mac: r.mac,
    code: r.code,
    name: r.name,
    type: r.type,
    modelId: r.model_id,
    modelName: r.model_name,
    groupId: r.group_id,
    groupName: r.group_name,
    firmwareVersion: r.firmware_version,
    latestFirmwareVersion: r.latest_firmware_version,
    batteryMv: r.battery_mv,
    batteryPercent: r.battery_percent,
    lastHeartbeatAt: isoOrNull(r.last_heartbeat_at),
    staged: r.staged,
    active: r.active,
    user:
      r.user_id === null
        ? null
        : {
            id: r.user_id,
            userName: r.user_name ?? '',
            ...shownName({ demo: r.demo ?? false, firstName: r.first_name ?? '', lastName: r.last_name ?? '' }),
          },
    organizationName: r.organization_name,
  }));
}

/** A device by id, locked against concurrent assignment changes until the transaction ends. */
export async function lockDevice(db: Database, id: number): Promise<DeviceRow | null> {
  const [row] = await db.select().from(devices).where(eq(devices.id, id)).for('update');
  return row ?? null;
}

/** A device by id. */
export async function findDevice(db: Database, id: number): Promise<DeviceRow | null> {
  const [row] = await db.select().from(devices).where(eq(devices.id, id));
  return row ?? null;
}

/** The device's assignment that still holds, if any. */
export async function openAssignmentOf(db: Database, deviceId: number): Promise<WearableAssignmentRow | null> {
  const [row] = await db
    .select()
    .from(wearableAssignments)
    .where(and(eq(wearableAssignments.deviceId, deviceId), isNull(wearableAssignments.unassignedAt)))
    .orderBy(desc(wearableAssignments.assignedAt), desc(wearableAssignments.id))
    .limit(1);
  return row ?? null;
}

/**
 * Ends, at `at`, every assignment still holding the device and every one still holding the user
 * (none when `userId` is null: the device is just given back).
 */
export async function endAssignmentsOf(db: Database, deviceId: number, userId: number | null, at: Date): Promise<void> {
  await db
    .update(wearableAssignments)
    .set({ unassignedAt: at })
    .where(
      and(
        isNull(wearableAssignments.unassignedAt),
        or(eq(wearableAssignments.deviceId, deviceId), userId === null ? undefined : eq(wearableAssignments.userId, userId)),
      ),
    );
}

/** Records that an administrator gave the device to the user at `at`. */
export async function insertAssignment(db: Database, row: { deviceId: number; userId: number; assignorId: number; at: Date }) {
  await db.insert(wearableAssignments).values({
    deviceId: row.deviceId,
    userId: row.userId,
    assignedAt: row.at,
    assignorId: row.assignorId,
    assignorType: 'USER',
  });
}

/** Ends the device's holding assignment by this user; false when there is none. */
export async function endAssignment(db: Database, deviceId: number, userId: number, at: Date): Promise<boolean> {
  const ended = await db
    .update(wearableAssignments)
    .set({ unassignedAt: at })
    .where(
      and(
        eq(wearableAssignments.deviceId, deviceId),
        eq(wearableAssignments.userId, userId),
        isNull(wearableAssignments.unassignedAt),
      ),
    )
    .returning({ id: wearableAssignments.id });
  return ended.length > 0;
}

// ---- history --------------------------------------------------------------------------------

/** Whose history: one device's or one user's. */
export type HistoryOwner = { deviceId: number } | { userId: number };

/** Entry kinds: an assignment's ASSIGN sorts after its UNASSIGN at the same instant (newest first). */
const ASSIGN = 0;
const UNASSIGN = 1;

/** A history cursor: the entry kind and assignment id of 'a-12' / 'u-12'. */
export function parseEntryId(entryId: string): { kind: number; assignmentId: number } {
  return { kind: entryId.startsWith('u-') ? UNASSIGN : ASSIGN, assignmentId: Number(entryId.slice(2)) };
}

const ownerSql = (owner: HistoryOwner) =>
  'deviceId' in owner ? sql`a.device_id = ${owner.deviceId}` : sql`a.user_id = ${owner.userId}`;

/** Whether an entry id names an entry of this history. */
export async function historyHasEntry(db: Database, owner: HistoryOwner, entryId: string): Promise<boolean> {
  const { kind, assignmentId } = parseEntryId(entryId);
  const found = await db.execute<{ id: number }>(sql`
    select a.id from wearable_assignments a
    where a.id = ${assignmentId} and ${ownerSql(owner)}
      ${kind === UNASSIGN ? sql`and a.unassigned_at is not null` : sql``}`);
  return found.rows.length > 0;
}

/**
 * Assignment history, newest first: an ASSIGN entry per assignment and an UNASSIGN entry per
 * ended one. Ties sort by assignment (newer first), so a re-assign lists the new holder's ASSIGN
 * above the old holder's UNASSIGN. Users outside `scope` are shown as 'User'.
 */
export async function history(
  db: Database,
  owner: HistoryOwner,
  page: { take: number; startingAfter?: string },
  scope: ScopeIds,
): Promise<{ data: HistoryEntry[]; hasMore: boolean }> {
  const after = page.startingAfter === undefined ? null : parseEntryId(page.startingAfter);
  const cursor = after
    ? sql`and (e.ts, e.aid, e.kind) < (
        select ${after.kind === UNASSIGN ? sql`c.unassigned_at` : sql`c.assigned_at`}, c.id, ${after.kind}::int
        from wearable_assignments c where c.id = ${after.assignmentId})`
    : sql``;
  const result = await db.execute<{
    aid: number; kind: number; ts: string | Date; user_id: number; first_name: string; last_name: string; demo: boolean;
    visible: boolean; device_id: number; mac: string; code: string | null; assignor_type: HistoryEntry['assignor']['type'];
    assignor_first: string | null; assignor_last: string | null; assignor_demo: boolean | null;
  }>(sql`
    select e.aid, e.kind, e.ts, u.id as user_id, u.first_name, u.last_name, u.demo,
           ${userVisibleSql(sql`u`, scope)} as visible,
           d.id as device_id, d.mac, d.code, e.assignor_type,
           ar.first_name as assignor_first, ar.last_name as assignor_last, ar.demo as assignor_demo
    from (
      select a.id as aid, ${ASSIGN}::int as kind, a.assigned_at as ts, a.user_id, a.device_id, a.assignor_id, a.assignor_type
      from wearable_assignments a where ${ownerSql(owner)}
      union all
      select a.id, ${UNASSIGN}::int, a.unassigned_at, a.user_id, a.device_id, a.assignor_id, a.assignor_type
      from wearable_assignments a where ${ownerSql(owner)} and a.unassigned_at is not null
    ) e
    join users u on u.id = e.user_id
    join devices d on d.id = e.device_id
    left join users ar on ar.id = e.assignor_id
    where true ${cursor}
    order by e.ts desc, e.aid desc, e.kind desc
    limit ${page.take + 1}`);
  const rows = result.rows.slice(0, page.take);
  return {
    hasMore: result.rows.length > page.take,
    data: rows.map((r) => {
      const masked = r.demo || !r.visible;
      return {
        id: `${Number(r.kind) === UNASSIGN ? 'u' : 'a'}-${r.aid}`,
        type: Number(r.kind) === UNASSIGN ? 'UNASSIGN' : 'ASSIGN',
        timestamp: iso(r.ts),
        user: { id: r.user_id, firstName: masked ? 'User' : r.first_name, lastName: masked ? '' : r.last_name },
        device: { id: r.device_id, mac: r.mac, checkInCode: r.code },
        assignor: {
          type: r.assignor_type,
          name:
            r.assignor_type !== 'USER' || r.assignor_first === null
              ? null
              : r.assignor_demo
                ? 'User'
                : `${r.assignor_first} ${r.assignor_last ?? ''}`.trim(),
        },
      };
    }),
  };
}

// ---- models, MAC lookup, new devices --------------------------------------------------------

/** Device models (of one type, or all) with their firmware versions, newest first. */
export async function listModels(db: Database, type: DeviceType | undefined): Promise<DeviceModel[]> {
  const models = await db
    .select()
    .from(deviceModels)
    .where(type ? eq(deviceModels.deviceType, type) : undefined)
    .orderBy(asc(deviceModels.name), asc(deviceModels.id));
  if (models.length === 0) return [];
  const versions = await db
    .select({ id: firmwareVersions.id, modelId: firmwareVersions.modelId, version: firmwareVersions.version, isLatest: firmwareVersions.isLatest })
    .from(firmwareVersions)
    .where(inArray(firmwareVersions.modelId, models.map((m) => m.id)))
    .orderBy(desc(firmwareVersions.createdAt), desc(firmwareVersions.id));
  return models.map((m) => ({
    id: m.id,
    name: m.name,
    deviceType: m.deviceType,
    versions: versions.filter((v) => v.modelId === m.id).map(({ id, version, isLatest }) => ({ id, version, isLatest })),
  }));
}

export async function findModel(db: Database, id: number) {
  const [row] = await db.select().from(deviceModels).where(eq(deviceModels.id, id));
  return row ?? null;
}

export async function findFirmwareVersion(db: Database, id: number) {
  const [row] = await db.select().from(firmwareVersions).where(eq(firmwareVersions.id, id));
  return row ?? null;
}

/** The device with this (normalized) MAC, with its location's name. */
export async function findByMac(db: Database, mac: string) {
  const [row] = await db
    .select({ id: devices.id, type: devices.type, groupId: devices.groupId, groupName: groups.name })
    .from(devices)
    .leftJoin(groups, eq(groups.id, devices.groupId))
    .where(eq(devices.mac, mac));
  return row ?? null;
}

export async function insertDevice(db: Database, row: NewDeviceRow): Promise<DeviceRow> {
  const [inserted] = await db.insert(devices).values(row).returning();
  if (!inserted) throw new Error('device not inserted');
  return inserted;
}

/** The constraint a unique violation broke (drivers and drizzle wrap the database error in `cause`); null for any other error. */
export function uniqueViolationOf(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

/** The unique constraint on devices.mac. */
export const DEVICES_MAC_CONSTRAINT = 'devices_mac_unique';
