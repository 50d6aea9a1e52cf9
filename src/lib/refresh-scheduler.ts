/** Renew this long before the tokens expire, so no request or live connection meets an expired token. */
export const REFRESH_LEAD_MS = 60_000;
/** After a refresh that failed for lack of network, try again this much later. */
export const REFRESH_RETRY_MS = 30_000;

export interface RefreshSchedulerDeps {
  /** When the current tokens expire (ms since the epoch, on this device's clock), or null when signed out. */
  readExpiry: () => Promise<number | null>;
  /** Renews the tokens. A rejection is retried later; a session-ending answer is the provider's to report. */
  refresh: () => Promise<void>;
  now?: () => number;
  leadMs?: number;
  retryMs?: number;
}

/** Keeps one timer that renews the session shortly before its tokens expire. */
export function createRefreshScheduler(deps: RefreshSchedulerDeps) {
  const now = deps.now ?? Date.now;
  const leadMs = deps.leadMs ?? REFRESH_LEAD_MS;
  const retryMs = deps.retryMs ?? REFRESH_RETRY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function stop(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  function arm(delayMs: number): void {
    stop();
    timer = setTimeout(() => {
      timer = undefined;
      deps.refresh().then(schedule, () => arm(retryMs));
    }, Math.max(0, delayMs));
  }

  /** (Re)arms the timer from the current tokens; signed out, it stops. */
  async function schedule(): Promise<void> {
    const expiresAt = await deps.readExpiry().catch(() => null);
    if (expiresAt === null) return stop();
    arm(expiresAt - leadMs - now());
  }

  return { schedule, stop, isArmed: () => timer !== undefined };
}
