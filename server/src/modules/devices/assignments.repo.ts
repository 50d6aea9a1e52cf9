import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { HistoryEntry } from '../../contracts/wearables';
import type { Database } from '../../db/client';
import { wearableAssignments, type WearableAssignmentRow } from '../../db/schema';
import { shownFullName, shownName } from '../../core/names';
import { userVisibleSql, type ScopeIds } from '../../core/scope';
import { iso } from '../../core/sql';

// Who holds a wearable: the open assignment, handing over and giving back, and the history of
// both, always at one instant so a holding never overlaps the next.

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

/**
 * Gives the device to the user, by `assignorId`, now: the device's current holding and the user's
 * hold on any other wearable end at the same instant the new one starts. Answers that instant.
 */
export async function handOver(db: Database, deviceId: number, userId: number, assignorId: number): Promise<Date> {
  const at = new Date();
  await endAssignmentsOf(db, deviceId, userId, at);
  await insertAssignment(db, { deviceId, userId, assignorId, at });
  return at;
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
    data: rows.map((r) => ({
      id: `${Number(r.kind) === UNASSIGN ? 'u' : 'a'}-${r.aid}`,
      type: Number(r.kind) === UNASSIGN ? 'UNASSIGN' : 'ASSIGN',
      timestamp: iso(r.ts),
      user: { id: r.user_id, ...shownName({ demo: r.demo, firstName: r.first_name, lastName: r.last_name }, !r.visible) },
      device: { id: r.device_id, mac: r.mac, checkInCode: r.code },
      assignor: {
        type: r.assignor_type,
        name:
          r.assignor_type !== 'USER' || r.assignor_first === null
            ? null
            : shownFullName({ demo: r.assignor_demo ?? false, firstName: r.assignor_first, lastName: r.assignor_last ?? '' }),
      },
    })),
  };
}

