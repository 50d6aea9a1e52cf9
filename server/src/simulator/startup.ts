import type { Database } from '../db/client';
import { createDemoHistoryTracker, type DemoHistoryTracker } from '../modules/demo-history/demo-history.service';
import { historyChunks, readHistoryMeta, saveHistoryPlan, writeHistory, type HistoryPlan, type HistoryProgress } from './history';
import { loadWorldData, simulatorFiles, writeWorldFile } from './world';

/** Settings of the API server's demo simulation step. */
export interface DemoSimulationOptions {
  /** Days of history to write when none was written yet (0: none). */
  historyDays: number;
  /** End of a new history (default now). */
  end?: Date;
  seed?: number;
  /** LAVO_DATA_DIR: where the world file for the live simulator goes. */
  dataDir: string;
  log?: (line: string) => void;
  /** Where the history's progress is reported (a new tracker when absent). */
  status?: DemoHistoryTracker;
  /** Awaited after each stored day, after the status is updated. */
  onProgress?: (progress: HistoryProgress) => void | Promise<void>;
}

/** The demo simulation of one server: the history's status and its background write. */
export interface DemoSimulation {
  /** Where the demo history stands (GET /api/demo-history answers it). */
  status: DemoHistoryTracker;
  /**
   * Writes what the history still lacks, newest day first; resolves once it is written, has
   * failed or was stopped (never rejects). Calling it again returns the same write.
   */
  writeHistory(): Promise<void>;
  /** Stops a write under way between two batches and waits for it; the next start resumes it. */
  stop(): Promise<void>;
}

/**
 * Run by the API server after the demo seed, before it listens: decides the demo history to write
 * (none when app_meta 'demo_history' says it is written; what an interrupted write left, resumed
 * over the same span; else DEMO_HISTORY_DAYS ending now, recorded at once) and saves the world the
 * live simulator (a separate process) generates from, whose events start where the history ends.
 * The history itself is written by `writeHistory`, which the server calls once it listens.
 */
export async function prepareDemoSimulation(db: Database, options: DemoSimulationOptions): Promise<DemoSimulation> {
  const log = options.log ?? ((line: string) => console.log(line));
  const status = options.status ?? createDemoHistoryTracker();
  const { written, plan: stored } = await readHistoryMeta(db);
  let plan: HistoryPlan | null = null;
  if (written) {
    const days = historyChunks(stored?.days ?? 0);
    status.set({ state: 'done', daysDone: days, days, events: stored?.events ?? 0 });
  } else if (options.historyDays > 0) {
    plan = stored ?? { end: (options.end ?? new Date()).toISOString(), days: options.historyDays, daysDone: 0, events: 0 };
    if (!stored) await saveHistoryPlan(db, plan);
    status.set({ state: 'writing', daysDone: plan.daysDone, days: historyChunks(plan.days), events: plan.events });
  }
  await writeWorldFile(simulatorFiles(options.dataDir).world, await loadWorldData(db));

  const controller = new AbortController();
  let running: Promise<void> | undefined;
  const write = async (p: HistoryPlan) => {
    const started = Date.now();
    const days = historyChunks(p.days);
    const resumed = p.daysDone > 0 ? `, resuming after ${p.daysDone}` : '';
    log(`Writing ${days} days of demo history in the background, newest day first${resumed}…`);
    try {
      const result = await writeHistory(db, {
        days: p.days,
        end: new Date(p.end),
        seed: options.seed,
        done: { days: p.daysDone, events: p.events },
        signal: controller.signal,
        onProgress: async (progress) => {
          status.set({ state: 'writing', ...progress });
          if (progress.daysDone % 10 === 0 || progress.daysDone === progress.days) {
            log(`  demo history: ${progress.daysDone}/${progress.days} days, ${progress.events.toLocaleString('en-US')} events`);
          }
          await options.onProgress?.(progress);
        },
      });
      const seconds = Math.round((Date.now() - started) / 1000);
      if (result.complete) {
        status.set({ state: 'done', daysDone: days, days, events: result.events });
        log(`Demo history written: ${result.events.toLocaleString('en-US')} events in ${seconds} s.`);
      } else {
        log(`Demo history stopped at ${status.current().daysDone} of ${days} days; the next start resumes it.`);
      }
    } catch (error) {
      // The console works without history; the next start resumes it (stored days are kept).
      status.set({ ...status.current(), state: 'failed' });
      log(`Demo history could not be written: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return {
    status,
    writeHistory: () => (running ??= plan ? write(plan) : Promise.resolve()),
    stop: async () => {
      controller.abort();
      await running;
    },
  };
}
