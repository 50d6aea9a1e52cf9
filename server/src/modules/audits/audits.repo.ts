import { and, asc, desc, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import { PATIENT_ROOM_TYPES } from '../../contracts/devices';
import type { Database } from '../../db/client';
import {
  devices,
  groups,
  nfcTags,
  observations,
  observationSessions,
  organizations,
  professions,
  users,
  wearableAssignments,
  zones,
  type ObservationRow,
  type ObservationSessionRow,
  type UserRow,
} from '../../db/schema';

// The observation audits' rows (docs/METRICS.md '11. Observation audits: how far the sensors
// agree'). Sessions and observations are named by the id the observer's device gave them: storing
// one a second time (a replay) changes nothing and answers the stored row.

export interface NewSession {
  clientId: string;
  groupId: number;
  observerId: number;
  startedAt: Date;
}

/** Stores a session once; a replay answers the stored one, `created` false. */
export async function storeSession(db: Database, session: NewSession): Promise<{ session: ObservationSessionRow; created: boolean }> {
  const [inserted] = await db.insert(observationSessions).values(session).onConflictDoNothing({ target: observationSessions.clientId }).returning();
  if (inserted) return { session: inserted, created: true };
  const [stored] = await db.select().from(observationSessions).where(eq(observationSessions.clientId, session.clientId));
  if (!stored) throw new Error(`observation session ${session.clientId} was neither stored nor found`);
  return { session: stored, created: false };
}

/** The session a device named, if stored. */
export async function sessionByClientId(db: Database, clientId: string): Promise<ObservationSessionRow | undefined> {
  const [row] = await db.select().from(observationSessions).where(eq(observationSessions.clientId, clientId));
  return row;
}

/** Ends a session (again, on a replay: the same end). */
export async function endSession(db: Database, sessionId: number, endedAt: Date): Promise<ObservationSessionRow | undefined> {
  const [row] = await db.update(observationSessions).set({ endedAt }).where(eq(observationSessions.id, sessionId)).returning();
  return row;
}

export type NewObservation = Omit<ObservationRow, 'id' | 'createdAt'>;

/** Stores an observation once; a replay answers the stored one, `created` false. */
export async function storeObservation(db: Database, observation: NewObservation): Promise<{ observation: ObservationRow; created: boolean }> {
  const [inserted] = await db.insert(observations).values(observation).onConflictDoNothing({ target: observations.clientId }).returning();
  if (inserted) return { observation: inserted, created: true };
  const [stored] = await db.select().from(observations).where(eq(observations.clientId, observation.clientId));
  if (!stored) throw new Error(`observation ${observation.clientId} was neither stored nor found`);
  return { observation: stored, created: false };
}

/** Removes an observation (the observer's undo); false when there was none. */
export async function removeObservation(db: Database, clientId: string): Promise<boolean> {
  const removed = await db.delete(observations).where(eq(observations.clientId, clientId)).returning({ id: observations.id });
  return removed.length > 0;
}

/** The sessions of `groupIds` that started in [from, to), oldest first. */
export async function sessionsOf(db: Database, groupIds: readonly number[], from: Date, to: Date): Promise<ObservationSessionRow[]> {
  if (groupIds.length === 0) return [];
  return db
    .select()
    .from(observationSessions)
    .where(and(inArray(observationSessions.groupId, [...groupIds]), gte(observationSessions.startedAt, from), lt(observationSessions.startedAt, to)))
    .orderBy(asc(observationSessions.startedAt), asc(observationSessions.id));
}

/** The observations of sessions, in the order they were made. */
export async function observationsOf(db: Database, sessionIds: readonly number[]): Promise<ObservationRow[]> {
  if (sessionIds.length === 0) return [];
  return db
    .select()
    .from(observations)
    .where(inArray(observations.sessionId, [...sessionIds]))
    .orderBy(asc(observations.observedAt), asc(observations.id));
}

/** The sessions of `groupIds` that started in [from, to), `observerId`'s alone when given, newest first. */
export async function sessionsStartedIn(db: Database, groupIds: readonly number[], from: Date, to: Date, observerId?: number): Promise<ObservationSessionRow[]> {
  if (groupIds.length === 0) return [];
  return db
    .select()
    .from(observationSessions)
    .where(
      and(
        inArray(observationSessions.groupId, [...groupIds]),
        gte(observationSessions.startedAt, from),
        lt(observationSessions.startedAt, to),
        observerId === undefined ? undefined : eq(observationSessions.observerId, observerId),
      ),
    )
    .orderBy(desc(observationSessions.startedAt), desc(observationSessions.id));
}

/** An observation a device named, if stored. */
export async function observationByClientId(db: Database, clientId: string): Promise<ObservationRow | undefined> {
  const [row] = await db.select().from(observations).where(eq(observations.clientId, clientId));
  return row;
}

/** The device's id of the session an observation belongs to, if the observation is stored. */
export async function sessionClientIdOfObservation(db: Database, clientId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ sessionClientId: observationSessions.clientId })
    .from(observations)
    .innerJoin(observationSessions, eq(observationSessions.id, observations.sessionId))
    .where(eq(observations.clientId, clientId));
  return row?.sessionClientId;
}

export interface UnitRow {
  id: number;
  name: string;
  parentId: number | null;
  timeZone: string;
  organizationId: number;
  /** The match tolerance its organization sets, in seconds. */
  toleranceSeconds: number;
}

/** The units (locations of type UNIT) among `groupIds`, of `organizationIds` alone when given, by name. */
export async function unitRowsAmong(db: Database, groupIds: readonly number[], organizationIds?: readonly number[] | null): Promise<UnitRow[]> {
  if (groupIds.length === 0 || organizationIds?.length === 0) return [];
  return db
    .select({
      id: groups.id,
      name: groups.name,
      parentId: groups.parentId,
      timeZone: groups.timeZone,
      organizationId: groups.organizationId,
      toleranceSeconds: organizations.auditMatchToleranceSeconds,
    })
    .from(groups)
    .innerJoin(organizations, eq(organizations.id, groups.organizationId))
    .where(and(eq(groups.type, 'UNIT'), inArray(groups.id, [...groupIds]), organizationIds ? inArray(groups.organizationId, [...organizationIds]) : undefined))
    .orderBy(asc(groups.name), asc(groups.id));
}

/** A location's type, organization and clock, if it exists. */
export async function locationById(db: Database, groupId: number): Promise<{ type: string; organizationId: number; timeZone: string } | undefined> {
  const [row] = await db.select({ type: groups.type, organizationId: groups.organizationId, timeZone: groups.timeZone }).from(groups).where(eq(groups.id, groupId));
  return row;
}

/** The names of locations. */
export async function locationNames(db: Database, groupIds: readonly number[]): Promise<Map<number, string>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.id, [...new Set(groupIds)]));
  return new Map(rows.map((g) => [g.id, g.name]));
}

/** The people named. */
export async function usersByIds(db: Database, userIds: readonly number[]): Promise<UserRow[]> {
  if (userIds.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, [...new Set(userIds)]));
}

/** The patient rooms of units, by name. */
export async function patientRoomsOf(db: Database, unitIds: readonly number[]): Promise<{ id: number; name: string; groupId: number }[]> {
  if (unitIds.length === 0) return [];
  return db
    .select({ id: zones.id, name: zones.name, groupId: zones.groupId })
    .from(zones)
    .where(and(inArray(zones.groupId, [...unitIds]), inArray(zones.type, [...PATIENT_ROOM_TYPES])))
    .orderBy(asc(zones.name), asc(zones.id));
}

/** Whether a zone is a patient room of one of `groupIds`. */
export async function isPatientRoomIn(db: Database, zoneId: number, groupIds: readonly number[]): Promise<boolean> {
  if (groupIds.length === 0) return false;
  const [room] = await db
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.id, zoneId), inArray(zones.groupId, [...groupIds]), inArray(zones.type, [...PATIENT_ROOM_TYPES])));
  return room !== undefined;
}

/** The active people of units, by last and first name. */
export async function activeStaffOf(db: Database, unitIds: readonly number[]): Promise<UserRow[]> {
  if (unitIds.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(and(inArray(users.groupId, [...unitIds]), eq(users.active, true)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** Every organization's parent. */
export async function organizationParents(db: Database): Promise<Map<number, number | null>> {
  const rows = await db.select({ id: organizations.id, parentId: organizations.parentId }).from(organizations);
  return new Map(rows.map((r) => [r.id, r.parentId]));
}

/** The professions the global list and `organizationIds` define (of the code `code` alone when given), by name. */
export async function professionsOf(db: Database, organizationIds: readonly number[], code?: string): Promise<{ code: string; name: string; organizationId: number | null }[]> {
  return db
    .select({ code: professions.code, name: professions.name, organizationId: professions.organizationId })
    .from(professions)
    .where(
      and(
        or(isNull(professions.organizationId), inArray(professions.organizationId, [...new Set(organizationIds), 0])),
        code === undefined ? undefined : eq(professions.code, code),
      ),
    )
    .orderBy(asc(professions.name));
}

/** The professions (codes) of the active people of `groupIds`, each once. */
export async function staffProfessionCodes(db: Database, groupIds: readonly number[]): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ code: users.professionCode })
    .from(users)
    .where(and(inArray(users.groupId, [...groupIds]), eq(users.active, true)));
  return rows.flatMap((r) => (r.code ? [r.code] : []));
}

/** Every profession of the codes, global or an organization's own. */
export async function professionsByCodes(db: Database, codes: readonly string[]): Promise<{ code: string; name: string; organizationId: number | null }[]> {
  if (codes.length === 0) return [];
  return db.select({ code: professions.code, name: professions.name, organizationId: professions.organizationId }).from(professions).where(inArray(professions.code, [...codes]));
}

/** The MACs of the wearables each of `userIds` holds now, by MAC. */
export async function heldWearableMacs(db: Database, userIds: readonly number[]): Promise<Map<number, string[]>> {
  const held = new Map<number, string[]>();
  if (userIds.length === 0) return held;
  const rows = await db
    .select({ userId: wearableAssignments.userId, mac: devices.mac })
    .from(wearableAssignments)
    .innerJoin(devices, eq(devices.id, wearableAssignments.deviceId))
    .where(and(inArray(wearableAssignments.userId, [...userIds]), isNull(wearableAssignments.unassignedAt)))
    .orderBy(asc(devices.mac));
  for (const r of rows) held.set(r.userId, [...(held.get(r.userId) ?? []), r.mac]);
  return held;
}

/** The full ids (nfcId and short id) of the active NFC tags each of `userIds` holds. */
export async function heldNfcTags(db: Database, userIds: readonly number[]): Promise<Map<number, string[]>> {
  const held = new Map<number, string[]>();
  if (userIds.length === 0) return held;
  const rows = await db
    .select({ userId: nfcTags.userId, nfcId: nfcTags.nfcId, nfcShortId: nfcTags.nfcShortId })
    .from(nfcTags)
    .where(and(inArray(nfcTags.userId, [...userIds]), eq(nfcTags.active, true)));
  for (const r of rows) if (r.userId !== null) held.set(r.userId, [...(held.get(r.userId) ?? []), `${r.nfcId}${r.nfcShortId}`]);
  return held;
}
