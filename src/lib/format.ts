import type { UserSummary } from '@contracts/entities';

/** First and last name as shown to others; demo users are masked as 'User'. */
export function displayName(user: Pick<UserSummary, 'firstName' | 'lastName' | 'demo'>): string {
  if (user.demo) return 'User';
  return `${user.firstName} ${user.lastName}`.trim() || 'User';
}

/** Up to two initials for an avatar. */
export function initials(user: Pick<UserSummary, 'firstName' | 'lastName' | 'demo'>): string {
  if (user.demo) return 'U';
  const letters = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return letters || 'U';
}

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A moment in the reader's locale and time zone ('21 Nov 2026, 08:14'). */
export function formatDateTime(at: Date | string | number): string {
  return dateTimeFormat.format(new Date(at));
}

const CLOCK = { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZoneName: 'short' } as const;
const clocks = new Map<string, Intl.DateTimeFormat>();

/**
 * The time of `at` as clocks in `timeZone` (IANA) read it, with the zone ('7:03:30 AM PDT'); UTC
 * when the zone is missing or unknown.
 */
export function formatTimeIn(at: Date | string | number, timeZone: string | null): string {
  const zone = timeZone ?? 'UTC';
  let clock = clocks.get(zone);
  if (!clock) {
    try {
      clock = new Intl.DateTimeFormat('en-US', { ...CLOCK, timeZone: zone });
    } catch {
      clock = new Intl.DateTimeFormat('en-US', { ...CLOCK, timeZone: 'UTC' });
    }
    clocks.set(zone, clock);
  }
  return clock.format(new Date(at));
}

const DATE_AND_CLOCK = { dateStyle: 'medium', timeStyle: 'long' } as const;
const datedClocks = new Map<string, Intl.DateTimeFormat>();

/**
 * The day and time of `at` as clocks in `timeZone` (IANA) read them, naming the zone
 * ('Dec 1, 2026, 8:14:03 PM UTC'); UTC when the zone is unknown.
 */
export function formatDateTimeIn(at: Date | string | number, timeZone: string): string {
  let clock = datedClocks.get(timeZone);
  if (!clock) {
    try {
      clock = new Intl.DateTimeFormat('en-US', { ...DATE_AND_CLOCK, timeZone });
    } catch {
      clock = new Intl.DateTimeFormat('en-US', { ...DATE_AND_CLOCK, timeZone: 'UTC' });
    }
    datedClocks.set(timeZone, clock);
  }
  return clock.format(new Date(at));
}

/** A time zone's name as people say it ('Pacific Time'); 'UTC' for UTC or an unknown zone. */
export function zoneName(timeZone: string): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC';
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' }).formatToParts(new Date());
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A code as words for people: 'PATIENT_ROOM' → 'Patient room', 'DEPARTMENT' → 'Department'. */
export function codeWords(code: string): string {
  const words = code.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Select options of codes, each labelled in words. */
export function codeOptions(codes: readonly string[]): { value: string; label: string }[] {
  return codes.map((value) => ({ value, label: codeWords(value) }));
}
