/** The text shown in place of a missing value. */
export const EMPTY_VALUE = '—';

const MINUS = '\u2212';
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A compliance ratio (a fraction, 0–1) as the whole percent the reports show; null when unknown. */
export function compliancePercent(ratio: number | null | undefined): number | null {
  if (ratio == null || !Number.isFinite(ratio)) return null;
  return Math.round(ratio * 100);
}

/** A compliance ratio (0–1) as text, e.g. '78%', or '—' when unknown. */
export function formatPercent(ratio: number | null | undefined): string {
  const percent = compliancePercent(ratio);
  return percent === null ? EMPTY_VALUE : `${percent}%`;
}

/** The Mantine colour of a compliance badge. */
export type ComplianceColor = 'green' | 'violet' | 'red' | 'gray';

/**
 * The badge colour of a compliance percent (0–100): 80 or more green, 60 or more violet, above 0 red,
 * otherwise (or unknown) gray. The colour follows the whole percent the badge displays: the percent is
 * rounded first, so 59.5 shows '60%' and is violet, 79.9 shows '80%' and is green, 0.4 shows '0%' and is gray.
 */
export function complianceColor(percent: number | null | undefined): ComplianceColor {
  if (percent == null || !Number.isFinite(percent)) return 'gray';
  const shown = Math.round(percent);
  if (shown >= 80) return 'green';
  if (shown >= 60) return 'violet';
  if (shown > 0) return 'red';
  return 'gray';
}

/** A unit conversion applied to exported values: seconds→minutes, minutes→hours, ms→hours, ms→seconds. */
export type UnitConversion = 's-to-m' | 'm-to-h' | 'ms-to-h' | 'ms-to-s';

const DIVISORS: Record<UnitConversion, number> = {
  's-to-m': 60,
  'm-to-h': 60,
  'ms-to-h': 3_600_000,
  'ms-to-s': 1000,
};

/** The short unit name of a conversion's result, as shown in a column header. */
export const CONVERTED_UNIT: Record<UnitConversion, string> = {
  's-to-m': 'min',
  'm-to-h': 'h',
  'ms-to-h': 'h',
  'ms-to-s': 's',
};

/** Converts a value (rounded to 2 decimals); without a conversion the value is returned unchanged. */
export function convertUnit(value: number | null, conversion?: UnitConversion): number | null {
  if (value === null || !conversion) return value;
  return Math.round((value / DIVISORS[conversion]) * 100) / 100;
}

/** A wash duration: one decimal below 10 s, whole seconds from 10 s up, e.g. '8.5 sec', '23 sec'. */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return EMPTY_VALUE;
  const tenths = Math.round(seconds * 10) / 10;
  return Math.abs(tenths) < 10 ? `${tenths.toFixed(1)} sec` : `${Math.round(seconds)} sec`;
}

/**
 * A visit's length: '45 sec' under a minute, '{m} min {s} sec' under an hour (seconds rounded),
 * e.g. '5 min 14 sec', and '{h} h {m} min' from an hour up (minutes rounded), e.g. '3 h 27 min'.
 */
export function formatMinutesSeconds(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return EMPTY_VALUE;
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} sec`;
  if (whole >= 3600) {
    const minutes = Math.round(whole / 60);
    return minutes % 60 === 0 ? `${minutes / 60} h` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  }
  const rest = whole % 60;
  return rest === 0 ? `${whole / 60} min` : `${Math.floor(whole / 60)} min ${rest} sec`;
}

/**
 * A usage or session duration in ms: 'None' (nothing worn), 'Less than a minute', '{m} min' or
 * '{h} h {m} min' (minutes floored).
 */
export function formatUsage(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return EMPTY_VALUE;
  if (ms <= 0) return 'None';
  if (ms < 60_000) return 'Less than a minute';
  const minutes = Math.floor(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/** What a stat card's delta measures: a ratio (shown in percentage points), a count, or seconds. */
export type DeltaKind = 'ratio' | 'number' | 'seconds';

/**
 * A signed comparison for a stat card, e.g. '+3 pts', '−2 pts' (U+2212 minus), '+1,204', '+1.5 sec';
 * a delta that rounds to zero has no sign. Null when there is nothing to compare with.
 */
export function formatDelta(delta: number | null, kind: DeltaKind): string | null {
  if (delta === null || !Number.isFinite(delta)) return null;
  const rounded =
    kind === 'ratio' ? Math.round(delta * 100) : kind === 'seconds' ? Math.round(delta * 10) / 10 : Math.round(delta * 100) / 100;
  const sign = rounded > 0 ? '+' : rounded < 0 ? MINUS : '';
  const magnitude = Math.abs(rounded);
  if (kind === 'ratio') return `${sign}${magnitude} pts`;
  if (kind === 'seconds') return `${sign}${magnitude.toFixed(1)} sec`;
  return `${sign}${numberFormat.format(magnitude)}`;
}

/**
 * Whole-number percentages of shares that add up to 100 (they come unrounded from the server and
 * sum to 100): each is rounded down, then the points left go to the largest remainders, so
 * 33.4 / 33.3 / 33.3 reads 34 / 33 / 33 rather than three 33s, and 50.5 / 49.5 reads 51 / 49 rather
 * than 51 / 50. Nulls stay null; shares that do not add up to 100 are rounded one by one.
 */
export function wholePercents(percents: readonly (number | null)[]): (number | null)[] {
  const present = percents.filter((p): p is number => p !== null && Number.isFinite(p));
  const total = present.reduce((sum, p) => sum + p, 0);
  if (present.length === 0 || Math.abs(total - 100) > 0.5) return percents.map((p) => (p === null ? null : Math.round(p)));
  const floors = percents.map((p) => (p === null ? null : Math.floor(p)));
  let left = 100 - floors.reduce<number>((sum, f) => sum + (f ?? 0), 0);
  const order = percents
    .map((p, i) => ({ i, rest: p === null ? -1 : p - Math.floor(p) }))
    .filter((x) => x.rest >= 0)
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
    left -= 1;
  }
  return floors;
}
