import { describe, expect, it } from 'vitest';
import { formatTimeIn } from './format';

describe('formatTimeIn', () => {
  it('reads the instant on the clocks of the zone, naming it', () => {
    expect(formatTimeIn('2026-06-01T14:03:30Z', 'US/Pacific')).toBe('7:03:30 AM PDT');
    expect(formatTimeIn('2026-01-15T14:03:30Z', 'America/New_York')).toBe('9:03:30 AM EST');
  });

  it('falls back to UTC for a missing or unknown zone', () => {
    expect(formatTimeIn('2026-06-01T00:03:30Z', null)).toBe('12:03:30 AM UTC');
    expect(formatTimeIn('2026-06-01T00:03:30Z', 'Mars/Olympus')).toBe('12:03:30 AM UTC');
  });
});
