import { describe, expect, it } from 'vitest';
import {
  complianceColor,
  compliancePercent,
  convertUnit,
  formatDelta,
  formatPercent,
  formatMinutesSeconds,
  formatSeconds,
  formatUsage,
  wholePercents,
} from './units';

describe('compliancePercent', () => {
  it('shows a ratio as a whole percent', () => {
    expect(compliancePercent(0.78)).toBe(78);
    expect(compliancePercent(0.004)).toBe(0);
    expect(compliancePercent(0)).toBe(0);
    expect(compliancePercent(1)).toBe(100);
  });

  it('has no percent for a missing ratio', () => {
    expect(compliancePercent(null)).toBeNull();
    expect(compliancePercent(undefined)).toBeNull();
    expect(compliancePercent(Number.NaN)).toBeNull();
  });
});

describe('formatPercent', () => {
  it('shows the percent sign, or a dash when unknown', () => {
    expect(formatPercent(0.78)).toBe('78%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(null)).toBe('—');
    expect(formatPercent(undefined)).toBe('—');
  });
});

describe('complianceColor', () => {
  it.each([
    [0, 'gray'],
    [0.4, 'gray'],
    [59.5, 'violet'],
    [60, 'violet'],
    [79.9, 'green'],
    [80, 'green'],
    [100, 'green'],
    [null, 'gray'],
  ] as const)('colours %s as %s', (percent, colour) => {
    expect(complianceColor(percent)).toBe(colour);
  });

  it('colours a low but visible percent red', () => {
    expect(complianceColor(0.5)).toBe('red');
    expect(complianceColor(1)).toBe('red');
    expect(complianceColor(59.4)).toBe('red');
    expect(complianceColor(undefined)).toBe('gray');
  });

  it('matches the percent the badge displays', () => {
    for (const ratio of [0.004, 0.595, 0.799]) {
      const shown = compliancePercent(ratio);
      expect(complianceColor(ratio * 100)).toBe(complianceColor(shown));
    }
  });
});

describe('convertUnit', () => {
  it('converts and rounds to two decimals', () => {
    expect(convertUnit(90, 's-to-m')).toBe(1.5);
    expect(convertUnit(100, 's-to-m')).toBe(1.67);
    expect(convertUnit(90, 'm-to-h')).toBe(1.5);
    expect(convertUnit(5_400_000, 'ms-to-h')).toBe(1.5);
    expect(convertUnit(1000, 'ms-to-h')).toBe(0);
    expect(convertUnit(8_456, 'ms-to-s')).toBe(8.46);
    expect(convertUnit(0, 'ms-to-s')).toBe(0);
  });

  it('returns the value unchanged without a conversion, and keeps null', () => {
    expect(convertUnit(12.3456)).toBe(12.3456);
    expect(convertUnit(null, 's-to-m')).toBeNull();
    expect(convertUnit(null)).toBeNull();
  });
});

describe('formatSeconds', () => {
  it('shows one decimal below 10 s and whole seconds from 10 s', () => {
    expect(formatSeconds(8.5)).toBe('8.5 sec');
    expect(formatSeconds(0)).toBe('0.0 sec');
    expect(formatSeconds(9.94)).toBe('9.9 sec');
    expect(formatSeconds(9.96)).toBe('10 sec');
    expect(formatSeconds(10)).toBe('10 sec');
    expect(formatSeconds(23.4)).toBe('23 sec');
    expect(formatSeconds(23.5)).toBe('24 sec');
  });

  it('shows a dash when unknown', () => {
    expect(formatSeconds(null)).toBe('—');
  });
});

describe('formatMinutesSeconds', () => {
  it('shows seconds under a minute, then minutes and seconds, then hours and minutes from an hour up', () => {
    expect(formatMinutesSeconds(45.4)).toBe('45 sec');
    expect(formatMinutesSeconds(59.6)).toBe('1 min');
    expect(formatMinutesSeconds(314)).toBe('5 min 14 sec');
    expect(formatMinutesSeconds(3599)).toBe('59 min 59 sec');
    expect(formatMinutesSeconds(3600)).toBe('1 h');
    expect(formatMinutesSeconds(206 * 60 + 53)).toBe('3 h 27 min');
    expect(formatMinutesSeconds(7170)).toBe('2 h');
    expect(formatMinutesSeconds(null)).toBe('—');
  });
});

describe('formatUsage', () => {
  it('says none for nothing worn, and less than a minute under 60 000 ms', () => {
    expect(formatUsage(0)).toBe('None');
    expect(formatUsage(1)).toBe('Less than a minute');
    expect(formatUsage(59_999)).toBe('Less than a minute');
  });

  it('shows floored minutes, with hours from one hour', () => {
    expect(formatUsage(60_000)).toBe('1 min');
    expect(formatUsage(119_999)).toBe('1 min');
    expect(formatUsage(3_599_999)).toBe('59 min');
    expect(formatUsage(3_600_000)).toBe('1 h 0 min');
    expect(formatUsage(3_660_000)).toBe('1 h 1 min');
    expect(formatUsage(7_200_000)).toBe('2 h 0 min');
  });

  it('shows a dash when unknown', () => {
    expect(formatUsage(null)).toBe('—');
  });
});

describe('formatDelta', () => {
  it('shows ratio deltas as signed percentage points', () => {
    expect(formatDelta(0.03, 'ratio')).toBe('+3 pts');
    expect(formatDelta(-0.02, 'ratio')).toBe('\u22122 pts');
    expect(formatDelta(0, 'ratio')).toBe('0 pts');
    expect(formatDelta(-0.004, 'ratio')).toBe('0 pts');
  });

  it('shows number deltas with thousands separators', () => {
    expect(formatDelta(1204, 'number')).toBe('+1,204');
    expect(formatDelta(-1_234_567, 'number')).toBe('\u22121,234,567');
    expect(formatDelta(0, 'number')).toBe('0');
  });

  it('shows seconds deltas with one decimal', () => {
    expect(formatDelta(1.5, 'seconds')).toBe('+1.5 sec');
    expect(formatDelta(-2, 'seconds')).toBe('\u22122.0 sec');
    expect(formatDelta(0.04, 'seconds')).toBe('0.0 sec');
  });

  it('omits the comparison when there is none', () => {
    expect(formatDelta(null, 'ratio')).toBeNull();
    expect(formatDelta(null, 'number')).toBeNull();
    expect(formatDelta(null, 'seconds')).toBeNull();
  });
});

describe('wholePercents', () => {
  it('rounds shares that add up to 100 so that their whole numbers do too', () => {
    expect(wholePercents([50.5, 49.5])).toEqual([51, 49]);
    expect(wholePercents([33.4, 33.3, 33.3])).toEqual([34, 33, 33]);
    expect(wholePercents([12.6, 37.6, 49.8])).toEqual([12, 38, 50]);
    expect(wholePercents([100, 0, 0])).toEqual([100, 0, 0]);
  });

  it('keeps nulls, and rounds one by one shares that do not add up to 100', () => {
    expect(wholePercents([null, null])).toEqual([null, null]);
    expect(wholePercents([60.6, null, 39.4])).toEqual([61, null, 39]);
    expect(wholePercents([10.6, 20.4])).toEqual([11, 20]);
  });
});
