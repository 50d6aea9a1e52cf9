import { MATCH_TOLERANCE_SECONDS } from '../../contracts/observation-audits';
import type { AgreementTable } from './validation-figures';

// Which sensor opportunity an observer's recorded opportunity is, as defined in
// docs/METRICS.md '11. Observation audits: how far the sensors agree'. Times are instants, so a
// session across midnight matches as any other.

/** The tolerance when the organization sets none: an observation and a sensor opportunity up to 60 s apart may match. */
export const DEFAULT_MATCH_TOLERANCE_SECONDS = MATCH_TOLERANCE_SECONDS;

/** An opportunity the observer recorded. */
export interface ObservedOpportunity {
  id: number;
  /** When it was recorded (the observer's tap). */
  at: Date;
  /** The patient room (zone) it was observed in. */
  zoneId: number;
  /** The person, when the observer identified them (badge, NFC tag or the unit's staff); null when not. */
  userId: number | null;
  /** Their profession: the identified person's, or the one the observer chose for an unidentified person; null when unknown. */
  professionId: string | null;
  /** Hand rub or hand wash performed (a missed opportunity is not). */
  compliant: boolean;
}

/** An opportunity the sensors counted (docs/METRICS.md '3. Visits and opportunities'). */
export interface SensorOpportunity {
  /** Unique among those matched together (the wearer, the kind and the instant make one). */
  id: string;
  at: Date;
  zoneId: number;
  userId: number;
  professionId: string | null;
  compliant: boolean;
}

export interface MatchResult {
  pairs: { observed: ObservedOpportunity; sensed: SensorOpportunity }[];
  /** Observed opportunities the sensors did not see. */
  unseen: ObservedOpportunity[];
  /** Sensor opportunities the observer did not record. */
  unrecorded: SensorOpportunity[];
  /** The matched pairs as judged by the observer and by the sensors. */
  table: AgreementTable;
}

function mayMatch(o: ObservedOpportunity, s: SensorOpportunity, toleranceMs: number): boolean {
  if (o.zoneId !== s.zoneId || Math.abs(o.at.getTime() - s.at.getTime()) > toleranceMs) return false;
  if (o.userId !== null) return s.userId === o.userId;
  return o.professionId === null || s.professionId === o.professionId;
}

/**
 * Pairs each observed opportunity with at most one sensor opportunity, and each sensor opportunity
 * with at most one observation. An identified person's observation may match only that wearer's
 * opportunity; an unidentified one any wearer's of its profession (of any profession when it names
 * none); both only in the same room and at most `toleranceSeconds` apart (inclusive). Identified
 * observations are matched first; within each pass the closest pairs in time are taken first (then
 * the earlier observation, the earlier sensor opportunity, the smaller ids).
 */
export function matchObservations(
  observed: readonly ObservedOpportunity[],
  sensed: readonly SensorOpportunity[],
  toleranceSeconds = DEFAULT_MATCH_TOLERANCE_SECONDS,
): MatchResult {
  const toleranceMs = toleranceSeconds * 1000;
  const takenObserved = new Set<number>();
  const takenSensed = new Set<string>();
  const pairs: MatchResult['pairs'] = [];
  for (const identified of [true, false]) {
    const candidates: { observed: ObservedOpportunity; sensed: SensorOpportunity; gap: number }[] = [];
    for (const o of observed) {
      if ((o.userId !== null) !== identified) continue;
      for (const s of sensed) if (mayMatch(o, s, toleranceMs)) candidates.push({ observed: o, sensed: s, gap: Math.abs(o.at.getTime() - s.at.getTime()) });
    }
    candidates.sort(
      (a, b) =>
        a.gap - b.gap ||
        a.observed.at.getTime() - b.observed.at.getTime() ||
        a.sensed.at.getTime() - b.sensed.at.getTime() ||
        a.observed.id - b.observed.id ||
        (a.sensed.id < b.sensed.id ? -1 : a.sensed.id > b.sensed.id ? 1 : 0),
    );
    for (const c of candidates) {
      if (takenObserved.has(c.observed.id) || takenSensed.has(c.sensed.id)) continue;
      takenObserved.add(c.observed.id);
      takenSensed.add(c.sensed.id);
      pairs.push({ observed: c.observed, sensed: c.sensed });
    }
  }
  const table: AgreementTable = { both: 0, observerOnly: 0, sensorsOnly: 0, neither: 0 };
  for (const { observed: o, sensed: s } of pairs) {
    if (o.compliant && s.compliant) table.both += 1;
    else if (o.compliant) table.observerOnly += 1;
    else if (s.compliant) table.sensorsOnly += 1;
    else table.neither += 1;
  }
  return {
    pairs,
    unseen: observed.filter((o) => !takenObserved.has(o.id)),
    unrecorded: sensed.filter((s) => !takenSensed.has(s.id)),
    table,
  };
}
