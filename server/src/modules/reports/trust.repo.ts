import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** A location's name and clock. */
export async function groupTimeZone(db: Database, groupId: number): Promise<{ name: string; timeZone: string }> {
  const rows = await db.execute<{ name: string; time_zone: string }>(sql`select name, time_zone from groups where id = ${groupId}`);
  const row = rows.rows[0];
  return { name: row?.name ?? '', timeZone: row?.time_zone ?? 'UTC' };
}
