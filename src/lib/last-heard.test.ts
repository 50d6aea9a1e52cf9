import { describe, expect, it } from 'vitest';
import { formatLastHeard } from './last-heard';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('Last Heard', () => {
  it('says Never for a device never heard', () => {
    expect(formatLastHeard(null, NOW)).toBe('Never');
  });

  it.each([
    [0, 'just now'],
    [59_999, 'just now'],
    [-5 * MINUTE, 'just now'],
    [MINUTE, '1 minute ago'],
    [59 * MINUTE + 59_000, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [3 * HOUR + 20 * MINUTE, '3 hours ago'],
    [23 * HOUR + 59 * MINUTE, '23 hours ago'],
    [DAY, '1 day ago'],
    [47 * HOUR, '1 day ago'],
    [12 * DAY, '12 days ago'],
    [59 * DAY, '59 days ago'],
    [60 * DAY, '2 months ago'],
    [400 * DAY, '13 months ago'],
    [730 * DAY, '2 years ago'],
  ])('shows a heartbeat %i ms old as %s', (age, text) => {
    expect(formatLastHeard(before(age), NOW)).toBe(text);
  });
});
