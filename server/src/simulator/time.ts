// Durations and day stamps for the generator; the time-zone arithmetic is core/zoned-time.ts.

/** Durations in ms. */
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export { localDay, localToUtc, zoneOffset } from '../core/zoned-time';

/** A day number as YYYYMMDD, for event ids. */
export function dayStamp(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10).replaceAll('-', '');
}
