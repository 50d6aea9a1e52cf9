import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appMeta, devices } from '../db/schema';
import { ingestEvents } from '../modules/ingest/ingest.service';
import { deriveBetween } from '../modules/metrics/derive';
import { DEFAULT_SIMULATOR_SEED, generateEvents } from './generate';
import { IOT_HISTORY_DAYS, writeIotHistory } from './iot/history';
import { observerDesk } from './observer';
import { DAY, HOUR } from './time';
import { DEMO_HISTORY_KEY, DEMO_HISTORY_PROGRESS_KEY, loadWorld } from './world';
import { groupBy } from './world-index';

/**
 * Events stored per transaction. Each holds the database's one connection on PGlite, so requests
 * wait for it: about 0.2 s at this size, 1 s or more at INGEST_MAX_BATCH (5000), for the same
 * total time.
 */
export const HISTORY_BATCH = 1000;

/** Reported after each stored day. */
export interface HistoryProgress {
  /** Day-sized chunks stored so far (newest first), of `days`. */
  daysDone: number;
  days: number;
  /** Events stored so far. */
  events: number;
}

/** Where a history write stands, kept under app_meta 'demo_history_progress' (JSON) after each day. */
export interface HistoryPlan {
  /** End of the history (ISO): its newest day ends there. */
  end: string;
  /** Days asked for (historyChunks of them are written). */
  days: number;
  /** Day-sized chunks stored so far, newest first. */
  daysDone: number;
  /** Events stored so far. */
  events: number;
}

/** What history to write. */
export interface HistoryOptions {
  /** How many days before `end` to simulate (default 60). */
  days?: number;
  /** End of the history (default now). */
  end?: Date;
  seed?: number;
  /**
   * Days (newest first) and events an interrupted write of the same span already stored: those
   * days are not written again.
   */
  done?: { days: number; events: number };
  /** Awaited after each stored day. */
  onProgress?: (progress: HistoryProgress) => void | Promise<void>;
  /** Stops the write between two batches; what is stored stays, and a later write resumes. */
  signal?: AbortSignal;
}

/** What was written. */
export interface HistoryResult {
  from: Date;
  end: Date;
  /** Events generated (by this write and the one it resumed). */
  events: number;
  /** Of them, stored by this write (the others were already there). */
  accepted: number;
  /** False when the signal stopped it before the oldest day. */
  complete: boolean;
}

/** The number of day-sized chunks of a history of `days` days (the oldest may be shorter). */
export const historyChunks = (days: number): number => Math.ceil(Math.max(0, days));

/** The stored marker (the end of a written history) and the progress of the latest write, if any. */
export async function readHistoryMeta(db: Database): Promise<{ written: string | null; plan: HistoryPlan | null }> {
  const rows = await db.select().from(appMeta).where(inArray(appMeta.key, [DEMO_HISTORY_KEY, DEMO_HISTORY_PROGRESS_KEY]));
  const value = (key: string) => rows.find((r) => r.key === key)?.value ?? null;
  const progress = value(DEMO_HISTORY_PROGRESS_KEY);
  return { written: value(DEMO_HISTORY_KEY), plan: progress ? (JSON.parse(progress) as HistoryPlan) : null };
}

async function putMeta(db: Database, key: string, value: string): Promise<void> {
  await db.insert(appMeta).values({ key, value }).onConflictDoUpdate({ target: appMeta.key, set: { value } });
}

/** Records where a write stands (the planned end and days with the days and events stored so far). */
export function saveHistoryPlan(db: Database, plan: HistoryPlan): Promise<void> {
  return putMeta(db, DEMO_HISTORY_PROGRESS_KEY, JSON.stringify(plan));
}

/**
 * Writes simulated history: generates [end − days, end) one day at a time, newest day first, and
 * stores each day through the ingest in batches of HISTORY_BATCH events (one short transaction
 * each, so other statements get in between), then derives that day's span, so the day shows in
 * the reports at once, and stores the observation audits' sessions whose visits are then
 * derived (observer.ts). After each day its progress is saved under app_meta
 * 'demo_history_progress'; at the end the end is recorded under 'demo_history'. Event ids (and
 * the ids of sessions and observations) are deterministic, so running it again over the same span
 * stores nothing twice.
 */
export async function writeHistory(db: Database, options: HistoryOptions = {}): Promise<HistoryResult> {
  const days = Math.max(0, options.days ?? 60);
  const end = options.end ?? new Date();
  const from = new Date(end.getTime() - days * DAY);
  const seed = options.seed ?? DEFAULT_SIMULATOR_SEED;
  const chunks = historyChunks(days);
  const plan: HistoryPlan = { end: end.toISOString(), days, daysDone: 0, events: 0 };
  const world = await loadWorld(db);
  const gateways = new Map((await db.select().from(devices).where(eq(devices.type, 'GATEWAY'))).map((g) => [g.mac, g]));
  // The observation sessions that end by the history's end are held: the staff they watch clean
  // their hands more often, and their observers' records are stored (observer.ts).
  const watchedUntil = end.getTime();
  const observers = observerDesk(db, world, seed, watchedUntil);
  let daysDone = Math.min(chunks, options.done?.days ?? 0);
  let events = options.done?.events ?? 0;
  let accepted = 0;
  for (; daysDone < chunks; daysDone++) {
    const b = end.getTime() - daysDone * DAY;
    const a = Math.max(b - DAY, from.getTime());
    const generated = generateEvents(world, { from: a, to: b, seed, watchedUntil });
    // Each gateway's events are stored as sent by it, as the live simulator sends them, so a
    // gateway's stats (heartbeats, location and dispense events it relayed) cover the history too.
    for (const [mac, list] of groupBy(generated, (e) => e.gateway)) {
      const gateway = mac === null ? null : (gateways.get(mac) ?? null);
      for (let j = 0; j < list.length; j += HISTORY_BATCH) {
        if (options.signal?.aborted) return { from, end, events, accepted, complete: false };
        const batch = list.slice(j, j + HISTORY_BATCH).map((e) => e.event);
        accepted += (await ingestEvents(db, batch, { derive: false, gateway })).accepted;
      }
    }
    // The day's derived rows, including what its events change in the newer days already stored.
    await deriveBetween(db, new Date(a), new Date(b - 1));
    // The sessions whose visits are now derived for good: from an hour into this day (an older
    // event changes visits up to an hour after it: docs/METRICS.md '10. Late events') to an hour
    // into the newer day, and from the start of the history on its oldest day.
    await observers.record(a === from.getTime() ? a : a + HOUR, daysDone === 0 ? watchedUntil : b + HOUR);
    // The IoT devices' connectivity and telemetry, as far back as their metrics reach.
    if (daysDone < IOT_HISTORY_DAYS) await writeIotHistory(db, new Date(a), new Date(b), seed);
    events += generated.length;
    await saveHistoryPlan(db, { ...plan, daysDone: daysDone + 1, events });
    await options.onProgress?.({ daysDone: daysDone + 1, days: chunks, events });
  }
  await putMeta(db, DEMO_HISTORY_KEY, end.toISOString());
  return { from, end, events, accepted, complete: true };
}
