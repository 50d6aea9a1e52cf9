import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoHistoryStatus } from '../../../server/src/contracts/demo-history';
import type { Database } from '../../../server/src/db/client';
import { DEMO_ORG_IDS } from '../../../server/src/db/seed';
import { appMeta, eventLedger, visits } from '../../../server/src/db/schema';
import { createDemoHistoryTracker } from '../../../server/src/modules/demo-history/demo-history.service';
import { generateEvents } from '../../../server/src/simulator/generate';
import type { HistoryProgress } from '../../../server/src/simulator/history';
import { prepareDemoSimulation, type DemoSimulation } from '../../../server/src/simulator/startup';
import { DEMO_HISTORY_KEY, loadWorld, readWorldFile, simulatorFiles } from '../../../server/src/simulator/world';
import { createTestApp, signIn } from '../helpers/app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { DAY, T0 } from '../simulator/world';

/** A promise with its resolve function, to hold the writer at a chosen day. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const day = (at: number) => new Date(at).toISOString().slice(0, 10);

describe('the demo history at start', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let dataDir: string;
  const tracker = createDemoHistoryTracker();
  beforeAll(async () => {
    ctx = await createTestApp({ demoHistory: tracker });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'lavo-demo-history-'));
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is written after the server answers, newest day first, each day in the reports once stored', async () => {
    const { idToken } = await signIn('nurse@demo.health');
    const status = async (): Promise<DemoHistoryStatus> => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/demo-history', headers: { authorization: idToken } });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const firstDay = deferred();
    const goOn = deferred();
    const lines: string[] = [];
    const simulation = await prepareDemoSimulation(ctx.db, {
      historyDays: 2,
      end: new Date(T0),
      dataDir,
      status: tracker,
      log: (line) => void lines.push(line),
      onProgress: async (progress) => {
        if (progress.daysDone !== 1) return;
        firstDay.resolve();
        await goOn.promise;
      },
    });
    // The live simulator's world is there before any history: its events start where the history ends.
    expect((await readWorldFile(simulatorFiles(dataDir).world)).historyEnd).toBe(new Date(T0).toISOString());
    expect(await status()).toEqual({ state: 'writing', daysDone: 0, days: 2, events: 0 });

    const writing = simulation.writeHistory();
    await firstDay.promise;
    // Held after the newest day: the server answers, and that day (only) is in the derived tables.
    const held = await status();
    expect(held).toMatchObject({ state: 'writing', daysDone: 1, days: 2 });
    expect(held.events).toBeGreaterThan(0);
    expect((await ctx.app.inject({ method: 'GET', url: '/config.json' })).statusCode).toBe(200);
    const report = await ctx.app.inject({
      method: 'GET',
      url: '/api/compliance/overview-stats',
      query: { organizationIds: String(DEMO_ORG_IDS.stMarys), view: 'org', startDate: day(T0 - 2 * DAY), endDate: day(T0 - DAY) },
      headers: { authorization: (await signIn('manager@demo.health')).idToken },
    });
    expect(report.statusCode).toBe(200);
    const [newest] = await ctx.db.select({ n: count() }).from(visits).where(gte(visits.entryAt, new Date(T0 - DAY)));
    const [older] = await ctx.db.select({ n: count() }).from(visits).where(lt(visits.entryAt, new Date(T0 - DAY)));
    expect(newest?.n).toBeGreaterThan(0);
    expect(older?.n).toBe(0);

    goOn.resolve();
    await writing;
    const done = await status();
    expect(done).toMatchObject({ state: 'done', daysDone: 2, days: 2 });
    expect(done.events).toBeGreaterThan(held.events);
    const [marker] = await ctx.db.select().from(appMeta).where(eq(appMeta.key, DEMO_HISTORY_KEY));
    expect(marker?.value).toBe(new Date(T0).toISOString());
    expect(lines.at(-1)).toMatch(/^Demo history written: [\d,]+ events in \d+ s\.$/);
  });

  it('answers 401 without a sign-in', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/demo-history' })).statusCode).toBe(401);
  });
});

describe('an interrupted demo history', () => {
  let database: TestDatabase;
  let db: Database;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'lavo-demo-history-'));
  });
  afterAll(async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const prepare = (historyDays: number, onProgress?: (progress: HistoryProgress) => void) =>
    prepareDemoSimulation(db, { historyDays, end: new Date(T0), dataDir, log: () => {}, onProgress });

  it('is resumed over the same span by the next start, storing every event once', async () => {
    let stopped: Promise<void> | undefined;
    const first: DemoSimulation = await prepare(3, (progress) => {
      // Stopped as the server stops: after the newest day, before the next batch.
      if (progress.daysDone === 1) stopped = first.stop();
    });
    await first.writeHistory();
    await stopped;
    expect(first.status.current()).toMatchObject({ state: 'writing', daysDone: 1, days: 3 });
    expect(await db.select().from(appMeta).where(eq(appMeta.key, DEMO_HISTORY_KEY))).toEqual([]);

    // The next start asks for another length: the interrupted span is finished instead.
    const seen: number[] = [];
    const second = await prepare(60, (progress) => void seen.push(progress.daysDone));
    expect(second.status.current()).toMatchObject({ state: 'writing', daysDone: 1, days: 3 });
    await second.writeHistory();
    expect(seen).toEqual([2, 3]);
    const generated = generateEvents(await loadWorld(db), { from: T0 - 3 * DAY, to: T0 });
    expect(second.status.current()).toEqual({ state: 'done', daysDone: 3, days: 3, events: generated.length });
    const [ledger] = await db.select({ n: count() }).from(eventLedger);
    expect(ledger?.n).toBe(generated.length);

    // Once written, a start writes nothing.
    const third = await prepare(60, () => {
      throw new Error('nothing should be written');
    });
    expect(third.status.current()).toEqual({ state: 'done', daysDone: 3, days: 3, events: generated.length });
    await third.writeHistory();
  });

  it('says it failed when a write fails, keeping the days stored', async () => {
    const fresh = await createTestDatabase();
    const lines: string[] = [];
    try {
      const simulation = await prepareDemoSimulation(fresh.handle.db, {
        historyDays: 3,
        end: new Date(T0),
        dataDir,
        log: (line) => void lines.push(line),
        onProgress: (progress) => {
          if (progress.daysDone === 1) throw new Error('disk full');
        },
      });
      await simulation.writeHistory();
      expect(simulation.status.current()).toMatchObject({ state: 'failed', daysDone: 1, days: 3 });
      expect(lines.at(-1)).toBe('Demo history could not be written: disk full');
      const [ledger] = await fresh.handle.db.select({ n: count() }).from(eventLedger);
      expect(ledger?.n).toBe(simulation.status.current().events);
    } finally {
      await fresh.close();
    }
  });

  it('is not written when no days are asked for', async () => {
    const fresh = await createTestDatabase();
    try {
      const simulation = await prepareDemoSimulation(fresh.handle.db, { historyDays: 0, dataDir, log: () => {} });
      expect(simulation.status.current()).toEqual({ state: 'none', daysDone: 0, days: 0, events: 0 });
      await simulation.writeHistory();
      const [ledger] = await fresh.handle.db.select({ n: count() }).from(eventLedger);
      expect(ledger?.n).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});
