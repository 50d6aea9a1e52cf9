import { describe, expect, it } from 'vitest';
import { benchEnd, parseScales } from '../../scripts/bench/scales';

describe('parseScales (BENCH_SCALES)', () => {
  it('reads k and M suffixes and plain counts, smallest first, each once', () => {
    expect(parseScales('100M, 1M,10m,250k,1M,50000')).toEqual([
      { label: '50k', events: 50_000 },
      { label: '250k', events: 250_000 },
      { label: '1M', events: 1_000_000 },
      { label: '10M', events: 10_000_000 },
      { label: '100M', events: 100_000_000 },
    ]);
    expect(parseScales('1.5M')).toEqual([{ label: '1500k', events: 1_500_000 }]);
  });

  it('refuses what is not a count of at least 1000, naming it', () => {
    expect(() => parseScales('1M,ten')).toThrow('"ten"');
    expect(() => parseScales('999')).toThrow('"999"');
    expect(() => parseScales(' , ')).toThrow('no scale');
  });
});

describe('benchEnd', () => {
  it('is midnight UTC of the day named, or of today', () => {
    expect(benchEnd('2026-10-16').toISOString()).toBe('2026-10-16T00:00:00.000Z');
    expect(benchEnd(undefined, new Date('2026-11-25T17:03:00Z')).toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(benchEnd('', new Date('2026-11-25T17:03:00Z')).toISOString()).toBe('2026-11-25T00:00:00.000Z');
  });

  it('refuses what is not a day', () => {
    expect(() => benchEnd('2026-02-30')).toThrow('BENCH_END: "2026-02-30" is not a day such as 2026-11-24');
    expect(() => benchEnd('yesterday')).toThrow(/BENCH_END/);
  });
});
