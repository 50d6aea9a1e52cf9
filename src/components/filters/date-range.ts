import { earliestRangeStart } from '@contracts/fields';

/*
 * Calendar days are 'YYYY-MM-DD' strings for UTC days everywhere in the app. The arithmetic
 * below goes through Date.UTC only, so the browser's time zone never shifts a day.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const DAY_MS = 86_400_000;

/** The label of a range shortcut. */
export type RangeShortcutLabel = 'Today' | 'Yesterday' | 'Last Week' | 'Last Month';

/** A named range offered beside the calendar. */
export interface RangeShortcut {
  label: RangeShortcutLabel;
  start: string;
  end: string;
}

function parts(day: string): [number, number, number] {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) throw new Error(`Not a 'YYYY-MM-DD' day: ${day}`);
  return [year, month, date];
}

function fromUtcMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Today's UTC calendar day as 'YYYY-MM-DD'. */
export function todayUtc(now: Date = new Date()): string {
  return fromUtcMs(now.getTime());
}

/** The day `n` days after `day` (before it when `n` is negative). */
export function addDays(day: string, n: number): string {
  const [year, month, date] = parts(day);
  return fromUtcMs(Date.UTC(year, month - 1, date) + n * DAY_MS);
}

/**
 * The range shortcuts, all ending no later than `today`:
 * Today = [today, today]; Yesterday = [today−1, today−1];
 * Last Week = the last 7 days ending today, [today−6, today] (the reports' default range);
 * Last Month = the last 30 days ending today, [today−29, today].
 */
export function rangeShortcuts(today: string): RangeShortcut[] {
  const yesterday = addDays(today, -1);
  return [
    { label: 'Today', start: today, end: today },
    { label: 'Yesterday', start: yesterday, end: yesterday },
    { label: 'Last Week', start: addDays(today, -6), end: today },
    { label: 'Last Month', start: addDays(today, -29), end: today },
  ];
}

/**
 * The earliest day the pickers offer: the same calendar day one year earlier, minus 14 days.
 * 29 February falls back to 28 February of the year before. The server holds every report range
 * to the same rule, so a range the pickers allow is never refused.
 */
export function earliestSelectableDay(today: string): string {
  return earliestRangeStart(today);
}

/** True when both ends are set and in order (a single-day range counts). */
export function isRangeComplete(start: string | null, end: string | null): boolean {
  return !!start && !!end && start <= end;
}

/** A day for people, e.g. 'May 1, 2025'. */
export function formatDay(day: string): string {
  const [year, month, date] = parts(day);
  return `${MONTHS[month - 1]} ${date}, ${year}`;
}

/**
 * A range for people: 'May 1 – May 7, 2025'; one day shows one date ('May 1, 2025');
 * a range across years names both years ('Dec 25, 2024 – Jan 7, 2025').
 */
export function formatDayRange(start: string, end: string): string {
  if (start === end) return formatDay(start);
  const [startYear, startMonth, startDate] = parts(start);
  if (startYear !== parts(end)[0]) return `${formatDay(start)} – ${formatDay(end)}`;
  return `${MONTHS[startMonth - 1]} ${startDate} – ${formatDay(end)}`;
}

/** The first day of the month `months` months after the month of `day`. */
export function startOfMonth(day: string, months = 0): string {
  const [year, month] = parts(day);
  return fromUtcMs(Date.UTC(year, month - 1 + months, 1));
}
