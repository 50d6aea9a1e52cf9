import { isCompliantAction, MAX_SESSION_HOURS, type ObservationAction } from '@contracts/observation-audits';

/** A session's running count: opportunities recorded, those with hand hygiene performed, and their share. */
export interface Tally {
  opportunities: number;
  compliant: number;
  /** Whole percent; null before the first record. */
  percent: number | null;
}

/** The count of `records` (docs/METRICS.md '11. Observation audits: how far the sensors agree': rub or wash is compliant). */
export function tallyOf(records: readonly { action: ObservationAction }[]): Tally {
  const compliant = records.filter((r) => isCompliantAction(r.action)).length;
  return { opportunities: records.length, compliant, percent: records.length === 0 ? null : Math.round((compliant / records.length) * 100) };
}

/** '75 %', or '—' with nothing to divide. */
export const percentText = (percent: number | null) => (percent === null ? '—' : `${percent} %`);

const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar month (YYYY-MM) of `at` on the clock of `timeZone`; UTC when the zone is unknown. */
export function monthIn(at: Date | string | number, timeZone: string): string {
  let format = monthFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' });
    } catch {
      format = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: '2-digit' });
    }
    monthFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(at));
  return `${parts.find((p) => p.type === 'year')?.value}-${parts.find((p) => p.type === 'month')?.value}`;
}

/** The month `delta` months from `month` (YYYY-MM). */
export function shiftMonth(month: string, delta: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** 'May 2026' for '2026-05'. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, m - 1, 1));
}

const SESSION_MS = MAX_SESSION_HOURS * 3_600_000;

/** The last moment a session started at `startedAt` may hold a record (the API refuses later ones). */
export const sessionDeadline = (startedAt: string) => Date.parse(startedAt) + SESSION_MS;

/**
 * When a session ends: now, or its deadline when it was left open longer, which the API would
 * refuse ('A session lasts at most 12 hours').
 */
export function endOf(startedAt: string, now: number): string {
  return new Date(Math.min(now, sessionDeadline(startedAt))).toISOString();
}
