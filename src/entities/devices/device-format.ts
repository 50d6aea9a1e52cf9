// How the device screens show a device's health: its last heartbeat and its battery.

import { formatDateTime } from '@/lib/format';

/** Within this, a moment shows as 'N min ago'. */
const RELATIVE_MS = 60 * 60_000;

/** A heartbeat as 'just now', 'N min ago' within the hour, else its date and time; '—' when never. */
export function formatHeartbeat(at: string | null, now = Date.now()): string {
  if (at === null) return '—';
  const ago = now - Date.parse(at);
  if (ago < 60_000) return 'just now';
  if (ago < RELATIVE_MS) return `${Math.floor(ago / 60_000)} min ago`;
  return formatDateTime(at);
}

/** Battery health in millivolts: above 2700 fine, above 2300 low, else critical. */
export function batteryMvColor(mv: number | null): string | undefined {
  if (mv === null) return undefined;
  if (mv > 2700) return undefined;
  return mv > 2300 ? 'orange' : 'red';
}

/** Battery health in percent: above 50 fine, above 25 low, else critical. */
export function batteryPercentColor(percent: number | null): string | undefined {
  if (percent === null || percent > 50) return undefined;
  return percent > 25 ? 'orange' : 'red';
}
