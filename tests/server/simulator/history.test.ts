import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/src/db/client';
import { appMeta, eventLedger } from '../../../server/src/db/schema';
import { generateEvents } from '../../../server/src/simulator/generate';
import { type HistoryProgress, writeHistory } from '../../../server/src/simulator/history';
import { DEMO_HISTORY_KEY, loadWorld } from '../../../server/src/simulator/world';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { complianceOf } from './compliance';
import { DAY, T0 } from './world';

describe('writeHistory', () => {
  let database: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
  });
  afterAll(() => database.close());

  it('stores every generated event, derives what the metric definitions give, and marks the history', async () => {
    const end = new Date(T0);
    const progress: HistoryProgress[] = [];
    const result = await writeHistory(db, { days: 2, end, onProgress: (p) => void progress.push(p) });
    expect(progress.map((p) => p.daysDone)).toEqual([1, 2]);

    const world = await loadWorld(db);
    const events = generateEvents(world, { from: T0 - 2 * DAY, to: T0 });
    expect(result).toMatchObject({ events: events.length, accepted: events.length });
    const [ledger] = await db.select({ n: count() }).from(eventLedger);
    expect(ledger?.n).toBe(events.length);

    const tally = complianceOf(world, events);
    const derived = await db.execute<{ opportunities: number; compliant: number }>(sql`
      select (2 * count(*))::int as opportunities,
             (count(*) filter (where entry_compliant) + count(*) filter (where exit_compliant))::int as compliant
      from visits where counted`);
    expect(derived.rows[0]).toEqual({ opportunities: tally.opportunities, compliant: tally.compliant });

    // Each event is stored as sent by the gateway that would send it (a gateway's stats count them).
    const sentBy = await db.execute<{ mac: string | null; n: number }>(sql`
      select g.mac, count(*)::int as n from event_ledger l left join devices g on g.id = l.gateway_id group by g.mac`);
    const expected = new Map<string | null, number>();
    for (const e of events) expected.set(e.gateway, (expected.get(e.gateway) ?? 0) + 1);
    expect(new Map(sentBy.rows.map((r) => [r.mac, r.n]))).toEqual(expected);
    expect([...expected.keys()].filter((mac) => mac !== null).length).toBeGreaterThan(1);

    const [marker] = await db.select().from(appMeta).where(eq(appMeta.key, DEMO_HISTORY_KEY));
    expect(marker?.value).toBe(end.toISOString());
  });

  it('stores nothing twice when the same span is written again', async () => {
    const again = await writeHistory(db, { days: 1, end: new Date(T0) });
    expect(again.events).toBeGreaterThan(0);
    expect(again.accepted).toBe(0);
  });
});
