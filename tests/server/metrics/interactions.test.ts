import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/src/db/client';
import { ingestEvents } from '../../../server/src/modules/ingest/ingest.service';
import { deriveAll } from '../../../server/src/modules/metrics/derive';
import { interactionsFromVisits } from '../../../server/src/modules/metrics/interactions';
import { generateEvents } from '../../../server/src/simulator/generate';
import { loadWorld } from '../../../server/src/simulator/world';
import { createFleet, eventsFor, ingest } from '../helpers/fleet';
import { ST_MARYS, staffOf } from '../helpers/staff';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { HOUR, T0 } from '../simulator/world';

const ICU = 6;
const COLUMNS = sql`user_id, contact_id, zone_id, start_at, end_at, group_id, contact_group_id`;
const stored = async (db: Database) => (await db.execute(sql`select ${COLUMNS} from interactions order by 1, 4, 2, 3`)).rows;
const scanned = async (db: Database) => (await db.execute(sql`select ${COLUMNS} from (${interactionsFromVisits()}) s order by 1, 4, 2, 3`)).rows;

describe('interactions kept at ingest', () => {
  let database: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
  });
  afterAll(() => database.close());

  it('equal the overlaps of the visits when batches arrive out of order, and a rebuild from nothing', async () => {
    const world = await loadWorld(db);
    const from = T0 - 24 * HOUR;
    const generated = generateEvents(world, { from, to: T0 + 12 * HOUR });
    const chunks: unknown[][] = [];
    for (let start = from; start < T0 + 12 * HOUR; start += 6 * HOUR) {
      chunks.push(generated.filter((e) => Date.parse(e.event.at) >= start && Date.parse(e.event.at) < start + 6 * HOUR).map((e) => e.event));
    }
    // Later spans first, the middle last: every batch lands beside overlaps already stored.
    for (const i of [5, 3, 1, 0, 2, 4]) await ingestEvents(db, chunks[i] ?? []);

    const incremental = await stored(db);
    expect(incremental.length).toBeGreaterThan(100);
    expect(incremental).toEqual(await scanned(db));

    await db.execute(sql`delete from interactions`);
    await deriveAll(db);
    expect(await stored(db)).toEqual(incremental);

    // An installation with history from before the table gets it filled by its migration.
    const migration = await readFile(path.join(import.meta.dirname, '../../../server/drizzle/0008_interactions.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1) ?? '';
    expect(backfill).toMatch(/INSERT INTO "interactions"/);
    await db.execute(sql`delete from interactions`);
    await db.execute(sql.raw(backfill));
    expect(await stored(db)).toEqual(incremental);
  });

  it('drops both sides of an overlap when a late event cuts a visit short', async () => {
    const [a, b] = (await staffOf(db, ST_MARYS)).filter((s) => s.organizationId === 5).map((s) => s.id);
    if (a === undefined || b === undefined) throw new Error('two ICU staff expected');
    const fleet = await createFleet(db, ICU, [a, b]);
    const e = eventsFor(fleet);
    await ingest(db, [...e.visit(a, '2024-02-01T10:00:00Z', '2024-02-01T10:20:00Z'), ...e.visit(b, '2024-02-01T10:05:00Z', '2024-02-01T10:30:00Z')]);
    const between = async () =>
      (
        await db.execute<{ user_id: number; contact_id: number; seconds: number }>(sql`
          select user_id, contact_id, extract(epoch from end_at - start_at)::int as seconds from interactions
          where zone_id = ${fleet.rooms.room.zoneId} order by user_id`)
      ).rows.map((r) => [r.user_id, r.contact_id, r.seconds]);
    expect(await between()).toEqual([[a, b, 900], [b, a, 900]].sort((x, y) => (x[0] ?? 0) - (y[0] ?? 0)));

    // a's wristband reported leaving at 10:05:20, late: together for 20 s, which is not exposure.
    await ingestEvents(db, [{ ...e.visit(a, '2024-02-01T10:00:00Z', '2024-02-01T10:05:20Z')[1], id: 'late-leave-a' }]);
    expect(await between()).toEqual([]);
    expect(await stored(db)).toEqual(await scanned(db));
  });
});
