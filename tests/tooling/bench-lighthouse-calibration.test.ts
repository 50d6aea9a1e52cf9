import { describe, expect, it } from 'vitest';
import { calibratedCpuSlowdown, DEFAULT_CPU_SLOWDOWN, scoreMetrics } from '../../scripts/bench/web-lighthouse';

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

describe('the metrics a Lighthouse performance score is made of', () => {
  const audit = (numericValue: number, score: number) => ({ numericValue, score });
  const lhr = {
    audits: {
      'first-contentful-paint': audit(900, 1),
      'speed-index': audit(2800, 0.96),
      'largest-contentful-paint': audit(3900, 0.52),
      'total-blocking-time': audit(1100, 0.23),
      'cumulative-layout-shift': audit(0.01, 1),
      interactive: audit(4000, 0.88),
    },
    categories: {
      performance: {
        auditRefs: [
          { id: 'first-contentful-paint', weight: 10 },
          { id: 'largest-contentful-paint', weight: 25 },
          { id: 'total-blocking-time', weight: 30 },
          { id: 'cumulative-layout-shift', weight: 25 },
          { id: 'speed-index', weight: 10 },
          { id: 'interactive', weight: 0 },
        ],
      },
    },
  };

  it('gives each metric its value, score and share of the total, so the points each loses can be told', () => {
    const metrics = scoreMetrics(lhr);
    expect(metrics.TBT).toEqual({ value: 1100, score: 0.23, weight: 0.3 });
    expect(metrics.LCP).toEqual({ value: 3900, score: 0.52, weight: 0.25 });
    expect(metrics.CLS.value).toBe(0.01);
    const weights = Object.values(metrics).reduce((sum, m) => sum + m.weight, 0);
    expect(weights).toBeCloseTo(1, 10);
    // The weighted scores make Lighthouse's total.
    const total = Object.values(metrics).reduce((sum, m) => sum + m.weight * m.score, 0);
    expect(total).toBeCloseTo(0.1 * 1 + 0.1 * 0.96 + 0.25 * 0.52 + 0.3 * 0.23 + 0.25 * 1, 10);
  });

  it('fails when a metric is missing rather than scoring it as zero', () => {
    const { 'total-blocking-time': _missing, ...audits } = lhr.audits;
    expect(() => scoreMetrics({ ...lhr, audits })).toThrow(/TBT/);
  });
});
