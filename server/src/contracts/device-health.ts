// A device's health as the device screens colour it (docs/SCREENS.md 'Device health'): its
// heartbeat, its battery and its TX power, each okay, warning or error. Written once for the
// browser and the server; a gateway keeps its own 12 h / 24 h heartbeat rule (docs/GATEWAYS.md).

export const HEALTH_LEVELS = ['ok', 'warning', 'error'] as const;
export type Health = (typeof HEALTH_LEVELS)[number];

export const HEALTH_WORDS: Record<Health, string> = { ok: 'OK', warning: 'Warning', error: 'Error' };

/** A heartbeat within 24 h is okay, up to 48 h a warning, beyond an error. */
export const HEARTBEAT_HEALTH_HOURS = { warning: 24, error: 48 } as const;

/** Battery in percent: above 50 okay, above 25 a warning, else an error. */
export const BATTERY_PERCENT_HEALTH = { ok: 50, warning: 25 } as const;

/** Battery in millivolts: above 2700 okay, above 2300 a warning, else an error. */
export const BATTERY_MV_HEALTH = { ok: 2700, warning: 2300 } as const;

/** The modes a device's TX power is judged in: a badge in passive mode has bands of its own. */
export type TxPowerMode = 'NORMAL' | 'PASSIVE';

/** TX power bands in dBm: an error at or beyond the outer edges, a warning at or beyond the inner ones. */
export const TX_POWER_HEALTH: Record<TxPowerMode, { errorLow: number; warningLow: number; warningHigh: number; errorHigh: number }> = {
  NORMAL: { errorLow: -40, warningLow: -35, warningHigh: -25, errorHigh: -20 },
  PASSIVE: { errorLow: -28, warningLow: -24, warningHigh: -14, errorHigh: -12 },
};

const HOUR_MS = 3_600_000;

/** The health of a heartbeat heard at `at` (ISO), seen at `now` (ms); null when never heard. */
export function heartbeatHealth(at: string | null, now: number): Health | null {
  if (at === null) return null;
  const hours = (now - Date.parse(at)) / HOUR_MS;
  if (hours <= HEARTBEAT_HEALTH_HOURS.warning) return 'ok';
  return hours <= HEARTBEAT_HEALTH_HOURS.error ? 'warning' : 'error';
}

/** The health of a battery in percent; null when unknown. */
export function batteryPercentHealth(percent: number | null): Health | null {
  if (percent === null) return null;
  if (percent > BATTERY_PERCENT_HEALTH.ok) return 'ok';
  return percent > BATTERY_PERCENT_HEALTH.warning ? 'warning' : 'error';
}

/** The health of a battery in millivolts; null when unknown. */
export function batteryMillivoltHealth(mv: number | null): Health | null {
  if (mv === null) return null;
  if (mv > BATTERY_MV_HEALTH.ok) return 'ok';
  return mv > BATTERY_MV_HEALTH.warning ? 'warning' : 'error';
}

/** The TX power mode of a device's mode: 'PASSIVE' (a badge's) is judged in passive bands, anything else as normal. */
export const txPowerModeOf = (mode: string | null): TxPowerMode => (mode === 'PASSIVE' ? 'PASSIVE' : 'NORMAL');

/** The health of a TX power in dBm in its mode; null when unknown. */
export function txPowerHealth(dbm: number | null, mode: TxPowerMode): Health | null {
  if (dbm === null) return null;
  const band = TX_POWER_HEALTH[mode];
  if (dbm <= band.errorLow || dbm >= band.errorHigh) return 'error';
  if (dbm <= band.warningLow || dbm >= band.warningHigh) return 'warning';
  return 'ok';
}
