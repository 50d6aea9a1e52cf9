// How far the sensors agree with an observer, as defined in
// docs/METRICS.md '11. Observation audits: how far the sensors agree'. The observer is the
// reference: each matched opportunity is judged compliant or not by both, giving a 2×2 table, and
// each figure is given with its 95 % confidence interval. Pure functions: the matching
// (observation-matching.ts) decides what enters the table.

/** The standard normal quantile of a two-sided 95 % interval. */
export const Z_95 = 1.959963984540054;

/**
 * The matched opportunities, judged by the observer and by the sensors:
 * `both` compliant for both, `observerOnly` compliant for the observer alone, `sensorsOnly` for
 * the sensors alone, `neither` for neither.
 */
export interface AgreementTable {
  both: number;
  observerOnly: number;
  sensorsOnly: number;
  neither: number;
}

/** A proportion or coefficient with its 95 % interval; null values when it is undefined (nothing to divide). */
export interface Estimate {
  value: number | null;
  low: number | null;
  high: number | null;
  /** What it is computed over (its denominator; for κ, every matched opportunity). */
  n: number;
}

const NONE = (n: number): Estimate => ({ value: null, low: null, high: null, n });
const clamp = (x: number, low: number, high: number) => Math.min(high, Math.max(low, x));

/**
 * `successes` of `n` with the Wilson score interval (Wilson 1927; Newcombe 1998, method 3), which
 * stays within 0–1 and is sound for small n and for 0 or n successes.
 */
export function proportion(successes: number, n: number, z = Z_95): Estimate {
  if (n <= 0) return NONE(0);
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return { value: p, low: clamp(centre - half, 0, 1), high: clamp(centre + half, 0, 1), n };
}

const total = (t: AgreementTable) => t.both + t.observerOnly + t.sensorsOnly + t.neither;

/** Agreement: the share of matched opportunities both judged alike. */
export const agreement = (t: AgreementTable): Estimate => proportion(t.both + t.neither, total(t));

/** Sensitivity: of the opportunities the observer saw compliant, the share the sensors counted compliant. */
export const sensitivity = (t: AgreementTable): Estimate => proportion(t.both, t.both + t.observerOnly);

/** Positive predictive value: of the opportunities the sensors counted compliant, the share the observer saw compliant. */
export const positivePredictiveValue = (t: AgreementTable): Estimate => proportion(t.both, t.both + t.sensorsOnly);

/**
 * Cohen's κ (Cohen 1960): agreement beyond what the two judges' own rates of compliance would give
 * by chance, (pₒ − pₑ) / (1 − pₑ), with the large-sample standard error
 * √(pₒ(1 − pₒ) / (n(1 − pₑ)²)) and the interval κ ± z·SE, kept within −1…1. Undefined with no
 * matched opportunity, or when chance alone would give full agreement (pₑ = 1: both judged every
 * opportunity alike and the same way).
 */
export function cohensKappa(t: AgreementTable, z = Z_95): Estimate {
  const n = total(t);
  if (n === 0) return NONE(0);
  const po = (t.both + t.neither) / n;
  const observerYes = (t.both + t.observerOnly) / n;
  const sensorsYes = (t.both + t.sensorsOnly) / n;
  const pe = observerYes * sensorsYes + (1 - observerYes) * (1 - sensorsYes);
  if (pe >= 1) return NONE(n);
  const kappa = (po - pe) / (1 - pe);
  const se = Math.sqrt((po * (1 - po)) / (n * (1 - pe) ** 2));
  return { value: kappa, low: clamp(kappa - z * se, -1, 1), high: clamp(kappa + z * se, -1, 1), n };
}

/** Every validation figure of one table. */
export function validationFigures(t: AgreementTable) {
  return { agreement: agreement(t), sensitivity: sensitivity(t), positivePredictiveValue: positivePredictiveValue(t), kappa: cohensKappa(t) };
}
export type ValidationFigures = ReturnType<typeof validationFigures>;
