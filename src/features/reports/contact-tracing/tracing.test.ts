import { describe, expect, it } from 'vitest';
import type { ExposureInteraction, ExposureUser } from '@contracts/reports/exposure';
import type { UserSummary } from '@contracts/entities';
import {
  contactsOf,
  EXPOSURE_PAGE_SIZE,
  exposedUsers,
  exposureRange,
  formatExposure,
  formatMoment,
  formatSpanBound,
  matchingStaff,
  PERIOD_MINUTES,
  personOfSearch,
  staffOf,
} from './tracing';

const user = (id: number, firstName: string, lastName: string, extra: Partial<UserSummary> = {}): UserSummary => ({
  id,
  userName: `${firstName}@x`,
  clientUserId: `E${id}`,
  firstName,
  lastName,
  name: `${firstName} ${lastName}`,
  email: null,
  phone: null,
  picture: null,
  professionId: 'RN',
  organizationId: 5,
  groupId: null,
  active: true,
  demo: false,
  createdAt: '2024-01-01T00:00:00.000Z',
  ...extra,
});

const users = [
  user(1, 'Ada', 'Lovelace'),
  user(2, 'Ada', 'Byron'),
  user(3, 'Grace', 'Hopper'),
  user(4, 'Alan', 'Turing', { organizationId: 9 }),
  user(5, 'Old', 'Timer', { active: false }),
  user(6, 'Ada', 'Lovelace', { organizationId: 6 }),
];
const nameOf = (u: UserSummary) => `${u.firstName} ${u.lastName}`;

describe('the staff that can be traced', () => {
  it('are the active users of the chosen organizations, by name', () => {
    expect(staffOf(users, new Set([5]), nameOf).map((s) => s.id)).toEqual([2, 1, 3]);
    expect(staffOf(users, new Set([5, 6]), nameOf).map((s) => s.id)).toEqual([2, 1, 6, 3]);
  });

  it('are found by a part of their name or employee ID, whatever the case', () => {
    const staff = staffOf(users, new Set([5, 6]), nameOf);
    expect(matchingStaff(staff, ' ada ').map((s) => s.id)).toEqual([2, 1, 6]);
    expect(matchingStaff(staff, 'e3').map((s) => s.id)).toEqual([3]);
    expect(matchingStaff(staff, '')).toHaveLength(4);
  });

  it('are traced at once when the search names only one of them', () => {
    const staff = staffOf(users, new Set([5]), nameOf);
    expect(personOfSearch(staff, 'hopper')?.id).toBe(3);
    // Two match 'Ada'; only one is spelled 'Ada Lovelace' in these organizations.
    expect(personOfSearch(staff, 'Ada')).toBeUndefined();
    expect(personOfSearch(staff, 'ada lovelace')?.id).toBe(1);
    expect(personOfSearch(staff, 'E2')?.id).toBe(2);
    expect(personOfSearch(staff, '')).toBeUndefined();
    // Namesakes in two organizations leave the choice to the list.
    expect(personOfSearch(staffOf(users, new Set([5, 6]), nameOf), 'Ada Lovelace')).toBeUndefined();
  });
});

const overlap = (userId: number, name: string, entry: string, exit: string): ExposureInteraction => ({
  userId,
  name,
  organizationId: 5,
  profession: 'RN',
  sourceUserId: 1,
  sourceName: 'Ada Lovelace',
  beaconId: 10,
  zoneId: 20,
  room: 'Room 101',
  entryTimestamp: entry,
  exitTimestamp: exit,
  durationMs: Date.parse(exit) - Date.parse(entry),
});

describe("a traced person's contacts", () => {
  it('add up every overlap with each contact, most exposed first, however short the total', () => {
    const contacts = contactsOf([
      overlap(3, 'Grace Hopper', '2023-05-09T00:00:00Z', '2023-05-09T00:14:29Z'),
      overlap(2, 'Ada Byron', '2023-05-10T11:09:29Z', '2023-05-10T11:10:00Z'),
      overlap(3, 'Grace Hopper', '2023-05-10T15:00:00Z', '2023-05-10T15:01:00Z'),
    ]);
    expect(contacts).toEqual([
      { userId: 3, name: 'Grace Hopper', organizationId: 5, profession: 'RN', totalMs: 929_000, interactions: 2, lastSeen: '2023-05-10T15:01:00Z' },
      { userId: 2, name: 'Ada Byron', organizationId: 5, profession: 'RN', totalMs: 31_000, interactions: 1, lastSeen: '2023-05-10T11:10:00Z' },
    ]);
    expect(contactsOf([])).toEqual([]);
  });
});

describe('the Exposure view', () => {
  const exposed = (userId: number, totalMs: number): ExposureUser => ({ userId, name: `U${userId}`, organizationId: 5, profession: null, totalMs, contacts: 1, interactions: 1 });

  it('runs its slider from 1 to 15 minutes, 15 by default, and pages by 12', () => {
    expect(PERIOD_MINUTES).toEqual({ min: 1, max: 15, default: 15 });
    expect(EXPOSURE_PAGE_SIZE).toBe(12);
  });

  it('lists the users whose total reaches the period', () => {
    const all = [exposed(1, 8_068_000), exposed(2, 900_000), exposed(3, 899_999), exposed(4, 60_000)];
    expect(exposedUsers(all, 15).map((u) => u.userId)).toEqual([1, 2]);
    expect(exposedUsers(all, 1).map((u) => u.userId)).toEqual([1, 2, 3, 4]);
    expect(exposedUsers(all, 2).map((u) => u.userId)).toEqual([1, 2, 3]);
  });

  it('reads the week ending on the chosen day', () => {
    expect(exposureRange('2023-05-10')).toEqual({ startDate: '2023-05-04', endDate: '2023-05-10' });
    expect(exposureRange('2024-03-03')).toEqual({ startDate: '2024-02-26', endDate: '2024-03-03' });
  });
});

describe('durations and times', () => {
  it('show an exposure in seconds, minutes or hours', () => {
    expect(formatExposure(31_000)).toBe('31 sec');
    expect(formatExposure(869_000)).toBe('14 min 29 sec');
    expect(formatExposure(900_000)).toBe('15 min');
    expect(formatExposure(7_199_000)).toBe('1 h 59 min');
    expect(formatExposure(9_268_000)).toBe('2 h 34 min');
  });

  it('show the span and the overlaps on the report’s clock, named, UTC when it has none or an unknown one', () => {
    expect(formatSpanBound('2023-05-09T00:00:00.000Z')).toBe('May 9, 2023, 12:00 AM UTC');
    expect(formatSpanBound('2023-05-10T23:59:59.999Z')).toBe('May 10, 2023, 11:59 PM UTC');
    expect(formatMoment('2023-05-10T11:09:29.000Z')).toBe('May 10, 11:09:29 AM UTC');
    expect(formatSpanBound('2023-05-09T07:00:00.000Z', 'US/Pacific')).toBe('May 9, 2023, 12:00 AM PDT');
    expect(formatSpanBound('2023-01-09T08:00:00.000Z', 'US/Pacific')).toBe('Jan 9, 2023, 12:00 AM PST');
    expect(formatMoment('2023-05-10T11:09:29.000Z', 'US/Eastern')).toBe('May 10, 7:09:29 AM EDT');
    expect(formatMoment('2023-05-10T11:09:29.000Z', 'Not/AZone')).toBe('May 10, 11:09:29 AM UTC');
  });
});
