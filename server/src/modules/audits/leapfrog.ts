import { LEAPFROG_TARGETS } from '../../contracts/observation-audits';
import type { ShiftName } from './hawthorne';
import { SHIFTS } from './hawthorne';

// Whether a hospital meets the Leapfrog Hand Hygiene Standard's monitoring measure, unit by unit
// and month by month, as defined in docs/METRICS.md '13. Leapfrog readiness'. Pure: the caller
// counts a unit's monitored opportunities for the month.

/** Opportunities a patient care unit monitors each month: option 1 (monitoring alone) or option 2 (with the standard's four other domains). */
export { LEAPFROG_TARGETS };
export type LeapfrogOption = keyof typeof LEAPFROG_TARGETS;

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** A role is thin below this share of the unit's target. */
export const THIN_ROLE_SHARE = 0.1;

/** One patient care unit's month. */
export interface UnitMonth {
  unit: string;
  /** Opportunities monitored (the sensors' opportunities on the unit in the month). */
  opportunities: number;
  byShift: Readonly<Record<ShiftName, number>>;
  /** Monday first, as `WEEKDAYS`. */
  byWeekday: readonly number[];
  /** Each role (profession) with staff on the unit, by name, and its monitored opportunities. */
  byRole: Readonly<Record<string, number>>;
  /** The month's observation audits of the unit: sessions, matched pairs, and κ (null when undefined). */
  validation: { sessions: number; matched: number; kappa: number | null };
}

export type ReadinessStatus = 'Complete' | 'Gap';

export interface UnitReadiness {
  unit: string;
  status: ReadinessStatus;
  target: number;
  /** Why the unit falls short, in the words shown beside it; empty when Complete. */
  gaps: string[];
  /** What is met but thin, said beside it; it does not make a gap. */
  thin: string[];
}

/** '1 opportunity', '143 opportunities'. */
const counted = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const opportunities = (n: number) => counted(n, 'opportunity', 'opportunities');

/**
 * A unit's readiness: Complete when it monitored at least the option's target, every shift, every
 * weekday and every role with staff there has at least one monitored opportunity, and an
 * observation audit validated it in the month (at least one session with a matched pair and a
 * defined κ). A shift or weekday below half its even share of the target, and a role below
 * `THIN_ROLE_SHARE` of it, is said to be thin.
 */
export function unitReadiness(month: UnitMonth, option: LeapfrogOption): UnitReadiness {
  const target = LEAPFROG_TARGETS[option];
  const gaps: string[] = [];
  const thin: string[] = [];
  if (month.opportunities < target) gaps.push(`${opportunities(month.opportunities)} monitored of the ${target} needed`);
  const slot = (name: string, count: number, thinBelow: number) => {
    if (count === 0) gaps.push(`No opportunity monitored on ${name}`);
    else if (count < thinBelow) thin.push(`${name}: ${opportunities(count)}, fewer than ${Math.ceil(thinBelow)}`);
  };
  for (const shift of SHIFTS) slot(`the ${shift.name.toLowerCase()} shift`, month.byShift[shift.name], target / SHIFTS.length / 2);
  WEEKDAYS.forEach((day, i) => slot(`${day}s`, month.byWeekday[i] ?? 0, target / WEEKDAYS.length / 2));
  for (const [role, count] of Object.entries(month.byRole)) slot(`the role ${role}`, count, target * THIN_ROLE_SHARE);
  const { sessions, matched, kappa } = month.validation;
  if (sessions === 0) gaps.push('Not validated this month: no observation audit');
  else if (matched === 0 || kappa === null) gaps.push('Not validated this month: no observation matched the sensors');
  return { unit: month.unit, status: gaps.length === 0 ? 'Complete' : 'Gap', target, gaps, thin };
}

/** A hospital's readiness: Complete when every patient care unit is; else the units with a gap. */
export function hospitalReadiness(units: readonly UnitMonth[], option: LeapfrogOption) {
  const readiness = units.map((u) => unitReadiness(u, option));
  const short = readiness.filter((u) => u.status === 'Gap').map((u) => u.unit);
  const status: ReadinessStatus = units.length > 0 && short.length === 0 ? 'Complete' : 'Gap';
  const summary =
    units.length === 0
      ? 'No patient care unit'
      : short.length === 0
        ? 'Every patient care unit covered'
        : `${counted(short.length, 'unit', 'units')} of ${units.length} short: ${short.join(', ')}`;
  return { status, summary, units: readiness };
}
