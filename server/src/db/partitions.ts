import { sql } from 'drizzle-orm';
import type { Database } from './client';

// The raw event tables are partitioned by month on `ts` (migration 0010, ARCHITECTURE.md
// 'Scale'). A last partition takes any event beyond the monthly ones (the ingest accepts events
// up to a year ahead), so no event is ever refused for want of a partition; the monthly ones are
// kept ahead of the clock so that last partition stays nearly empty.

/** Months after this one that always have their own partitions. */
export const PARTITION_MONTHS_AHEAD = 2;

/** Creates the missing monthly partitions through PARTITION_MONTHS_AHEAD; returns how many. */
export async function ensureEventPartitions(db: Database): Promise<number> {
  const result = await db.execute<{ created: number }>(sql`select lavo_ensure_event_partitions(${PARTITION_MONTHS_AHEAD}) as created`);
  return Number(result.rows[0]?.created ?? 0);
}

/**
 * Detaches the partitions whose months all end before `before` (to archive with pg_dump, then
 * drop): their raw events leave the reports that read raw events; the derived tables keep theirs.
 */
export async function detachEventPartitions(db: Database, before: Date): Promise<string[]> {
  const result = await db.execute<{ name: string }>(sql`select lavo_detach_event_partitions(${before.toISOString()}::timestamptz) as name`);
  return result.rows.map((r) => r.name);
}
