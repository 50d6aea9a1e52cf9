import type { WearableManagementRow, WearableUsageRow } from '@contracts/reports/wearable-reports';
import { shiftDay } from '../filters/filter-state';

// SmartSensor Usage and Management. Usage's live mode is the range today..today;
// switching it off shows the historical range, the last 7 days ending yesterday, and switching
// it on again returns to today. Neither call takes a search: both tables are searched here.

/** Live mode refreshes this often. */
export const LIVE_REFRESH_MS = 60_000;

/** Whether the range is live: it starts and ends today. */
export function isLiveRange(range: { startDate: string; endDate: string }, today: string): boolean {
  return range.startDate === today && range.endDate === today;
}

/** The range the Live switch sets: today alone when turned on, else the 7 days ending yesterday. */
export function liveToggleRange(live: boolean, today: string): { startDate: string; endDate: string } {
  return live ? { startDate: today, endDate: today } : { startDate: shiftDay(today, -7), endDate: shiftDay(today, -1) };
}

const SEPARATORS = /[:\-\s]/g;

/** A test of texts and a MAC against a search (any case; the MAC also without separators), or null for a blank search. */
function matcher(search: string): ((texts: (string | null)[], mac: string | null) => boolean) | null {
  const text = search.trim().toLowerCase();
  if (!text) return null;
  const bare = text.replace(SEPARATORS, '');
  return (texts, mac) => {
    if (texts.some((t) => t?.toLowerCase().includes(text))) return true;
    const m = (mac ?? '').toLowerCase();
    return m.includes(text) || (bare !== '' && m.replace(SEPARATORS, '').includes(bare));
  };
}

/** The rows whose user name, SmartSensor code or MAC contains `search` (any case; a MAC also without its separators). */
export function searchUsage(rows: readonly WearableUsageRow[], search: string): readonly WearableUsageRow[] {
  const matches = matcher(search);
  return matches ? rows.filter((row) => matches([row.userName, row.code], row.wearableMac)) : rows;
}

/** The wall-clock time of an ISO date-time with an offset, as the clocks there read it ('Nov 20, 2026, 7:03 AM'). */
export function formatLocalWallClock(iso: string | null): string {
  if (!iso) return '—';
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)/.exec(iso);
  if (!match?.[1]) return iso;
  const wall = new Date(`${match[1]}Z`);
  if (Number.isNaN(wall.getTime())) return iso;
  return wallClock.format(wall);
}

const wallClock = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** The SmartSensors whose code, MAC or last user contains `search` (any case; a MAC also without its separators). */
export function searchManagement(rows: readonly WearableManagementRow[], search: string): readonly WearableManagementRow[] {
  const matches = matcher(search);
  return matches ? rows.filter((row) => matches([row.code, row.lastUserName], row.mac)) : rows;
}
