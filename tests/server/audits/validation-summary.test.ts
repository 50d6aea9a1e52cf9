import { describe, expect, it } from 'vitest';
import { monthName, validationWords, type ValidatedUnit } from '../../../server/src/modules/audits/validation-summary';

// The line beside a report's compliance (docs/METRICS.md '11. Observation audits: how far the sensors agree').

const unit = (name: string, kappa: number, low: number, high: number, agreement: number, matched: number): ValidatedUnit => ({
  groupId: name.length,
  name,
  kappa: { value: kappa, low, high, n: matched },
  agreement: { value: agreement, low: null, high: null, n: matched },
  matched,
});

describe('the validation line of a report', () => {
  it('names the month', () => {
    expect(monthName('2026-01')).toBe('January 2026');
    expect(monthName('2026-12')).toBe('December 2026');
  });

  it('says when the report covers no unit, and when none was validated', () => {
    expect(validationWords('2026-12', 0, [])).toBe('No patient care unit in this report');
    expect(validationWords('2026-12', 4, [])).toBe('Not validated in December 2026');
  });

  it('gives one unit’s κ with its interval and the agreement with its n', () => {
    expect(validationWords('2026-12', 1, [unit('ICU', 0.6234, 0.41, 0.836, 0.843, 52)])).toBe(
      'Validated in December 2026: κ 0.62 (0.41 to 0.84), agreement 84 % of 52 matched opportunities',
    );
  });

  it('gives several units’ count and the range of their κ', () => {
    expect(validationWords('2026-12', 7, [unit('A', 0.41, 0, 1, 0.8, 20), unit('B', 0.8, 0, 1, 0.9, 30), unit('C', 0.55, 0, 1, 0.85, 12)])).toBe(
      'Validated in December 2026 on 3 of 7 units: κ 0.41 to 0.80',
    );
    expect(validationWords('2026-12', 2, [unit('A', -0.1, -1, 1, 0.5, 4)])).toBe('Validated in December 2026 on 1 of 2 units: κ −0.10');
  });
});
