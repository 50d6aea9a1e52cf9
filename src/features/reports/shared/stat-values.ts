import type { Stat } from '@contracts/reports/common';
import { formatDelta, formatPercent, formatSeconds } from '@/lib/units';

/** How a figure reads: a compliance ratio, a count, or seconds of washing. */
export type StatKind = 'ratio' | 'number' | 'seconds';

const count = new Intl.NumberFormat('en-US');

/** The figure as text ('—' when there is none). */
export function statValue(stat: Stat | undefined, kind: StatKind): string {
  const value = stat?.value ?? null;
  if (value === null) return '—';
  if (kind === 'ratio') return formatPercent(value);
  if (kind === 'seconds') return formatSeconds(value);
  return count.format(value);
}

/**
 * The change as signed text with its sign, or null when there is none. The sign is the shown
 * text's: a change that rounds to zero ('0 pts') has none, and is coloured as neither better nor worse.
 */
export function statDelta(stat: Stat | undefined, kind: StatKind): { text: string; sign: number } | null {
  const delta = stat?.delta ?? null;
  if (delta === null) return null;
  const text = formatDelta(delta, kind);
  if (text === null) return null;
  return { text, sign: text.startsWith('+') ? 1 : text.startsWith('\u2212') ? -1 : 0 };
}
