import type { EstimateFigure } from '../../contracts/observation-audits';

// The line the reports show beside a compliance figure (docs/METRICS.md '11. Observation audits:
// how far the sensors agree'): whether the units the report covers were validated by an
// observation audit in the month of its last day, and how well the sensors agreed.

/** A unit validated in the month: a matched pair and a defined κ (as docs/METRICS.md '13. Leapfrog readiness' counts it). */
export interface ValidatedUnit {
  groupId: number;
  name: string;
  kappa: EstimateFigure;
  agreement: EstimateFigure;
  matched: number;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** 'December 2026' of '2026-12'. */
export const monthName = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(0, 4)}`;

const kappaText = (k: number) => k.toFixed(2).replace('-', '−');
const percent = (p: number) => `${Math.round(p * 100)} %`;

/** Whether a unit's month counts as validated. */
export const isValidated = (unit: { matched: number; kappa: EstimateFigure }) => unit.matched > 0 && unit.kappa.value !== null;

/**
 * The words: 'No patient care unit in this report', 'Not validated in December 2026', one unit's κ
 * with its interval and the agreement with its n, or for several units how many were validated and
 * the range of their κ.
 */
export function validationWords(month: string, covered: number, validated: readonly ValidatedUnit[]): string {
  const when = monthName(month);
  if (covered === 0) return 'No patient care unit in this report';
  if (validated.length === 0) return `Not validated in ${when}`;
  if (covered === 1 && validated.length === 1) {
    const [{ kappa, agreement, matched }] = validated as [ValidatedUnit];
    const interval = kappa.low !== null && kappa.high !== null ? ` (${kappaText(kappa.low)} to ${kappaText(kappa.high)})` : '';
    return `Validated in ${when}: κ ${kappaText(kappa.value ?? 0)}${interval}, agreement ${percent(agreement.value ?? 0)} of ${matched} matched opportunities`;
  }
  const kappas = validated.map((u) => u.kappa.value ?? 0);
  const low = Math.min(...kappas);
  const high = Math.max(...kappas);
  const range = low === high ? `κ ${kappaText(low)}` : `κ ${kappaText(low)} to ${kappaText(high)}`;
  return `Validated in ${when} on ${validated.length} of ${covered} units: ${range}`;
}
