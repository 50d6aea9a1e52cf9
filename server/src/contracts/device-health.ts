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

/** A device's readings as the health rules read them (each may be unknown or absent). */
export interface DeviceReadings {
  lastHeartbeatAt: string | null;
  batteryPercent?: number | null;
  batteryMv?: number | null;
  txPower?: number | null;
  mode?: string | null;
}

/** How many of a location's devices need attention, and for what (docs/SCREENS.md 'Device health'). */
export interface HealthSummary {
  devices: number;
  /** Devices with at least one reading at a warning or an error. */
  attention: number;
  heartbeat: Record<'warning' | 'error', number>;
  battery: Record<'warning' | 'error', number>;
  txPower: Record<'warning' | 'error', number>;
}

/** The readings the health rules cover, as the summary and a device's words name them. */
const READINGS = [
  ['heartbeat', 'Heartbeat'],
  ['battery', 'Battery'],
  ['txPower', 'TX power'],
] as const;
type Reading = (typeof READINGS)[number][0];

/** Each reading's level at `now` (null: unknown or absent). */
function readingLevels(d: DeviceReadings, now: number): Record<Reading, Health | null> {
  return {
    heartbeat: heartbeatHealth(d.lastHeartbeatAt, now),
    battery: d.batteryPercent != null ? batteryPercentHealth(d.batteryPercent) : batteryMillivoltHealth(d.batteryMv ?? null),
    txPower: txPowerHealth(d.txPower ?? null, txPowerModeOf(d.mode ?? null)),
  };
}

/** A device's worst reading at a warning or an error, and every such reading in words ('Heartbeat: Error, Battery: Warning'); null level when none. */
export function deviceAttention(d: DeviceReadings, now: number): { level: 'warning' | 'error' | null; words: string } {
  const levels = readingLevels(d, now);
  const flagged = READINGS.flatMap(([reading, label]) => {
    const level = levels[reading];
    return level === 'warning' || level === 'error' ? [{ level, words: `${label}: ${HEALTH_WORDS[level]}` }] : [];
  });
  const level = flagged.some((f) => f.level === 'error') ? 'error' : flagged.length > 0 ? 'warning' : null;
  return { level, words: flagged.map((f) => f.words).join(', ') };
}

/** Counts the devices whose heartbeat, battery or TX power is at a warning or an error, at `now`. */
export function healthSummary(devices: readonly DeviceReadings[], now: number): HealthSummary {
  const summary: HealthSummary = { devices: devices.length, attention: 0, heartbeat: { warning: 0, error: 0 }, battery: { warning: 0, error: 0 }, txPower: { warning: 0, error: 0 } };
  for (const d of devices) {
    const levels = readingLevels(d, now);
    let flagged = false;
    for (const [reading] of READINGS) {
      const level = levels[reading];
      if (level === 'warning' || level === 'error') {
        summary[reading][level] += 1;
        flagged = true;
      }
    }
    if (flagged) summary.attention += 1;
  }
  return summary;
}

const countOf = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The summary in words: 'All 140 beacons healthy.' or '3 of 140 beacons need attention: heartbeat
 * 2 errors, 1 warning; battery 1 warning.' (`noun` singular and plural).
 */
export function healthSummaryWords(s: HealthSummary, noun: { one: string; many: string }): string {
  if (s.devices === 0) return `No ${noun.many}.`;
  if (s.attention === 0) return s.devices === 1 ? `The ${noun.one} is healthy.` : `All ${countOf(s.devices, noun.one, noun.many)} healthy.`;
  const part = (what: string, c: Record<'warning' | 'error', number>) => {
    const levels = [c.error ? countOf(c.error, 'error', 'errors') : null, c.warning ? countOf(c.warning, 'warning', 'warnings') : null].filter(Boolean);
    return levels.length ? `${what} ${levels.join(', ')}` : null;
  };
  const parts = [part('heartbeat', s.heartbeat), part('battery', s.battery), part('TX power', s.txPower)].filter(Boolean).join('; ');
  const needs = s.attention === 1 ? 'needs' : 'need';
  return `${s.attention.toLocaleString('en-US')} of ${countOf(s.devices, noun.one, noun.many)} ${needs} attention: ${parts}.`;
}
