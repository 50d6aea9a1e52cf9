import { SESSION_TIMERS, type SessionTimers } from '@contracts/stations-realtime';

/**
 * localStorage key of the test setting that shortens the session and command timers, e.g.
 * `{"pingMs":1000,"deadMs":2000}` (docs/STATIONS.md). Browser tests set it so a silent gateway
 * shows 'Disconnected / No Response' in seconds; the app's defaults stay the spec's.
 */
export const TIMERS_OVERRIDE_KEY = 'lavo.stationTimers';

/** The protocol's timers: the spec's, with any valid override of the test setting. */
export function sessionTimers(storage: Pick<Storage, 'getItem'> | null = typeof localStorage === 'undefined' ? null : localStorage): SessionTimers {
  const timers: SessionTimers = { ...SESSION_TIMERS };
  let raw: unknown;
  try {
    raw = JSON.parse(storage?.getItem(TIMERS_OVERRIDE_KEY) ?? 'null');
  } catch {
    return timers;
  }
  if (!raw || typeof raw !== 'object') return timers;
  for (const key of Object.keys(timers) as (keyof SessionTimers)[]) {
    const value = (raw as Record<string, unknown>)[key];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 100) timers[key] = value;
  }
  return timers;
}
