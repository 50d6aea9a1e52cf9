const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * When a device was last heard, as time ago ('3 hours ago', '12 days ago'): minutes within the
 * hour, hours within the day, days up to two months, then months and years; 'just now' within a
 * minute (or a clock running ahead), 'Never' for a device never heard.
 */
export function formatLastHeard(at: string | null, now: number): string {
  if (at === null) return 'Never';
  const elapsed = now - Date.parse(at);
  if (elapsed < MINUTE_MS) return 'just now';
  if (elapsed < HOUR_MS) return ago(Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return ago(Math.floor(elapsed / HOUR_MS), 'hour');
  const days = Math.floor(elapsed / DAY_MS);
  if (days < 60) return ago(days, 'day');
  if (days < 730) return ago(Math.floor(days / 30), 'month');
  return ago(Math.floor(days / 365), 'year');
}
