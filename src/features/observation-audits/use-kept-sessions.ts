import { useEffect, useMemo } from 'react';
import { useSession } from '@/lib/session-context';
import { offlineDb } from '@/offline/db';
import { queueOf } from '@/offline/outbox';
import { outboxUserOf, useOutboxItems } from '@/offline/use-outbox';
import type { PendingState } from '@/components/pending-mark';
import { auditDb, forgetSentSessions, keptRowsOf, recordsIn, type StoredSession } from './audit-store';
import { auditSessionEntity } from './outbox-handlers';
import { tallyOf, type Tally } from './session-figures';
import { useLiveStore } from './use-live-store';

/** A session kept on this device, with its count and where its queued edits stand. */
export interface KeptSession {
  session: StoredSession;
  tally: Tally;
  /** 'pending' while some of its edits wait in the outbox, 'failed' when the server refused one. */
  state: PendingState;
}

/**
 * The sessions this device keeps for the signed-in observer (the open one, and the ended ones not
 * yet all sent), for the Sessions list to show before the server has them. An ended session of
 * which nothing is queued any more is forgotten: the server's list has it (docs/SCREENS.md
 * 'Observation Audits').
 */
export function useKeptSessions(): KeptSession[] | undefined {
  const userSub = outboxUserOf(useSession().user);
  const items = useOutboxItems();
  const rows = useLiveStore((db) => keptRowsOf(db, userSub), userSub);
  const kept = useMemo(() => rows?.sessions.map((session) => ({ session, tally: tallyOf(recordsIn(rows.observations, session.clientId)) })), [rows]);

  useEffect(() => {
    if (items === undefined) return;
    // The queue is read afresh: the view of it is a few hundred milliseconds behind while it drains.
    void queueOf(offlineDb(), userSub)
      .then((queue) => {
        const queued = new Set(queue.map((item) => item.entity));
        return forgetSentSessions(auditDb(), userSub, (clientId) => queued.has(auditSessionEntity(clientId)));
      })
      .catch((error: unknown) => console.warn('Could not tidy the observation sessions kept on this device', error));
  }, [items, userSub]);

  if (kept === undefined) return undefined;
  return kept.map(({ session, tally }) => {
    const own = (items ?? []).filter((item) => item.entity === auditSessionEntity(session.clientId));
    const state: PendingState = own.some((item) => item.status === 'failed') ? 'failed' : own.length > 0 ? 'pending' : null;
    return { session, tally, state };
  });
}
