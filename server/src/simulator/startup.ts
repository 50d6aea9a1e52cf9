import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appMeta } from '../db/schema';
import { writeHistory } from './history';
import { DEMO_HISTORY_KEY, loadWorldData, simulatorFiles, writeWorldFile } from './world';

/** Settings of the API server's demo simulation step. */
export interface DemoSimulationOptions {
  /** Days of history to write when none was written yet (0: none). */
  historyDays: number;
  seed?: number;
  /** LAVO_DATA_DIR: where the world file for the live simulator goes. */
  dataDir: string;
  log?: (line: string) => void;
}

/**
 * Run by the API server after the demo seed: writes the demo's simulated history once (app_meta
 * 'demo_history' marks it), printing progress, then saves the world the live simulator (a
 * separate process) generates from.
 */
export async function prepareDemoSimulation(db: Database, options: DemoSimulationOptions): Promise<void> {
  const log = options.log ?? ((line: string) => console.log(line));
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, DEMO_HISTORY_KEY));
  if (!done && options.historyDays > 0) {
    const started = Date.now();
    log(`Simulating ${options.historyDays} days of demo history…`);
    try {
      const result = await writeHistory(db, {
        days: options.historyDays,
        seed: options.seed,
        onProgress: ({ daysDone, days, events }) => {
          if (daysDone % 10 === 0 || daysDone === days) log(`  demo history: ${daysDone}/${days} days, ${events.toLocaleString('en-US')} events`);
        },
      });
      log(`Demo history written: ${result.events.toLocaleString('en-US')} events in ${Math.round((Date.now() - started) / 1000)} s.`);
    } catch (error) {
      // The console works without history; the next start tries again (stored events are kept).
      log(`Demo history could not be written: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  await writeWorldFile(simulatorFiles(options.dataDir).world, await loadWorldData(db));
}
