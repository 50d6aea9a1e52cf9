// The Gateways page's reading of a gateway's heartbeat and age (docs/GATEWAYS.md 'The list and its stats'): the heartbeat
// health of its card, the Last Heartbeat filter's buckets, 'Recent' gateways and the grid's width.

const HOUR_MS = 3_600_000;

/** Heartbeat health: a warning from 12 hours without one, an error from 24 hours or when never heard. */
export const HEARTBEAT_WARNING_HOURS = 12;
export const HEARTBEAT_ERROR_HOURS = 24;
/** A gateway created within this many hours is 'Recent'. */
export const RECENT_HOURS = 24;
/** The card grid: 4 columns over this width, else 3; each card row this tall. */
export const WIDE_GRID_PX = 1300;
export const CARD_ROW_HEIGHT = 175;

export type HeartbeatHealth = 'ok' | 'warning' | 'error';

/** Hours since the last heartbeat, or null when the gateway was never heard. */
export function hoursSince(iso: string | null, now: number): number | null {
  if (iso === null) return null;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : Math.max(0, (now - at) / HOUR_MS);
}

export function heartbeatHealth(lastHeartbeat: string | null, now: number): HeartbeatHealth {
  const hours = hoursSince(lastHeartbeat, now);
  if (hours === null || hours >= HEARTBEAT_ERROR_HOURS) return 'error';
  return hours >= HEARTBEAT_WARNING_HOURS ? 'warning' : 'ok';
}

/** The Last Heartbeat filter: 0-12 hours, 12-24 hours, 1-7 days, over 7 days. */
export const HEARTBEAT_BUCKETS = [
  { value: '0-12h', label: '0-12 hours', fromHours: 0, toHours: 12 },
  { value: '12-24h', label: '12-24 hours', fromHours: 12, toHours: 24 },
  { value: '1-7d', label: '1-7 days', fromHours: 24, toHours: 168 },
  { value: '7d+', label: 'Over 7 days', fromHours: 168, toHours: Infinity },
] as const;
export type HeartbeatBucket = (typeof HEARTBEAT_BUCKETS)[number]['value'];
export const HEARTBEAT_BUCKET_VALUES = HEARTBEAT_BUCKETS.map((b) => b.value) as [HeartbeatBucket, ...HeartbeatBucket[]];

/** Whether a gateway's last heartbeat falls in a bucket; one never heard counts as over 7 days. */
export function inHeartbeatBucket(lastHeartbeat: string | null, bucket: HeartbeatBucket, now: number): boolean {
  const range = HEARTBEAT_BUCKETS.find((b) => b.value === bucket);
  if (!range) return false;
  const hours = hoursSince(lastHeartbeat, now) ?? Infinity;
  return hours >= range.fromHours && (hours < range.toHours || range.toHours === Infinity);
}

/** 'Recent': created within the last 24 hours. */
export function isRecent(createdAt: string, now: number): boolean {
  const hours = hoursSince(createdAt, now);
  return hours !== null && hours < RECENT_HOURS;
}

/** The card grid's columns for the page's width. */
export const gridColumns = (width: number) => (width > WIDE_GRID_PX ? 4 : 3);
