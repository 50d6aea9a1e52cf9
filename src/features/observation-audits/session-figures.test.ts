import { describe, expect, it } from 'vitest';
import { endOf, monthIn, monthLabel, percentText, sessionDeadline, shiftMonth, tallyOf } from './session-figures';

describe('a session’s figures', () => {
  it('counts rubs and washes as compliant and a missed one as not', () => {
    expect(tallyOf([{ action: 'RUB' }, { action: 'WASH' }, { action: 'MISSED' }])).toEqual({ opportunities: 3, compliant: 2, percent: 67 });
    expect(tallyOf([])).toEqual({ opportunities: 0, compliant: 0, percent: null });
    expect(percentText(null)).toBe('—');
    expect(percentText(67)).toBe('67 %');
  });

  it('reads the month on the unit’s clock, not the device’s', () => {
    // 03:00 UTC on the 1st is still the last day of the month before in California.
    expect(monthIn('2026-05-01T03:00:00.000Z', 'US/Pacific')).toBe('2026-04');
    expect(monthIn('2026-05-01T03:00:00.000Z', 'UTC')).toBe('2026-05');
    expect(monthIn('2026-05-01T03:00:00.000Z', 'Not/AZone')).toBe('2026-05');
  });

  it('steps months across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-05', 0)).toBe('2026-05');
    expect(monthLabel('2026-05')).toBe('May 2026');
  });

  it('ends a session left open past 12 hours at its last moment, which the API accepts', () => {
    const startedAt = '2026-05-04T08:00:00.000Z';
    expect(sessionDeadline(startedAt)).toBe(Date.parse('2026-05-04T20:00:00.000Z'));
    expect(endOf(startedAt, Date.parse('2026-05-04T09:30:00.000Z'))).toBe('2026-05-04T09:30:00.000Z');
    expect(endOf(startedAt, Date.parse('2026-05-05T07:00:00.000Z'))).toBe('2026-05-04T20:00:00.000Z');
  });
});
