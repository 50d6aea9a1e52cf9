import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/src/db/client';
import { devices } from '../../../server/src/db/schema';
import { ingestEvents } from '../../../server/src/modules/ingest/ingest.service';
import { deriveAll } from '../../../server/src/modules/metrics/derive';
import { dayRange } from '../../../server/src/modules/metrics/filters';
import { type Session, sessionsOf, sessionsScan, usageMsByUser } from '../../../server/src/modules/metrics/usage';
import { generateEvents } from '../../../server/src/simulator/generate';
import { loadWorld } from '../../../server/src/simulator/world';
import { createFleet, eventsFor, ingest } from '../helpers/fleet';
import { ST_MARYS, staffOf } from '../helpers/staff';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { DAY, HOUR, T0 } from '../simulator/world';

const ICU = 6;
const ids = (sessions: readonly Session[]) => [...new Set(sessions.map((s) => s.userId))];
const storedRows = async (db: Database) =>
  (await db.execute(sql`select user_id, day::text, session_start, first_at, last_at from wear_session_days order by 1, 2, 3`)).rows;

describe('wearable sessions', () => {
  let database: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
  });
  afterAll(() => database.close());

  it('keeps the stored sessions equal to a scan of raw events when batches arrive out of order', async () => {
    const world = await loadWorld(db);
    // A day and a half across two UTC midnights, so night shifts run over a day boundary.
    const generated = generateEvents(world, { from: T0 - 30 * HOUR, to: T0 + 18 * HOUR });
    const chunks: unknown[][] = [];
    for (let start = T0 - 30 * HOUR; start < T0 + 18 * HOUR; start += 6 * HOUR) {
      chunks.push(generated.filter((e) => Date.parse(e.event.at) >= start && Date.parse(e.event.at) < start + 6 * HOUR).map((e) => e.event));
    }
    // Later spans first, the middle last: every batch lands next to sessions already stored.
    for (const i of [7, 5, 3, 1, 0, 2, 6, 4]) await ingestEvents(db, chunks[i] ?? []);

    const users = (await db.execute<{ id: number }>(sql`select distinct user_id as id from presence_events where user_id is not null`)).rows.map((r) => r.id);
    expect(users.length).toBeGreaterThan(50);
    const day = (offset: number) => new Date(T0 + offset * DAY).toISOString().slice(0, 10);
    for (const range of [dayRange(day(-2), day(-2)), dayRange(day(-1), day(-1)), dayRange(day(0), day(0)), dayRange(day(-2), day(0))]) {
      const [stored, scanned] = await Promise.all([sessionsOf(db, users, range), sessionsScan(db, users, range)]);
      expect(ids(scanned).length, range.start).toBeGreaterThan(20);
      expect(stored, `${range.start}…${range.end}`).toEqual(scanned);
    }
    // Some sessions run over midnight, so cutting them per day is exercised.
    const whole = await sessionsOf(db, users, dayRange(day(-1), day(0)));
    expect(whole.some((s) => s.start.toISOString().slice(0, 10) !== s.end.toISOString().slice(0, 10))).toBe(true);

    // Deriving everything again from nothing gives the same rows as the incremental derivation.
    const incremental = await storedRows(db);
    await db.execute(sql`delete from wear_session_days`);
    await deriveAll(db);
    expect(await storedRows(db)).toEqual(incremental);
  });

  it('joins two sessions when an event fills the gap, and splits one at a later check-in', async () => {
    const [user] = (await staffOf(db, ST_MARYS)).filter((s) => s.groupId !== null).map((s) => s.id) as [number];
    const fleet = await createFleet(db, ICU, [user]);
    const e = eventsFor(fleet);
    const range = dayRange('2023-06-01', '2023-06-01');
    const usage = async () => (await usageMsByUser(db, [user], range)).get(user);
    const check = async () => expect(await sessionsOf(db, [user], range)).toEqual(await sessionsScan(db, [user], range));

    await ingest(db, [...e.visit(user, '2023-06-01T08:00:00Z', '2023-06-01T09:00:00Z'), ...e.visit(user, '2023-06-01T11:30:00Z', '2023-06-01T12:00:00Z')]);
    expect(await usage()).toBe(90 * 60_000);
    await check();

    await ingest(db, [e.wash(user, '2023-06-01T10:15:00Z')]);
    expect(await usage()).toBe(4 * HOUR);
    await check();

    // Docking at 10:20 ends the session there; the visit at 11:30 starts the next one.
    const band = fleet.wristbands.get(user) as string;
    const [gateway] = await db.select().from(devices).where(eq(devices.mac, fleet.gateway));
    const checkIn = { id: `in-${band}`, type: 'station', at: '2023-06-01T10:20:00Z', wearable: band, action: 'check-in' };
    expect((await ingestEvents(db, [checkIn], { gateway })).accepted).toBe(1);
    expect(await usage()).toBe((2 * 60 + 20 + 30) * 60_000);
    await check();
  });
});
