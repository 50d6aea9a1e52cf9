/** Time as the gateway simulator sees it; injected so tests can drive it with fake timers. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The process's own timers, looked up at each call so vitest's fake timers take effect. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Where the simulator writes what it does; debug lines are for invalid messages and the like. */
export interface Log {
  info(line: string): void;
  debug(line: string): void;
}

export const silentLog: Log = { info: () => {}, debug: () => {} };

/**
 * Timers that can all be cancelled at once, so a gateway that is closed (or rebooting) leaves
 * nothing behind to fire later.
 */
export class TimerSet {
  private readonly handles = new Set<unknown>();

  constructor(private readonly clock: Clock) {}

  after(ms: number, callback: () => void): unknown {
    const handle = this.clock.setTimeout(() => {
      this.handles.delete(handle);
      callback();
    }, ms);
    this.handles.add(handle);
    return handle;
  }

  cancel(handle: unknown): void {
    if (!this.handles.delete(handle)) return;
    this.clock.clearTimeout(handle);
  }

  clear(): void {
    for (const handle of this.handles) this.clock.clearTimeout(handle);
    this.handles.clear();
  }
}
