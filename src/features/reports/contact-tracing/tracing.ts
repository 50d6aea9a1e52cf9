import type { ExposureInteraction, ExposureUser } from '@contracts/reports/exposure';
import { EXPOSURE_PERIOD_MS } from '@contracts/reports/exposure';
import type { UserSummary } from '@contracts/entities';
import { shiftDay } from '../filters/filter-state';

// The logic of the Contact Tracing page: who can be traced, whose contacts are shown, a traced
// person's contacts from their overlaps, and the Exposure view's period and range. Pure functions.

/** Rows per page of the page's tables: the exposure table's 12 (every table here reads the exposure call). */
export const EXPOSURE_PAGE_SIZE = 12;

/** The exposure slider in minutes (1 to 15, default 15 = 900000 ms). */
export const PERIOD_MINUTES = {
  min: EXPOSURE_PERIOD_MS.min / 60_000,
  max: EXPOSURE_PERIOD_MS.max / 60_000,
  default: EXPOSURE_PERIOD_MS.default / 60_000,
} as const;

/** Days the Exposure view reads: the week ending on the chosen day (the data reports' default). */
export const EXPOSURE_DAYS = 7;

/** A person who can be traced: a staff member of the chosen organizations. */
export interface StaffMember {
  id: number;
  name: string;
  organizationId: number;
  professionId: string | null;
  employeeId: string | null;
}

/** The staff of `organizations` (each with everything under it), active, by name. */
export function staffOf(users: readonly UserSummary[], organizations: ReadonlySet<number>, nameOf: (user: UserSummary) => string): StaffMember[] {
  return users
    .filter((u) => u.active && organizations.has(u.organizationId))
    .map((u) => ({ id: u.id, name: nameOf(u), organizationId: u.organizationId, professionId: u.professionId, employeeId: u.clientUserId }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

const folded = (text: string) => text.trim().toLocaleLowerCase('en-US');

/** Staff whose name or employee ID contains the search (case-insensitive); everyone for an empty search. */
export function matchingStaff(staff: readonly StaffMember[], search: string): StaffMember[] {
  const needle = folded(search);
  if (!needle) return [...staff];
  return staff.filter((s) => folded(s.name).includes(needle) || (s.employeeId !== null && folded(s.employeeId).includes(needle)));
}

/**
 * The person a search names: the only staff member it matches, else the only one whose name or
 * employee ID it spells exactly. None for an empty search or when it leaves a choice.
 */
export function personOfSearch(staff: readonly StaffMember[], search: string): StaffMember | undefined {
  const needle = folded(search);
  if (!needle) return undefined;
  const matches = matchingStaff(staff, search);
  if (matches.length === 1) return matches[0];
  const exact = matches.filter((s) => folded(s.name) === needle || (s.employeeId !== null && folded(s.employeeId) === needle));
  return exact.length === 1 ? exact[0] : undefined;
}

/** One contact of a traced person: everyone they shared a room with, with the overlaps' totals. */
export interface Contact {
  userId: number;
  name: string;
  organizationId: number;
  profession: string | null;
  totalMs: number;
  interactions: number;
  /** The end of the latest overlap (ISO). */
  lastSeen: string;
}

/**
 * A traced person's contacts from their overlaps: every qualifying overlap counts, however short
 * their total, most exposed first (then by name).
 */
export function contactsOf(interactions: readonly ExposureInteraction[]): Contact[] {
  const byUser = new Map<number, Contact>();
  for (const i of interactions) {
    let contact = byUser.get(i.userId);
    if (!contact) {
      contact = { userId: i.userId, name: i.name, organizationId: i.organizationId, profession: i.profession, totalMs: 0, interactions: 0, lastSeen: i.exitTimestamp };
      byUser.set(i.userId, contact);
    }
    contact.totalMs += i.durationMs;
    contact.interactions += 1;
    if (i.exitTimestamp > contact.lastSeen) contact.lastSeen = i.exitTimestamp;
  }
  return [...byUser.values()].sort((a, b) => b.totalMs - a.totalMs || a.name.localeCompare(b.name) || a.userId - b.userId);
}

/** The users whose total exposure reaches `minutes`, in the server's order. */
export function exposedUsers(users: readonly ExposureUser[], minutes: number): ExposureUser[] {
  const periodMs = minutes * 60_000;
  return users.filter((u) => u.totalMs >= periodMs);
}

/** The days the Exposure view asks for: the week ending on `date`. */
export function exposureRange(date: string): { startDate: string; endDate: string } {
  return { startDate: shiftDay(date, -(EXPOSURE_DAYS - 1)), endDate: date };
}

/** An exposure's length: '45 sec', '14 min 29 sec', '2 h 5 min'. */
export function formatExposure(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} sec`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} sec`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const spanOptions = { dateStyle: 'medium', timeStyle: 'short' } as const;
const momentOptions = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit', timeZoneName: 'short' } as const;
const clocks = new Map<string, Intl.DateTimeFormat>();
function clockOf(kind: 'span' | 'moment', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let clock = clocks.get(key);
  if (!clock) {
    const options = kind === 'span' ? spanOptions : momentOptions;
    try {
      clock = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      clock = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    clocks.set(key, clock);
  }
  return clock;
}

/** The short name of `timeZone` at `at` ('PST', 'UTC'). */
function zoneAbbreviation(at: Date, timeZone: string): string {
  return clockOf('moment', timeZone).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'UTC';
}

/**
 * A bound of the traced span on the report's clock ('May 9, 2023, 12:00 AM PDT'; docs/METRICS.md
 * 'Ranges, days and time zones').
 */
export function formatSpanBound(iso: string, timeZone = 'UTC'): string {
  const at = new Date(iso);
  return `${clockOf('span', timeZone).format(at)} ${zoneAbbreviation(at, timeZone)}`;
}

/** An overlap's entry or exit on the report's clock ('May 10, 11:09:29 AM PDT'). */
export function formatMoment(iso: string, timeZone = 'UTC'): string {
  return clockOf('moment', timeZone).format(new Date(iso));
}
