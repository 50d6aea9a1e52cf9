import { useCallback } from 'react';
import { againIfClosed, offlineDb, type OutboxItem } from './db';
import { sendQueuedNow } from './sync';
import { useQueueEdit } from './use-outbox';

/**
 * Submitting edits from a screen: the payloads of one kind of edit are queued in the outbox and,
 * when online, sent at once; the screen then announces what became of them (its own toast) and
 * gets each payload's result back, in the order given, for its results table. Offline the same
 * edits simply wait in the outbox and every result says so.
 */

/** What became of edits submitted together. */
export interface EditOutcome<P> {
  /** The device was offline: everything is queued and goes out when the connection is back. */
  offline: boolean;
  total: number;
  /** Accepted by the server. */
  sent: OutboxItem<P>[];
  /** Refused by the server, each with its message; they stay in the outbox for Retry or Discard. */
  refused: OutboxItem<P>[];
  /** Not sent yet (the server could not be reached); they go out on the next attempt. */
  waiting: OutboxItem<P>[];
}

/** Where each queued item stands after a replay. */
export async function outcomeOf<P>(items: OutboxItem<P>[], offline: boolean): Promise<EditOutcome<P>> {
  const outcome: EditOutcome<P> = { offline, total: items.length, sent: [], refused: [], waiting: [] };
  const db = offlineDb();
  for (const item of items) {
    const stored = (await db.outbox.get(item.id)) as OutboxItem<P> | undefined;
    if (!stored) outcome.sent.push(item);
    else if (stored.status === 'failed') outcome.refused.push(stored);
    else outcome.waiting.push(stored);
  }
  return outcome;
}

/** What became of one submitted edit. */
export type EditResult =
  | { state: 'accepted' }
  | { state: 'refused'; reason: string }
  /** Still in the outbox: offline, or the server could not be reached. */
  | { state: 'queued'; offline: boolean };

/** Each item's result, in the order of `ids`; an id the outcome does not list counts as still queued. */
export function resultsOf<P>(outcome: EditOutcome<P>, ids: readonly string[]): EditResult[] {
  const refused = new Map(outcome.refused.map((item) => [item.id, item.lastError ?? 'The server refused the change.']));
  const sent = new Set(outcome.sent.map((item) => item.id));
  return ids.map((id): EditResult => {
    if (sent.has(id)) return { state: 'accepted' };
    const reason = refused.get(id);
    return reason === undefined ? { state: 'queued', offline: outcome.offline } : { state: 'refused', reason };
  });
}

/** The result of an edit submitted alone (still queued when the outcome does not list it). */
export function onlyResult<P>({ outcome, results }: SubmittedEdits<P>): EditResult {
  return results[0] ?? { state: 'queued', offline: outcome.offline };
}

/** One kind of edit: its outbox type, and the entity a payload is about (one entity's edits are sent in order). */
export interface EditKind<P> {
  type: string;
  entity: (payload: P) => string;
}

/** Edits once submitted: the outcome by fate, and each payload's result in the order given. */
export interface SubmittedEdits<P> {
  outcome: EditOutcome<P>;
  results: EditResult[];
}

/** Submits `payloads` as edits of `kind`, calls `announce` once their fate is known, and answers it. */
export type SubmitEdits = <P>(
  kind: EditKind<P>,
  payloads: readonly P[],
  announce: (submitted: SubmittedEdits<P>) => void,
) => Promise<SubmittedEdits<P>>;

/**
 * Queues edits for the signed-in user and, when online, waits for them to be sent: the screen can
 * then say '{ok}/{total} imported' as it would after a direct request.
 */
export function useSubmitEdits(): SubmitEdits {
  const queueEdits = useQueueEdit();
  return useCallback(
    async <P,>(kind: EditKind<P>, payloads: readonly P[], announce: (submitted: SubmittedEdits<P>) => void) => {
      const stored = await queueEdits(payloads.map((payload) => ({ type: kind.type, entity: kind.entity(payload), payload })));
      const offline = !navigator.onLine;
      if (!offline) await sendQueuedNow();
      const outcome = await againIfClosed(() => outcomeOf(stored, offline));
      const submitted: SubmittedEdits<P> = { outcome, results: resultsOf(outcome, stored.map((item) => item.id)) };
      announce(submitted);
      return submitted;
    },
    [queueEdits],
  );
}
