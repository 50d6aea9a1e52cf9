import type { RangeTrust, TrustInput, TrustLevel, TrustReason } from '../../contracts/reports/trust';

// The data-trust rules of docs/METRICS.md 'Data trust': each input's level and words for a
// location-day, the day's level, and a range's level over many location-days. Pure: the figures
// come from trust.repo.ts.

/** What a location-day's level is judged from. */
export interface TrustFigures {
  groupId: number;
  groupName: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  onShift: number;
  seen: number;
  dispensers: number;
  silentDispensers: number;
  idleDispensers: number;
  /** Dispensers silent, idle or both. */
  unwellDispensers: number;
  /** Dispensers silent though used in the ten days: they stopped lately. */
  stoppedDispensers: number;
  roomBeacons: number;
  silentBeacons: number;
  gateways: number;
  /** Hours with a heartbeat, summed over the location's gateways. */
  gatewayHours: number;
  /** The hours of the location's least heard gateway. */
  quietestGatewayHours: number;
  /** Hours of the day so far (24 once it has ended). */
  possibleHours: number;
  opportunities: number;
}

export interface InputLevel {
  input: TrustInput;
  level: TrustLevel;
  words: string;
}

const RANK: Record<TrustLevel, number> = { HIGH: 0, MEDIUM: 1, LOW: 2 };
export const worse = (a: TrustLevel, b: TrustLevel): TrustLevel => (RANK[a] >= RANK[b] ? a : b);

/** Badge wear below these shares is Medium, Low. */
export const BADGE_WEAR_MEDIUM = 0.8;
export const BADGE_WEAR_LOW = 0.5;
/** Dispensers or room beacons silent: any is Medium; this share or more is Low. */
export const DEVICES_LOW = 0.2;
/** Gateway hours heard below these shares is Medium, Low. */
export const GATEWAY_MEDIUM = 0.9;
export const GATEWAY_LOW = 0.5;
/** A range is Low when this share of its weight is on Low days, High when this share is on High days. */
export const RANGE_LOW = 0.2;
export const RANGE_HIGH = 0.9;

const percent = (share: number) => `${Math.round(share * 100)} %`;
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

function shareLevel(share: number, medium: number, low: number): TrustLevel {
  return share < low ? 'LOW' : share < medium ? 'MEDIUM' : 'HIGH';
}

function devicesLevel(unwell: number, total: number): TrustLevel {
  return unwell === 0 ? 'HIGH' : unwell / total >= DEVICES_LOW ? 'LOW' : 'MEDIUM';
}

function dispenserWords(f: TrustFigures): string {
  const { dispensers: n, silentDispensers: silent, idleDispensers: idle, unwellDispensers: unwell, stoppedDispensers: stopped } = f;
  if (unwell === 0) return `All ${n} ${plural(n, 'dispenser', 'dispensers')} heard and in use`;
  if (stopped > 0 && stopped === unwell) return `${stopped} of ${n} ${plural(n, 'dispenser', 'dispensers')} fell silent after being in use`;
  const what = silent === unwell ? 'silent' : idle === unwell ? 'without a dispense in 10 days' : 'silent or without a dispense in 10 days';
  return `${unwell} of ${n} ${plural(n, 'dispenser', 'dispensers')} ${what}`;
}

/** Each input of a location-day that has something to judge, with its level and words. */
export function inputLevels(f: TrustFigures): InputLevel[] {
  // A day is judged once an hour of it has passed.
  if (f.possibleHours === 0) return [];
  const out: InputLevel[] = [];
  if (f.onShift > 0) {
    const share = f.seen / f.onShift;
    out.push({
      input: 'BADGE_WEAR',
      level: shareLevel(share, BADGE_WEAR_MEDIUM, BADGE_WEAR_LOW),
      words: `Badges seen for ${f.seen} of ${f.onShift} ${plural(f.onShift, 'wearer', 'wearers')} on shift (${percent(share)})`,
    });
  }
  if (f.dispensers > 0) {
    // A dispenser that fell silent while in use loses washes now: its location's figures drop.
    const level = f.stoppedDispensers > 0 ? 'LOW' : devicesLevel(f.unwellDispensers, f.dispensers);
    out.push({ input: 'DISPENSERS', level, words: dispenserWords(f) });
  }
  if (f.roomBeacons > 0) {
    out.push({
      input: 'ROOM_BEACONS',
      level: devicesLevel(f.silentBeacons, f.roomBeacons),
      words: f.silentBeacons === 0 ? `All ${f.roomBeacons} room ${plural(f.roomBeacons, 'beacon', 'beacons')} heard` : `${f.silentBeacons} of ${f.roomBeacons} room ${plural(f.roomBeacons, 'beacon', 'beacons')} silent`,
    });
  }
  if (f.gateways > 0) {
    const possible = f.gateways * f.possibleHours;
    const heard = Math.min(f.gatewayHours, possible);
    const quietest = Math.min(f.quietestGatewayHours, f.possibleHours);
    // The share over all of them, and each gateway on its own: one down for hours is a gap in its area.
    const level = worse(shareLevel(heard / possible, GATEWAY_MEDIUM, GATEWAY_LOW), quietest / f.possibleHours < GATEWAY_MEDIUM ? 'MEDIUM' : 'HIGH');
    const words =
      f.gateways === 1 ? `Gateway heard ${heard} of ${possible} hours (${percent(heard / possible)})`
      : `Gateways heard ${heard} of ${possible} gateway-hours (${percent(heard / possible)})${quietest < f.possibleHours ? `; the least heard ${quietest} of ${f.possibleHours}` : ''}`;
    out.push({ input: 'GATEWAYS', level, words });
  }
  return out;
}

/** The worst of the inputs' levels; null when no input has anything to judge. */
export function dayLevel(inputs: readonly InputLevel[]): TrustLevel | null {
  return inputs.reduce<TrustLevel | null>((level, i) => (level === null ? i.level : worse(level, i.level)), null);
}

export const LEVEL_LABEL: Record<TrustLevel, string> = { HIGH: 'High trust', MEDIUM: 'Medium trust', LOW: 'Low trust' };

interface Weighed {
  level: TrustLevel | null;
  opportunities: number;
}

/** A set of location-days' level: weighed by opportunities (by one each when none has any). */
export function weighedLevel(days: readonly Weighed[]): { level: TrustLevel | null; rule: string } {
  const judged = days.filter((d): d is Weighed & { level: TrustLevel } => d.level !== null);
  if (judged.length === 0) return { level: null, rule: 'No devices to judge in this range' };
  const byOpportunities = judged.some((d) => d.opportunities > 0);
  const weight = (d: Weighed) => (byOpportunities ? d.opportunities : 1);
  const total = judged.reduce((n, d) => n + weight(d), 0);
  const low = judged.filter((d) => d.level === 'LOW').reduce((n, d) => n + weight(d), 0) / total;
  const high = judged.filter((d) => d.level === 'HIGH').reduce((n, d) => n + weight(d), 0) / total;
  const of = byOpportunities ? 'of the opportunities fell' : 'of the location-days were';
  const rule = `${percent(low)} ${of} on low-trust days, ${percent(high)} on high-trust days`;
  return { level: low >= RANGE_LOW ? 'LOW' : high >= RANGE_HIGH ? 'HIGH' : 'MEDIUM', rule };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Nov 12', 'Nov 12–14', 'Nov 30–Dec 2' (UTC days). */
export function dayRun(from: string, to: string): string {
  const [, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [, tm, td] = to.split('-').map(Number) as [number, number, number];
  const first = `${MONTHS[fm - 1]} ${fd}`;
  if (from === to) return first;
  return fm === tm ? `${first}–${td}` : `${first}–${MONTHS[tm - 1]} ${td}`;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Most reasons a range lists. */
export const MAX_REASONS = 20;

/** A range's trust from its location-days' figures (docs/METRICS.md 'Data trust'). */
export function rangeTrust(figures: readonly TrustFigures[], dates: readonly string[]): RangeTrust {
  const judged = figures.map((f) => {
    const inputs = inputLevels(f);
    return { f, inputs, level: dayLevel(inputs), opportunities: f.opportunities };
  });
  const { level, rule } = weighedLevel(judged);
  const count = (l: TrustLevel) => judged.filter((d) => d.level === l).length;

  // Runs of consecutive days on which one input of one location stayed at one level below High.
  const runs: TrustReason[] = [];
  const open = new Map<string, TrustReason>();
  for (const d of [...judged].sort((a, b) => a.f.groupId - b.f.groupId || a.f.day.localeCompare(b.f.day))) {
    for (const i of d.inputs) {
      if (i.level === 'HIGH') continue;
      const key = `${d.f.groupId}|${i.input}|${i.level}`;
      const run = open.get(key);
      if (run && nextDay(run.to) === d.f.day) {
        run.to = d.f.day;
        run.words = `${i.words} on ${d.f.groupName}, ${dayRun(run.from, run.to)}`;
      } else {
        const fresh: TrustReason = { groupId: d.f.groupId, groupName: d.f.groupName, input: i.input, level: i.level, from: d.f.day, to: d.f.day, words: `${i.words} on ${d.f.groupName}, ${dayRun(d.f.day, d.f.day)}` };
        open.set(key, fresh);
        runs.push(fresh);
      }
    }
  }
  runs.sort((a, b) => RANK[b.level] - RANK[a.level] || b.to.localeCompare(a.to) || a.groupName.localeCompare(b.groupName));

  const days = dates.map((date) => ({ date, level: weighedLevel(judged.filter((d) => d.f.day === date)).level }));
  return {
    level,
    label: level === null ? 'No devices to judge' : LEVEL_LABEL[level],
    rule,
    locationDays: { high: count('HIGH'), medium: count('MEDIUM'), low: count('LOW') },
    reasons: runs.slice(0, MAX_REASONS),
    moreReasons: Math.max(0, runs.length - MAX_REASONS),
    days,
  };
}
