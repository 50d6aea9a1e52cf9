import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { groups, organizations, type NewGroupRow } from '../../db/schema';

/** Every location (one row per facility, building, floor or unit), in id order. */
export function listGroups(db: Database) {
  return db.select().from(groups).orderBy(asc(groups.id));
}

export async function findGroup(db: Database, id: number) {
  const [row] = await db.select().from(groups).where(eq(groups.id, id));
  return row ?? null;
}

export async function organizationParentId(db: Database, id: number): Promise<number | null | undefined> {
  const [row] = await db.select({ parentId: organizations.parentId }).from(organizations).where(eq(organizations.id, id));
  return row ? row.parentId : undefined;
}

export async function insertGroup(db: Database, values: NewGroupRow) {
  const [row] = await db.insert(groups).values(values).returning();
  if (!row) throw new Error('location not inserted');
  return row;
}

export async function updateGroup(db: Database, id: number, values: Partial<NewGroupRow>) {
  const [row] = await db.update(groups).set(values).where(eq(groups.id, id)).returning();
  if (!row) throw new Error('location not updated');
  return row;
}

/**
 * Writes a location's rounding days (bed_visit_days) again from its bed visits, on its clock as it
 * is now: they are the days of its time zone (docs/METRICS.md 'Ranges, days and time zones': a location's own days), so a
 * new time zone moves visits from one day to another.
 */
export async function rekeyBedVisitDays(db: Database, groupId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from bed_visit_days where group_id = ${groupId}`);
    await tx.execute(sql`
    insert into bed_visit_days (group_id, day, visit_count, visit_seconds, user_ids, beacon_ids)
    select b.group_id, (b.entry_at at time zone g.time_zone)::date, count(*), sum(b.duration_s),
           array_agg(distinct b.user_id order by b.user_id), array_agg(distinct b.beacon_id order by b.beacon_id)
    from bed_visits b join groups g on g.id = b.group_id
    where b.group_id = ${groupId} and b.counted
    group by 1, 2`);
  });
}
