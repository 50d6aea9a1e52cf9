import { isCompliantAction, type UnitValidation } from '../../contracts/observation-audits';
import type { Database } from '../../db/client';
import type { ObservationRow, ObservationSessionRow } from '../../db/schema';
import { DAY_SHIFT_HOURS } from '../../core/shifts';
import { localDay, zoneOffset } from '../../core/zoned-time';
import { monthBounds } from './audit-month';
import { observationsOf, professionsByCodes, sessionsOf, staffProfessionCodes, unitRowsAmong } from './audits.repo';
import { comparableSpans, hawthorneFigures, type Span } from './hawthorne';
import type { UnitMonth } from './leapfrog';
import { matchObservations, type MatchResult, type ObservedOpportunity } from './observation-matching';
import { countInSpans, sensorOpportunities, type UnitOpportunity } from './sensor-opportunities.repo';
import { validationFigures } from './validation-figures';

// A unit's month of observation audits, as defined in docs/METRICS.md sections 11 (matching and
// validation), 12 (the Hawthorne gap) and 13 (Leapfrog readiness): the sessions and observations
// stored, the sensors' opportunities of the same unit, and the pure computations of this folder.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A patient care unit: a location of type UNIT, with the locations under it whose rooms are its own. */
export interface Unit {
  id: number;
  name: string;
  timeZone: string;
  organizationId: number;
  /** Its organization's match tolerance, in seconds. */
  toleranceSeconds: number;
  groupIds: number[];
}

/** The units among `groupIds`, by name; `under(id)` gives a unit's locations. */
export async function unitsAmong(db: Database, groupIds: readonly number[], under: (id: number) => Promise<number[]>, organizationIds?: readonly number[] | null): Promise<Unit[]> {
  const units: Unit[] = [];
  for (const { id, name, timeZone, organizationId, toleranceSeconds } of await unitRowsAmong(db, groupIds, organizationIds)) {
    units.push({ id, name, timeZone, organizationId, toleranceSeconds, groupIds: await under(id) });
  }
  return units;
}

/**
 * A session's span: its start to its end; a session whose end has not reached the server yet, to
 * its last observation.
 */
function spanOf(session: ObservationSessionRow, observations: readonly ObservationRow[]): Span {
  if (session.endedAt) return { start: session.startedAt, end: session.endedAt };
  const last = Math.max(session.startedAt.getTime(), ...observations.filter((o) => o.sessionId === session.id).map((o) => o.observedAt.getTime()));
  return { start: session.startedAt, end: new Date(last) };
}

const within = (at: Date, span: Span, margin = 0) => at.getTime() >= span.start.getTime() - margin && at.getTime() <= span.end.getTime() + margin;

/** The month's sessions of a unit, matched against the sensors' opportunities around them. */
export interface SessionsMatch {
  unit: Unit;
  sessions: ObservationSessionRow[];
  observations: ObservationRow[];
  spans: Span[];
  /** The sensors' opportunities on the unit within a session, tolerance included. */
  near: UnitOpportunity[];
  match: MatchResult;
  /** Observations without a room: they match nothing. */
  roomless: number;
  /** Sensor opportunities in an observed room during its session that the observer did not record. */
  unrecorded: number;
}

/** Matching: the month's observations of a unit against the sensors' opportunities within the tolerance of a session. */
export async function matchSessions(db: Database, unit: Unit, month: string): Promise<SessionsMatch> {
  const { from, to } = monthBounds(month, unit.timeZone);
  const sessions = await sessionsOf(db, [unit.id], from, to);
  const stored = await observationsOf(
    db,
    sessions.map((s) => s.id),
  );
  const spans = sessions.map((s) => spanOf(s, stored));
  const earliest = Math.min(...spans.map((s) => s.start.getTime()));
  const latest = Math.max(...spans.map((s) => s.end.getTime()));
  const toleranceMs = unit.toleranceSeconds * 1000;
  const fetched = spans.length ? await sensorOpportunities(db, unit.groupIds, new Date(earliest - toleranceMs), new Date(latest + toleranceMs + 1)) : [];
  const near = fetched.filter((s) => spans.some((span) => within(s.at, span, toleranceMs)));
  const observed: ObservedOpportunity[] = stored.flatMap((o) =>
    o.zoneId === null ? [] : [{ id: o.id, at: o.observedAt, zoneId: o.zoneId, userId: o.userId, professionId: o.professionId, compliant: isCompliantAction(o.action) }],
  );
  const match = matchObservations(observed, near, unit.toleranceSeconds);
  const roomsOf = new Map<number, Set<number>>();
  for (const o of stored) if (o.zoneId !== null) roomsOf.set(o.sessionId, (roomsOf.get(o.sessionId) ?? new Set()).add(o.zoneId));
  const unrecorded = match.unrecorded.filter((s) => sessions.some((session, i) => within(s.at, spans[i] as Span) && (roomsOf.get(session.id)?.has(s.zoneId) ?? false))).length;
  return { unit, sessions, observations: stored, spans, near, match, roomless: stored.length - observed.length, unrecorded };
}

/** The validation figures and the Hawthorne gap of a unit's month. */
export async function unitValidation(db: Database, m: SessionsMatch): Promise<UnitValidation> {
  const during = m.near.filter((s) => m.spans.some((span) => within(s.at, span)));
  const unobserved = await countInSpans(db, m.unit.groupIds, comparableSpans(m.spans, m.unit.timeZone));
  return {
    groupId: m.unit.id,
    name: m.unit.name,
    timeZone: m.unit.timeZone,
    sessions: m.sessions.length,
    observed: m.observations.length,
    matched: m.match.pairs.length,
    toleranceSeconds: m.unit.toleranceSeconds,
    unseen: m.match.unseen.length + m.roomless,
    unrecorded: m.unrecorded,
    table: m.match.table,
    ...validationFigures(m.match.table),
    hawthorne: hawthorneFigures({
      observed: { compliant: m.observations.filter((o) => isCompliantAction(o.action)).length, n: m.observations.length },
      sensorsDuring: { compliant: during.filter((s) => s.compliant).length, n: during.length },
      sensorsUnobserved: unobserved,
    }),
  };
}

/** The local shift of an instant: Day from 05:00 to 16:59 on the unit's clock, else Night. */
function shiftOf(at: Date, timeZone: string): 'Day' | 'Night' {
  const local = at.getTime() + zoneOffset(timeZone, at.getTime());
  const hour = Math.floor((((local % DAY) + DAY) % DAY) / HOUR);
  return hour >= DAY_SHIFT_HOURS.first && hour <= DAY_SHIFT_HOURS.last ? 'Day' : 'Night';
}

/** Monday 0 … Sunday 6 of the local calendar day of an instant (1970-01-01 was a Thursday). */
const weekdayOf = (at: Date, timeZone: string) => (localDay(timeZone, at.getTime()) + 3) % 7;

/** Each role with staff on the unit: the professions of its active users, by code, with their names. */
async function rolesOf(db: Database, unit: Unit): Promise<Map<string, string>> {
  const codes = await staffProfessionCodes(db, unit.groupIds);
  const names = await professionsByCodes(db, codes);
  const nameOf = (code: string) => names.find((n) => n.code === code && n.organizationId === null)?.name ?? names.find((n) => n.code === code)?.name ?? code;
  return new Map(codes.map((code) => [code, nameOf(code)]));
}

/** Leapfrog: the month's monitored opportunities of a unit by shift, weekday and role, and its validation. */
export async function leapfrogMonth(db: Database, m: SessionsMatch, month: string): Promise<UnitMonth> {
  const { unit } = m;
  const { from, to } = monthBounds(month, unit.timeZone);
  const monitored = await sensorOpportunities(db, unit.groupIds, from, to);
  const roles = await rolesOf(db, unit);
  const byShift = { Day: 0, Night: 0 };
  const byWeekday = [0, 0, 0, 0, 0, 0, 0];
  const byRole: Record<string, number> = Object.fromEntries([...roles.values()].map((name) => [name, 0]));
  for (const s of monitored) {
    byShift[shiftOf(s.at, unit.timeZone)] += 1;
    const weekday = weekdayOf(s.at, unit.timeZone);
    byWeekday[weekday] = (byWeekday[weekday] ?? 0) + 1;
    const role = s.professionId === null ? undefined : roles.get(s.professionId);
    if (role !== undefined) byRole[role] = (byRole[role] ?? 0) + 1;
  }
  const kappa = validationFigures(m.match.table).kappa.value;
  return { unit: unit.name, opportunities: monitored.length, byShift, byWeekday, byRole, validation: { sessions: m.sessions.length, matched: m.match.pairs.length, kappa } };
}
