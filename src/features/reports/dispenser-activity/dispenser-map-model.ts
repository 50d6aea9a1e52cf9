import type { ActivityLevel } from '@contracts/reports/dispensers';

// The Dispenser Activity map's rules, apart from drawing: bar heights, colours by activity
// level or dispenser type, the activity-level filter and the list/map toggle (docs/SCREENS.md 'Dispenser Activity Report').

/** Bar heights on the plan, in floor-plan pixels (2 to 130). */
export const BAR_MIN_PX = 2;
export const BAR_MAX_PX = 130;

/**
 * A bar's height: 2 px for no dispenses, 130 px for the busiest dispenser of the location, linear
 * in count ÷ max between them.
 */
export function barHeight(count: number, max: number): number {
  if (max <= 0 || count <= 0) return BAR_MIN_PX;
  const ratio = Math.min(1, count / max);
  return BAR_MIN_PX + (BAR_MAX_PX - BAR_MIN_PX) * ratio;
}

/** What the bars' colours say. */
export type ColorBy = 'activity' | 'type';

export const COLOR_BY_OPTIONS: readonly { value: ColorBy; label: string }[] = [
  { value: 'activity', label: 'Activity Level' },
  { value: 'type', label: 'Dispenser Type' },
];

/** Activity colours, a scale from grey (none) through yellow to red (high). */
export const ACTIVITY_COLORS: Record<ActivityLevel, string> = {
  None: '#adb5bd',
  Low: '#fcc419',
  Medium: '#fd7e14',
  High: '#e03131',
};

/** Dispenser type colours. */
export const TYPE_COLORS: Record<'Sanitizer' | 'Soap', string> = {
  Sanitizer: '#1c7ed6',
  Soap: '#0ca678',
};

/** A bar's colour for what Color By says. */
export function barColor(dispenser: { activityLevel: ActivityLevel; role: 'Soap' | 'Sanitizer' }, colorBy: ColorBy): string {
  return colorBy === 'activity' ? ACTIVITY_COLORS[dispenser.activityLevel] : TYPE_COLORS[dispenser.role];
}

/** The legend for what Color By says: Low to High, or Sanitizer and Soap. */
export function legendItems(colorBy: ColorBy): { label: string; color: string }[] {
  if (colorBy === 'type') return (['Sanitizer', 'Soap'] as const).map((role) => ({ label: role, color: TYPE_COLORS[role] }));
  return (['None', 'Low', 'Medium', 'High'] as const).map((level) => ({ label: level, color: ACTIVITY_COLORS[level] }));
}

/** The Activity Level filter's choices. */
export type LevelFilter = 'All' | ActivityLevel;
export const LEVEL_FILTERS: readonly LevelFilter[] = ['All', 'None', 'Low', 'Medium', 'High'];

/** The dispensers the Activity Level filter keeps. */
export function filterByLevel<T extends { activityLevel: ActivityLevel }>(rows: readonly T[], level: LevelFilter): readonly T[] {
  return level === 'All' ? rows : rows.filter((row) => row.activityLevel === level);
}

/** Which views show: the list, the map, or both; never neither. */
export interface Views {
  list: boolean;
  map: boolean;
}

/** The views after a toggle; turning off the only view on is refused (the views stay as they were). */
export function toggleView(views: Views, view: keyof Views): Views {
  const next = { ...views, [view]: !views[view] };
  return next.list || next.map ? next : views;
}

/** The largest count of the location's dispensers (0 without any), the bars' 130 px. */
export function maxCount(rows: readonly { count: number }[]): number {
  let max = 0;
  for (const row of rows) if (row.count > max) max = row.count;
  return max;
}

/** A local hour of day as the screens write it: '12 AM', '7 AM', '1 PM'. */
export function hourLabel(hour: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * A `#rrggbb` colour moved `amount` (0 to 1) of the way towards the grey level `to` (255 white,
 * 0 black): a bar's lit top and shaded side.
 */
export function shade(hex: string, amount: number, to: number): string {
  const channel = (i: number) => {
    const value = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
    return Math.round(value + (to - value) * amount)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}
