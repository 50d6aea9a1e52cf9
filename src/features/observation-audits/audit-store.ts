import type { AuditUnit, Observation } from '@contracts/observation-audits';
import Dexie, { type EntityTable } from 'dexie';

/** Who was watched: a member of the unit's staff, a profession only, or nobody named. */
export type ObservedPerson =
  | { kind: 'staff'; userId: number; name: string }
  | { kind: 'profession'; professionId: string; name: string }
  | { kind: 'unknown' };

/** The room and person the observer has chosen: they stay from one record to the next, and across a reload. */
export interface SessionPicks {
  room: { id: number; name: string } | null;
  person: ObservedPerson;
}

export const NO_PICKS: SessionPicks = { room: null, person: { kind: 'unknown' } };

/**
 * A session as the observer's device keeps it: with a copy of its unit (rooms, staff, professions,
 * clock), so the session screen works after a reload without signal whatever the query cache holds.
 */
export interface StoredSession {
  clientId: string;
  /** Whose session: the outbox's user (outboxUserOf), so another sign-in on the device never sees it. */
  userSub: string;
  unit: AuditUnit;
  startedAt: string;
  /** Null while the observer is watching; set when they end it, until its edits have all been sent. */
  endedAt: string | null;
  picks: SessionPicks;
}

/** A record of the session, with the names the screen shows beside it. */
export interface StoredObservation extends Observation {
  personName: string | null;
  roomName: string | null;
}

/**
 * The observation audits' store on the device (docs/SCREENS.md 'Observation Audits'): the observer's
 * open session and its records, and an ended session until everything it queued has been sent.
 * What reaches the server goes through the outbox; this store is what the screens show meanwhile.
 */
export class AuditDatabase extends Dexie {
  sessions!: EntityTable<StoredSession, 'clientId'>;
  observations!: EntityTable<StoredObservation, 'clientId'>;

  constructor(name = 'lavo-observation-audits') {
    super(name);
    this.version(1).stores({ sessions: 'clientId, userSub', observations: 'clientId, sessionClientId' });
  }
}

let current: AuditDatabase | null = null;

/** The observation audits' store on this device (opened on first use). */
export function auditDb(): AuditDatabase {
  current ??= new AuditDatabase();
  return current;
}

/** What the device keeps for the user: their sessions, oldest first, and the records of them, each in the order made. */
export interface KeptRows {
  sessions: StoredSession[];
  observations: StoredObservation[];
}

const byStart = (a: StoredSession, b: StoredSession) => a.startedAt.localeCompare(b.startedAt);
const byTime = (a: StoredObservation, b: StoredObservation) => a.observedAt.localeCompare(b.observedAt) || a.clientId.localeCompare(b.clientId);

/**
 * Reads everything the device keeps for the user, both tables at once and awaiting nothing
 * else, so a live query (Dexie's liveQuery) sees every table it depends on.
 */
export async function keptRowsOf(db: AuditDatabase, userSub: string): Promise<KeptRows> {
  const [sessions, observations] = await Promise.all([db.sessions.where('userSub').equals(userSub).toArray(), db.observations.toArray()]);
  const own = new Set(sessions.map((s) => s.clientId));
  return { sessions: sessions.sort(byStart), observations: observations.filter((o) => own.has(o.sessionClientId)).sort(byTime) };
}

/** The session being watched among `sessions` (the latest started, should there be two), or null. */
export const openSessionIn = (sessions: readonly StoredSession[]) => sessions.filter((s) => s.endedAt === null).at(-1) ?? null;

/** A session's records among `observations`, in the order they were made. */
export const recordsIn = (observations: readonly StoredObservation[], sessionClientId: string) => observations.filter((o) => o.sessionClientId === sessionClientId);

/** The user's sessions kept on the device, oldest first. */
export async function sessionsOf(db: AuditDatabase, userSub: string): Promise<StoredSession[]> {
  return (await db.sessions.where('userSub').equals(userSub).toArray()).sort(byStart);
}

/** The session the user is watching on this device (the latest started, should there be two), or null. */
export async function openSessionOf(db: AuditDatabase, userSub: string): Promise<StoredSession | null> {
  return openSessionIn(await sessionsOf(db, userSub));
}

/** A session's records, in the order they were made. */
export async function observationsOf(db: AuditDatabase, sessionClientId: string): Promise<StoredObservation[]> {
  return (await db.observations.where('sessionClientId').equals(sessionClientId).toArray()).sort(byTime);
}

/**
 * Forgets the user's ended sessions of which nothing is queued any more (`isQueued` tells whether
 * a session still has an item in the outbox): the server has them, and its list shows them from then on.
 */
export async function forgetSentSessions(db: AuditDatabase, userSub: string, isQueued: (sessionClientId: string) => boolean): Promise<void> {
  const done = (await sessionsOf(db, userSub)).filter((s) => s.endedAt !== null && !isQueued(s.clientId)).map((s) => s.clientId);
  if (done.length === 0) return;
  await db.transaction('rw', db.sessions, db.observations, async () => {
    await db.observations.where('sessionClientId').anyOf(done).delete();
    await db.sessions.bulkDelete(done);
  });
}
