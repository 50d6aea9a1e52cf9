import { describe, expect, it } from 'vitest';
import { calibratedCpuSlowdown, DEFAULT_CPU_SLOWDOWN } from '../../scripts/bench/web-lighthouse';

describe('the CPU slowdown calibrated to the machine running Lighthouse', () => {
  it('gives the default for the desktop it assumes, and the calculator’s points elsewhere', () => {
    expect(calibratedCpuSlowdown(1533)).toBeCloseTo(DEFAULT_CPU_SLOWDOWN, 1);
    expect(calibratedCpuSlowdown(2000)).toBeCloseTo(6, 1);
    expect(calibratedCpuSlowdown(1300)).toBe(3);
    expect(calibratedCpuSlowdown(800)).toBe(2);
    expect(calibratedCpuSlowdown(150)).toBe(1);
    expect(calibratedCpuSlowdown(1050)).toBeCloseTo(2.5, 5);
  });

  it('grows with the machine’s speed and has no answer for a machine too slow to emulate the phone', () => {
    const indexes = [150, 400, 799, 800, 1000, 1299, 1300, 1700];
    const slowdowns = indexes.map((index) => calibratedCpuSlowdown(index) as number);
    for (let i = 1; i < slowdowns.length; i++) expect(slowdowns[i]).toBeGreaterThan(slowdowns[i - 1] as number);
    expect(calibratedCpuSlowdown(149)).toBeNull();
    expect(calibratedCpuSlowdown(Number.NaN)).toBeNull();
  });
});
