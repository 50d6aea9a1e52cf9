import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { observations, observationSessions, type ObservationRow, type ObservationSessionRow } from '../../db/schema';

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
