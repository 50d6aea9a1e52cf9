/** How a simulated gateway sends: over its Pusher connection in a run, a recorder in tests. */
export interface GatewayTransport {
  trigger(channel: string, event: string, payload: unknown): void;
  /** Leaves channel `from` and joins `to` (a renamed gateway's session channel follows its name). */
  follow?(from: string, to: string): void;
}

/**
 * How a simulated gateway behaves, for tests and demos: 'silent' answers nothing, 'error' answers
 * with errors, 'late' answers everything after `lateMs`.
 */
export const GATEWAY_MODES = ['normal', 'silent', 'error', 'late'] as const;
export type GatewayMode = (typeof GATEWAY_MODES)[number];

/** How long things take on a simulated gateway, in milliseconds. */
export interface GatewayTimings {
  /** From receiving an assignment to its being written to the wristband. */
  applyMs: number;
  /** How late every answer is in 'late' mode (above the console's 10 s join timeout). */
  lateMs: number;
  /** How long a terminal command runs. */
  cliMs: number;
  /** How long a firmware update takes. */
  updateMs: number;
  /** How long the gateway is gone while it reboots. */
  rebootMs: number;
}

export const DEFAULT_TIMINGS: GatewayTimings = { applyMs: 800, lateMs: 12_000, cliMs: 300, updateMs: 2_000, rebootMs: 10_000 };
