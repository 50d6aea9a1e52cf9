import type { AuditUnit, ObservationAction, ObservationIndication } from '@contracts/observation-audits';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSession } from '@/lib/session-context';
import { offlineDb } from '@/offline/db';
import { queueOf } from '@/offline/outbox';
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
import { restoreFromQueue } from './restore-from-queue';
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
 * queued in the outbox (what reaches the server, in order, once) and then written to the feature's
 * store (what the screen shows, across reloads without signal); a change that could not be queued
 * is not made. When the page opens, the store is first brought up to the queue, should it have
 * been closed between the two writes (docs/OFFLINE.md 'Observation Audits'). Changes run one
 * after another, so two quick taps of Undo last take back two records, never one twice.
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
  const restoredFor = useRef<string | null>(null);

  const inTurn = useCallback(<T,>(change: () => Promise<T>): Promise<T> => {
    const next = chain.current.then(change, change);
    chain.current = next.catch(() => undefined);
    return next;
  }, []);

  // Before any change of the user's: the store brought up to what the outbox holds.
  useEffect(() => {
    if (restoredFor.current === userSub) return;
    restoredFor.current = userSub;
    void inTurn(async () => restoreFromQueue(auditDb(), userSub, await queueOf(offlineDb(), userSub))).catch((error: unknown) =>
      console.warn('Could not bring the observation audits kept on this device up to the outbox', error),
    );
  }, [inTurn, userSub]);

  const start = useCallback(
    (unit: AuditUnit) =>
      inTurn(async () => {
        const db = auditDb();
        if (await openSessionOf(db, userSub)) return;
        const session: StoredSession = { clientId: crypto.randomUUID(), userSub, unit, startedAt: new Date().toISOString(), endedAt: null, picks: NO_PICKS };
        const payload: SessionStartPayload = { body: { clientId: session.clientId, groupId: unit.id, startedAt: session.startedAt }, unitName: unit.name, unit };
        await queue([{ type: AUDIT_SESSION_START, entity: auditSessionEntity(session.clientId), payload }]);
        await db.sessions.add(session);
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
        const { personName: name, roomName, ...body } = stored;
        const payload: ObservationPayload = { body, personName: name, roomName };
        await queue([{ type: AUDIT_OBSERVATION, entity: auditSessionEntity(session.clientId), payload }]);
        await db.observations.add(stored);
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
        const payload: ObservationUndoPayload = { clientId: last.clientId, sessionClientId: session.clientId, indication: last.indication, action: last.action };
        await queue([{ type: AUDIT_OBSERVATION_UNDO, entity: auditSessionEntity(session.clientId), payload }]);
        await db.observations.delete(last.clientId);
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
