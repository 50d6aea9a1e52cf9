import type { DemoHistoryStatus } from '../../contracts/demo-history';

/** No demo history: nothing is or will be written by this server. */
export const NO_DEMO_HISTORY: DemoHistoryStatus = { state: 'none', daysDone: 0, days: 0, events: 0 };

/**
 * Where the demo history stands, kept in memory by the server that writes it (the writer sets it,
 * GET /demo-history reads it).
 */
export interface DemoHistoryTracker {
  current(): DemoHistoryStatus;
  set(status: DemoHistoryStatus): void;
}

/** A tracker starting at `initial` (none by default). */
export function createDemoHistoryTracker(initial: DemoHistoryStatus = NO_DEMO_HISTORY): DemoHistoryTracker {
  let status = { ...initial };
  return {
    current: () => ({ ...status }),
    set: (next) => {
      status = { ...next };
    },
  };
}
