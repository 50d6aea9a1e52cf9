import { describe, expect, it } from 'vitest';
import { acceptsSliderText, clamp, parseSliderText, readSliderText, sliderError, stepValue, textOnBlur } from './slider-input';

const range = { min: 60, max: 3600, step: 60 };

describe('slider input', () => {
  it("accepts only empty, '-' or whole integers", () => {
    for (const text of ['', '-', '0', '12', '-40', '007']) expect(acceptsSliderText(text)).toBe(true);
    for (const text of ['1.5', '1e3', '+1', '--1', '1-', 'abc', ' 1', '1 ']) expect(acceptsSliderText(text)).toBe(false);
  });

  it("reads '' and '-' as no value", () => {
    expect(parseSliderText('')).toBeNull();
    expect(parseSliderText('-')).toBeNull();
    expect(parseSliderText('-12')).toBe(-12);
    expect(parseSliderText('99999999999999999999')).toBeNull();
  });

  it('marks a value outside min/max, off the step, or missing as an error', () => {
    expect(sliderError(300, range)).toBeNull();
    expect(sliderError(3660, range)).toBe('Must be between 60 and 3600');
    expect(sliderError(0, range)).toBe('Must be between 60 and 3600');
    expect(sliderError(90, range)).toBe('Must be in steps of 60');
    expect(sliderError(null, range)).toBe('Enter a whole number');
    expect(sliderError(-8, { min: -40, max: 4, step: 4 })).toBeNull();
  });

  it('reads typed text into a value or an error', () => {
    expect(readSliderText('120', range)).toEqual({ value: 120, error: null });
    expect(readSliderText('5000', range)).toEqual({ value: null, error: 'Must be between 60 and 3600' });
    expect(readSliderText('-', range)).toEqual({ value: null, error: 'Enter a whole number' });
  });

  it('steps and clamps to min/max', () => {
    expect(stepValue(300, 1, range)).toBe(360);
    expect(stepValue(300, -1, range)).toBe(240);
    expect(stepValue(3600, 1, range)).toBe(3600);
    expect(stepValue(60, -1, range)).toBe(60);
    expect(clamp(-5, 0, 10)).toBe(0);
    expect(clamp(15, 0, 10)).toBe(10);
  });

  it('reverts on blur to the last valid value when the text is in error, else tidies it', () => {
    expect(textOnBlur('5000', 300, range)).toBe('300');
    expect(textOnBlur('', 300, range)).toBe('300');
    expect(textOnBlur('-', 300, range)).toBe('300');
    expect(textOnBlur('0120', 300, range)).toBe('120');
  });
});
