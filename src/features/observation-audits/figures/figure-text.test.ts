import { describe, expect, it } from 'vitest';
import { gapInPoints, kappaWithInterval, nText, percentWithInterval } from './figure-text';

// The audits' figures as they read (docs/METRICS.md sections 11 and 12).

describe('the audits’ figures in words', () => {
  it('gives a proportion as a whole percent with its interval, and a dash with nothing to divide', () => {
    expect(percentWithInterval({ value: 0.8431, low: 0.7162, high: 0.9188, n: 51 })).toBe('84 % (72 to 92 %)');
    expect(percentWithInterval({ value: 1, low: null, high: null, n: 3 })).toBe('100 %');
    expect(percentWithInterval({ value: null, low: null, high: null, n: 0 })).toBe('—');
  });

  it('gives κ to two decimals with a true minus sign', () => {
    expect(kappaWithInterval({ value: -1 / 3, low: -1, high: 0.9733, n: 4 })).toBe('−0.33 (−1.00 to 0.97)');
    expect(kappaWithInterval({ value: null, low: null, high: null, n: 0 })).toBe('—');
  });

  it('gives a gap in signed percentage points', () => {
    expect(gapInPoints({ value: 0.25, low: -0.031, high: 0.482 })).toBe('+25 points (−3 to +48)');
    expect(gapInPoints({ value: 0, low: -0.1, high: 0.1 })).toBe('0 points (−10 to +10)');
    expect(gapInPoints({ value: -0.012, low: -0.33, high: 0.2 })).toBe('−1 point (−33 to +20)');
    expect(gapInPoints({ value: null, low: null, high: null })).toBe('—');
  });

  it('says the n', () => {
    expect(nText({ value: 0.5, low: 0.1, high: 0.9, n: 1234 })).toBe('n 1,234');
  });
});
