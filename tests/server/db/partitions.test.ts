import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/src/db/client';
import { applyMigrations, MIGRATIONS_FOLDER, runMigrations } from '../../../server/src/db/migrate';
import { detachEventPartitions, ensureEventPartitions } from '../../../server/src/db/partitions';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const EVENT_TABLES = ['presence_events', 'bed_events', 'hygiene_events', 'dispense_events', 'reminder_events', 'heartbeat_events', 'station_events', 'counter_events'];

const monthStart = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
};
const monthName = (date: Date) => `${date.getUTCFullYear()}${String(date.getUTCMonth() + 1).padStart(2, '0')}`;

/** The partitions of a table, oldest first. */
async function partitionsOf(db: Database, table: string): Promise<string[]> {
  const rows = await db.execute<{ name: string }>(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = ${table}::regclass order by lavo_partition_upper(c.oid)`);
  return rows.rows.map((r) => r.name);
}

/** The partition a stored heartbeat landed in. */
async function partitionOfHeartbeat(db: Database, eventId: string): Promise<string | undefined> {
  const rows = await db.execute<{ part: string }>(sql`select tableoid::regclass::text as part from heartbeat_events where event_id = ${eventId}`);
  return rows.rows[0]?.part;
}

const heartbeat = (db: Database, eventId: string, at: Date) =>
  db.execute(sql`insert into heartbeat_events (ts, event_id, device_id) values (${at.toISOString()}::timestamptz, ${eventId}, 1)`);

describe('raw event partitions', () => {
  let fresh: TestDatabase;
  beforeAll(async () => {
    fresh = await createTestDatabase({ seed: false, fresh: true });
  });
  afterAll(() => fresh.close());

  it('partitions every raw event table by month, from two months back to two ahead, with no query change', async () => {
    const { db } = fresh.handle;
    const months = [-2, -1, 0, 1, 2].map((offset) => monthName(monthStart(offset)));
    for (const table of EVENT_TABLES) {
      expect(await partitionsOf(db, table)).toEqual([`${table}_p_initial`, ...months.map((m) => `${table}_p${m}`), `${table}_p_future`]);
    }
    // An event of this month, one a year ahead and one from 2001 each find their partition.
    const now = new Date();
    await heartbeat(db, 'now', now);
    await heartbeat(db, 'ahead', new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), 15)));
    await heartbeat(db, 'old', new Date('2001-02-03T04:05:06Z'));
    expect(await partitionOfHeartbeat(db, 'now')).toBe(`heartbeat_events_p${monthName(monthStart(0))}`);
    expect(await partitionOfHeartbeat(db, 'old')).toBe('heartbeat_events_p_initial');
    expect(await partitionOfHeartbeat(db, 'ahead')).toBe('heartbeat_events_p_future');
    // The same primary key holds across partitions, through the parent.
    await expect(heartbeat(db, 'now', now)).rejects.toThrow();
  });

  it('creates nothing twice, and cuts new months from the last partition with their rows', async () => {
    const { db } = fresh.handle;
    expect(await ensureEventPartitions(db)).toBe(0);
    await runMigrations(fresh.handle);
    expect(await partitionsOf(db, 'presence_events')).toHaveLength(7);
    // A year on: ten more months each get a partition, and the event a year ahead moves into its own.
    const created = await db.execute<{ n: number }>(sql`select lavo_ensure_event_partitions(12) as n`);
    expect(created.rows[0]?.n).toBe(10 * EVENT_TABLES.length);
    expect(await partitionOfHeartbeat(db, 'ahead')).toBe(`heartbeat_events_p${monthName(monthStart(12))}`);
    const left = await db.execute<{ n: number }>(sql`select count(*)::int as n from heartbeat_events_p_future`);
    expect(left.rows[0]?.n).toBe(0);
  });

  it('detaches whole months before a date, leaving their rows in a table of their own', async () => {
    const { db } = fresh.handle;
    const cut = monthStart(-1);
    const detached = await detachEventPartitions(db, cut);
    expect(detached).toContain('heartbeat_events_p_initial');
    expect(detached).toContain(`heartbeat_events_p${monthName(monthStart(-2))}`);
    expect(detached).toHaveLength(2 * EVENT_TABLES.length);
    expect(await partitionOfHeartbeat(db, 'old')).toBeUndefined();
    const archived = await db.execute<{ n: number }>(sql`select count(*)::int as n from heartbeat_events_p_initial`);
    expect(archived.rows[0]?.n).toBe(1);
  });
});

describe('partitioning an installation that has events', () => {
  let database: TestDatabase;
  let before: string;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    // The migrations up to the one before partitioning.
    before = await mkdtemp(path.join(os.tmpdir(), 'lavo-migrations-'));
    await cp(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalPath = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < '0010');
    await writeFile(journalPath, JSON.stringify(journal));
  });
  afterAll(async () => {
    await database.close();
    await rm(before, { recursive: true, force: true });
  });

  it('keeps every stored event where it is, in the partition of everything before next month', async () => {
    const { db } = database.handle;
    await applyMigrations(database.handle, before);
    const lastMonth = monthStart(-1);
    await heartbeat(db, 'stored-earlier', lastMonth);
    await heartbeat(db, 'stored-now', new Date());
    await runMigrations(database.handle);
    const parts = await partitionsOf(db, 'heartbeat_events');
    expect(parts).toEqual(['heartbeat_events_p_initial', ...[1, 2].map((m) => `heartbeat_events_p${monthName(monthStart(m))}`), 'heartbeat_events_p_future']);
    expect(await partitionOfHeartbeat(db, 'stored-earlier')).toBe('heartbeat_events_p_initial');
    expect(await partitionOfHeartbeat(db, 'stored-now')).toBe('heartbeat_events_p_initial');
    await heartbeat(db, 'next-month', monthStart(1));
    expect(await partitionOfHeartbeat(db, 'next-month')).toBe(`heartbeat_events_p${monthName(monthStart(1))}`);
    // The indexes the queries use are on the parent, and on every partition.
    const indexes = await db.execute<{ name: string }>(sql`select indexname as name from pg_indexes where tablename = 'heartbeat_events' order by 1`);
    expect(indexes.rows.map((r) => r.name)).toEqual(['heartbeat_events_device_id_ts_event_id_idx', 'heartbeat_events_ts_event_id_pk']);
  });
});
