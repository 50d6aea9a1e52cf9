// The number field of a slider setting (docs/SCREENS.md 'Settings editor drawer'): it accepts only empty, '-' or
// whole integers; a value outside min/max (or off the setting's step, which the server refuses
// too) marks an error, and on blur the field reverts to the last valid value. The −/+ buttons
// step from the last valid value and clamp to min/max.

/** The bounds of a slider setting. */
export interface SliderRange {
  min: number;
  max: number;
  step: number;
}

const SLIDER_TEXT = /^-?\d*$/;

/** Whether the field takes this text at all: '', '-' or a whole integer (anything else is refused as typed). */
export function acceptsSliderText(text: string): boolean {
  return SLIDER_TEXT.test(text);
}

/** The whole number the text holds; null for '' and '-' (or anything not a safe integer). */
export function parseSliderText(text: string): number | null {
  if (!acceptsSliderText(text) || text === '' || text === '-') return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** One −/+ press: a step down or up from the value, kept within min/max. */
export function stepValue(value: number, direction: 1 | -1, range: SliderRange): number {
  return clamp(value + direction * range.step, range.min, range.max);
}

/** Why a value does not fit its slider (null when it fits): a whole number within min/max, on the step from min. */
export function sliderError(value: number | null, range: SliderRange): string | null {
  if (value === null) return 'Enter a whole number';
  if (value < range.min || value > range.max) return `Must be between ${range.min} and ${range.max}`;
  if (range.step > 1 && (value - range.min) % range.step !== 0) return `Must be in steps of ${range.step}`;
  return null;
}

/** What a typed text makes of the field: the value it holds when valid, else the error to show. */
export function readSliderText(text: string, range: SliderRange): { value: number; error: null } | { value: null; error: string } {
  const value = parseSliderText(text);
  const error = sliderError(value, range);
  return error === null && value !== null ? { value, error: null } : { value: null, error: error ?? 'Enter a whole number' };
}

/** The text a field shows after blur: the last valid value when the typed text was in error, else the typed value tidied ('007' → '7'). */
export function textOnBlur(text: string, lastValid: number, range: SliderRange): string {
  const read = readSliderText(text, range);
  return String(read.error === null ? read.value : lastValid);
}
