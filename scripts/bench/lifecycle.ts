/**
 * A benchmark's life: what it started is stopped in reverse order when it ends, fails or is
 * interrupted (Ctrl-C, SIGTERM), and the process exits 0, 1 or 130 accordingly.
 */
const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | null = null;
let interrupted = false;

/** Stops `stop` when the benchmark ends, after what was registered later. */
export function onCleanUp(stop: () => Promise<void>): void {
  cleanups.push(stop);
}

function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(`While stopping: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    interrupted = true;
    void cleanUp().then(() => process.exit(130));
  });
}

/** Runs the benchmark, stops what it started, and exits: 0 when it ran through, 1 when it failed. */
export async function runBench(name: string, main: () => Promise<void>): Promise<never> {
  try {
    await main();
    await cleanUp();
    process.exit(0);
  } catch (error) {
    // When interrupted, the failure is the stopping itself; the signal handler exits with 130.
    if (interrupted) return new Promise<never>(() => {});
    console.error(`\n${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await cleanUp();
    process.exit(1);
  }
}
