import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { idIn } from '../../core/sql';

/** A location's name and clock. */
export async function groupTimeZone(db: Database, groupId: number): Promise<{ name: string; timeZone: string }> {
  const rows = await db.execute<{ name: string; time_zone: string }>(sql`select name, time_zone from groups where id = ${groupId}`);
  const row = rows.rows[0];
  return { name: row?.name ?? '', timeZone: row?.time_zone ?? 'UTC' };
}

/** Of these locations, those of these organizations (all of them when `organizationIds` is null). */
export async function locationsOf(db: Database, groupIds: readonly number[], organizationIds: readonly number[] | null): Promise<number[]> {
  if (organizationIds === null || groupIds.length === 0) return [...groupIds];
  const rows = await db.execute<{ id: number }>(sql`select id from groups where ${idIn(sql`id`, groupIds)} and ${idIn(sql`organization_id`, organizationIds)}`);
  return rows.rows.map((r) => Number(r.id));
}

/** The location-days of one wearer's opportunities in the range, with how many they had. */
export async function wearerLocationDays(db: Database, userId: number, start: string, end: string): Promise<{ groupId: number; day: string; opportunities: number }[]> {
  const rows = await db.execute<{ group_id: number; day: string; opportunities: number }>(sql`
    select group_id, day::text as day, sum(entry_opportunities + exit_opportunities)::int as opportunities
    from compliance_daily
    where user_id = ${userId} and day between ${start}::date and ${end}::date
    group by group_id, day
    having sum(entry_opportunities + exit_opportunities) > 0`);
  return rows.rows.map((r) => ({ groupId: Number(r.group_id), day: r.day, opportunities: Number(r.opportunities) }));
}
