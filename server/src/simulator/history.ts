import { INGEST_MAX_BATCH } from '../contracts/ingest';
import type { Database } from '../db/client';
import { appMeta } from '../db/schema';
import { ingestEvents } from '../modules/ingest/ingest.service';
import { deriveAll } from '../modules/metrics/derive';
import { DEFAULT_SIMULATOR_SEED, generateEvents } from './generate';
import { DAY } from './time';
import { DEMO_HISTORY_KEY, loadWorld } from './world';

/** Reported after each stored day. */
export interface HistoryProgress {
  /** Day-sized chunks stored so far, of `days`. */
  daysDone: number;
  days: number;
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
  onProgress?: (progress: HistoryProgress) => void;
}

/** What was written. */
export interface HistoryResult {
  from: Date;
  end: Date;
  /** Events generated. */
  events: number;
  /** Of them, stored now (the others were already there). */
  accepted: number;
}

/**
 * Writes simulated history: generates [end − days, end) one day at a time, stores each day through
 * the ingest in batches of at most INGEST_MAX_BATCH events without deriving, then derives every
 * report table once and records the end under app_meta 'demo_history'. Event ids are
 * deterministic, so running it again over the same span stores nothing twice.
 */
export async function writeHistory(db: Database, options: HistoryOptions = {}): Promise<HistoryResult> {
  const days = Math.max(0, options.days ?? 60);
  const end = options.end ?? new Date();
  const from = new Date(end.getTime() - days * DAY);
  const world = await loadWorld(db);
  const chunks = Math.ceil(days);
  let events = 0;
  let accepted = 0;
  for (let i = 0; i < chunks; i++) {
    const a = from.getTime() + i * DAY;
    const b = Math.min(a + DAY, end.getTime());
    const generated = generateEvents(world, { from: a, to: b, seed: options.seed ?? DEFAULT_SIMULATOR_SEED });
    for (let j = 0; j < generated.length; j += INGEST_MAX_BATCH) {
      const batch = generated.slice(j, j + INGEST_MAX_BATCH).map((e) => e.event);
      accepted += (await ingestEvents(db, batch, { derive: false })).accepted;
    }
    events += generated.length;
    options.onProgress?.({ daysDone: i + 1, days: chunks, events });
  }
  await deriveAll(db);
  await db
    .insert(appMeta)
    .values({ key: DEMO_HISTORY_KEY, value: end.toISOString() })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: end.toISOString() } });
  return { from, end, events, accepted };
}
