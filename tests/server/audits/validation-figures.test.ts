import { describe, expect, it } from 'vitest';
import {
  agreement,
  cohensKappa,
  positivePredictiveValue,
  proportion,
  sensitivity,
  validationFigures,
  type AgreementTable,
} from '../../../server/src/modules/audits/validation-figures';

/** `n` rounded to 4 places, as the sources print them. */
const r4 = (n: number | null) => (n === null ? null : Math.round(n * 10_000) / 10_000);

describe('a proportion with its Wilson interval', () => {
  // Newcombe RG (1998), "Two-sided confidence intervals for the single proportion: comparison of
  // seven methods", Statistics in Medicine 17:857–872, Table II, method 3 (score interval without
  // continuity correction).
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i: %f to %f, as Newcombe (1998) prints it', (x, n, low, high) => {
    const p = proportion(x, n);
    expect(p.value).toBeCloseTo(x / n, 12);
    expect([r4(p.low), r4(p.high), p.n]).toEqual([low, high, n]);
  });

  it('stays within 0 and 1 at all or nothing, and is undefined with nothing to count', () => {
    expect(proportion(20, 20)).toMatchObject({ value: 1, high: 1 });
    expect(r4(proportion(20, 20).low)).toBe(0.8389);
    expect(proportion(0, 0)).toEqual({ value: null, low: null, high: null, n: 0 });
  });
});

describe('sensitivity, positive predictive value and agreement', () => {
  // Altman DG, Bland JM (1994), "Diagnostic tests 1: sensitivity and specificity" and "Diagnostic
  // tests 2: predictive values", BMJ 308:1552 and 309:102: a liver scan against pathology, 231 true
  // positives, 27 false positives, 32 false negatives, 54 true negatives: sensitivity 231/263 =
  // 0.88, positive predictive value 231/258 = 0.90. Here the observer is the reference and the
  // sensors the test.
  const liverScan: AgreementTable = { both: 231, sensorsOnly: 27, observerOnly: 32, neither: 54 };

  it('give the figures of Altman and Bland’s worked example', () => {
    expect(sensitivity(liverScan)).toMatchObject({ n: 263 });
    expect(r4(sensitivity(liverScan).value)).toBe(0.8783);
    expect(positivePredictiveValue(liverScan)).toMatchObject({ n: 258 });
    expect(r4(positivePredictiveValue(liverScan).value)).toBe(0.8953);
    expect(agreement(liverScan)).toMatchObject({ n: 344 });
    expect(r4(agreement(liverScan).value)).toBe(0.8285);
  });

  it('carry Wilson intervals over their own denominators', () => {
    expect([r4(sensitivity(liverScan).low), r4(sensitivity(liverScan).high)]).toEqual([r4(proportion(231, 263).low), r4(proportion(231, 263).high)]);
    // 231 of 263 by the score formula: 0.8333 to 0.9125.
    expect([r4(sensitivity(liverScan).low), r4(sensitivity(liverScan).high)]).toEqual([0.8333, 0.9125]);
  });

  it('are undefined when nothing was compliant to judge', () => {
    const none: AgreementTable = { both: 0, observerOnly: 0, sensorsOnly: 0, neither: 12 };
    expect(sensitivity(none).value).toBeNull();
    expect(positivePredictiveValue(none).value).toBeNull();
    expect(agreement(none).value).toBe(1);
  });
});

describe("Cohen's kappa", () => {
  // The worked example of Cohen's kappa in its Wikipedia article ("Simple example"): 50 proposals
  // read by two readers, both yes 20, only A yes 5, only B yes 10, both no 15: pₒ = 0.7, pₑ = 0.5,
  // κ = 0.4. Its interval by Cohen's (1960) large-sample error: SE = √(0.7·0.3 / (50·0.5²)) =
  // 0.1296, so 0.4 ± 1.96·0.1296 = 0.1460 to 0.6540.
  const proposals: AgreementTable = { both: 20, observerOnly: 5, sensorsOnly: 10, neither: 15 };

  it('gives 0.4 on the worked example, with its large-sample interval', () => {
    const k = cohensKappa(proposals);
    expect(k.value).toBeCloseTo(0.4, 12);
    expect([r4(k.low), r4(k.high), k.n]).toEqual([0.146, 0.654, 50]);
  });

  it('is 1 for full agreement, 0 for agreement at chance, negative below it', () => {
    expect(cohensKappa({ both: 30, observerOnly: 0, sensorsOnly: 0, neither: 20 }).value).toBe(1);
    expect(cohensKappa({ both: 25, observerOnly: 25, sensorsOnly: 25, neither: 25 }).value).toBe(0);
    expect(cohensKappa({ both: 0, observerOnly: 30, sensorsOnly: 20, neither: 0 }).value).toBeLessThan(0);
  });

  it('keeps its interval within −1 and 1, and is undefined when chance alone agrees fully', () => {
    const k = cohensKappa({ both: 3, observerOnly: 0, sensorsOnly: 0, neither: 1 });
    expect(k.high).toBe(1);
    expect(cohensKappa({ both: 9, observerOnly: 0, sensorsOnly: 0, neither: 0 })).toEqual({ value: null, low: null, high: null, n: 9 });
    expect(cohensKappa({ both: 0, observerOnly: 0, sensorsOnly: 0, neither: 0 }).value).toBeNull();
  });

  it('is one of the figures of a table', () => {
    expect(Object.keys(validationFigures(proposals))).toEqual(['agreement', 'sensitivity', 'positivePredictiveValue', 'kappa']);
  });
});
