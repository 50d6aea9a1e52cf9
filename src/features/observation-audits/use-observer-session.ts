import type { AuditUnit, ObservationAction, ObservationIndication } from '@contracts/observation-audits';
import { useCallback, useMemo, useRef } from 'react';
import { useSession } from '@/lib/session-context';
import { outboxUserOf, useQueueEdit } from '@/offline/use-outbox';
import {
  auditDb,
  keptRowsOf,
  NO_PICKS,
  observationsOf,
  openSessionIn,
  openSessionOf,
  recordsIn,
  type ObservedPerson,
  type SessionPicks,
  type StoredObservation,
  type StoredSession,
} from './audit-store';
import {
  AUDIT_OBSERVATION,
  AUDIT_OBSERVATION_UNDO,
  AUDIT_SESSION_END,
  AUDIT_SESSION_START,
  auditSessionEntity,
  type ObservationPayload,
  type ObservationUndoPayload,
  type SessionEndPayload,
  type SessionStartPayload,
} from './outbox-handlers';
import { endOf, sessionDeadline } from './session-figures';
import { useLiveStore } from './use-live-store';

/** What one tap of an action records, besides the room and person chosen (the tap's own time is taken by `record`). */
export interface NewRecord {
  indication: ObservationIndication;
  action: ObservationAction;
  gloves: boolean;
}

export interface ObserverSession {
  /** True until the device's store has answered. */
  loading: boolean;
  session: StoredSession | null;
  /** The open session's records, oldest first. */
  records: StoredObservation[];
  start: (unit: AuditUnit) => Promise<void>;
  /** Keeps the room and person chosen with the session. */
  choose: (picks: SessionPicks) => Promise<void>;
  /** Records an opportunity at `at` (the tap); false when the session is past its last moment. */
  record: (record: NewRecord, at?: number) => Promise<boolean>;
  /** Removes the session's latest record. */
  undoLast: () => Promise<void>;
  end: (now?: number) => Promise<void>;
}

const personName = (person: ObservedPerson) => (person.kind === 'unknown' ? null : person.name);

/**
 * The observer's session on this device (docs/SCREENS.md 'Observation Audits'). Each change is
 * written to the feature's store (what the screen shows, across reloads without signal) and queued
 * in the outbox (what reaches the server, in order, once); a change that could not be queued is
 * taken back from the store. Changes run one after another, so two quick taps of Undo last take
 * back two records, never one twice.
 */
export function useObserverSession(): ObserverSession {
  const userSub = outboxUserOf(useSession().user);
  const queue = useQueueEdit();
  const kept = useLiveStore((db) => keptRowsOf(db, userSub), userSub);
  const live = useMemo(() => {
    if (!kept) return undefined;
    const session = openSessionIn(kept.sessions);
    return { session, records: session ? recordsIn(kept.observations, session.clientId) : [] };
  }, [kept]);
  const chain = useRef<Promise<unknown>>(Promise.resolve());

  const inTurn = useCallback(<T,>(change: () => Promise<T>): Promise<T> => {
    const next = chain.current.then(change, change);
    chain.current = next.catch(() => undefined);
    return next;
  }, []);

  const start = useCallback(
    (unit: AuditUnit) =>
      inTurn(async () => {
        const db = auditDb();
        if (await openSessionOf(db, userSub)) return;
        const session: StoredSession = { clientId: crypto.randomUUID(), userSub, unit, startedAt: new Date().toISOString(), endedAt: null, picks: NO_PICKS };
        await db.sessions.add(session);
        const payload: SessionStartPayload = { body: { clientId: session.clientId, groupId: unit.id, startedAt: session.startedAt }, unitName: unit.name };
        await queue([{ type: AUDIT_SESSION_START, entity: auditSessionEntity(session.clientId), payload }]).catch(async (error: unknown) => {
          await db.sessions.delete(session.clientId);
          throw error;
        });
      }),
    [inTurn, queue, userSub],
  );

  const choose = useCallback(
    (picks: SessionPicks) =>
      inTurn(async () => {
        const db = auditDb();
        const session = await openSessionOf(db, userSub);
        if (session) await db.sessions.update(session.clientId, { picks });
      }),
    [inTurn, userSub],
  );

  const record = useCallback(
    (next: NewRecord, at = Date.now()) =>
      inTurn(async () => {
        const db = auditDb();
        const session = await openSessionOf(db, userSub);
        if (!session || at > sessionDeadline(session.startedAt)) return false;
        const { room, person } = session.picks;
        const stored: StoredObservation = {
          clientId: crypto.randomUUID(),
          sessionClientId: session.clientId,
          observedAt: new Date(at).toISOString(),
          zoneId: room?.id ?? null,
          indication: next.indication,
          action: next.action,
          gloves: next.gloves,
          userId: person.kind === 'staff' ? person.userId : null,
          professionId: person.kind === 'profession' ? person.professionId : null,
          personName: personName(person),
          roomName: room?.name ?? null,
        };
        await db.observations.add(stored);
        const { personName: name, roomName: _room, ...body } = stored;
        const payload: ObservationPayload = { body, personName: name };
        await queue([{ type: AUDIT_OBSERVATION, entity: auditSessionEntity(session.clientId), payload }]).catch(async (error: unknown) => {
          await db.observations.delete(stored.clientId);
          throw error;
        });
        return true;
      }),
    [inTurn, queue, userSub],
  );

  const undoLast = useCallback(
    () =>
      inTurn(async () => {
        const db = auditDb();
        const session = await openSessionOf(db, userSub);
        const last = session ? (await observationsOf(db, session.clientId)).at(-1) : undefined;
        if (!session || !last) return;
        await db.observations.delete(last.clientId);
        const payload: ObservationUndoPayload = { clientId: last.clientId, sessionClientId: session.clientId, indication: last.indication, action: last.action };
        await queue([{ type: AUDIT_OBSERVATION_UNDO, entity: auditSessionEntity(session.clientId), payload }]).catch(async (error: unknown) => {
          await db.observations.add(last);
          throw error;
        });
      }),
    [inTurn, queue, userSub],
  );

  const end = useCallback(
    (now = Date.now()) =>
      inTurn(async () => {
        const db = auditDb();
        const session = await openSessionOf(db, userSub);
        if (!session) return;
        const endedAt = endOf(session.startedAt, now);
        const payload: SessionEndPayload = { clientId: session.clientId, endedAt, unitName: session.unit.name };
        // Queued first: once the end is on its way the session is closed on the device too.
        await queue([{ type: AUDIT_SESSION_END, entity: auditSessionEntity(session.clientId), payload }]);
        await db.sessions.update(session.clientId, { endedAt });
      }),
    [inTurn, queue, userSub],
  );

  return { loading: live === undefined, session: live?.session ?? null, records: live?.records ?? [], start, choose, record, undoLast, end };
}
