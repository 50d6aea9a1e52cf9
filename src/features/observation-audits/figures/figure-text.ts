import type { DifferenceFigure, EstimateFigure } from '@contracts/observation-audits';

// How the audits' figures read on screen and on paper (docs/METRICS.md sections 11 and 12): a
// proportion as a whole percent with its 95 % interval, κ to two decimals with its interval, a gap
// in percentage points with its sign.

const minus = (text: string) => text.replace('-', '−');
const pct = (p: number) => `${Math.round(p * 100)} %`;
const two = (x: number) => minus(x.toFixed(2));
const points = (d: number) => {
  const rounded = Math.round(d * 100);
  return rounded > 0 ? `+${rounded}` : minus(String(rounded));
};

/** '84 % (72 to 92 %)', or '—' when the figure has nothing to divide. */
export function percentWithInterval(e: EstimateFigure): string {
  if (e.value === null) return '—';
  return e.low === null || e.high === null ? pct(e.value) : `${pct(e.value)} (${Math.round(e.low * 100)} to ${pct(e.high)})`;
}

/** 'κ 0.62 (0.41 to 0.84)' without the κ: '0.62 (0.41 to 0.84)', or '—'. */
export function kappaWithInterval(e: EstimateFigure): string {
  if (e.value === null) return '—';
  return e.low === null || e.high === null ? two(e.value) : `${two(e.value)} (${two(e.low)} to ${two(e.high)})`;
}

/** '+25 points (−3 to +48)', '−1 point', or '—' when either side counted nothing. */
export function gapInPoints(d: DifferenceFigure): string {
  if (d.value === null) return '—';
  const unit = Math.abs(Math.round(d.value * 100)) === 1 ? 'point' : 'points';
  return d.low === null || d.high === null ? `${points(d.value)} ${unit}` : `${points(d.value)} ${unit} (${points(d.low)} to ${points(d.high)})`;
}

/** The n beside a figure: 'n 52'. */
export const nText = (e: EstimateFigure) => `n ${e.n.toLocaleString('en-US')}`;
