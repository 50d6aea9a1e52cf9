import Dexie, { type EntityTable } from 'dexie';

/** Where an outbox item stands: waiting to be sent (perhaps after a backoff), or refused and waiting for the user. */
export type OutboxStatus = 'pending' | 'failed';

/**
 * One queued edit (DESIGN.md 'Offline'). `id` is sent as the Idempotency-Key, so a replay after a
 * lost answer changes nothing. Items of one `entity` (a tag, a badge) are sent in the order they
 * were made; `userSub` ties the item to the user who made it.
 */
export interface OutboxItem<P = unknown> {
  id: string;
  userSub: string;
  type: string;
  /** What the edit is about ('nfc:04A1…', 'badge:AA:BB:…'): items of one entity never overtake each other. */
  entity: string;
  payload: P;
  createdAt: number;
  attempts: number;
  status: OutboxStatus;
  /** The server's message (or why it could not be reached) from the last attempt. */
  lastError: string | null;
  /** Not to be sent before this time (ms since the epoch): the backoff after a failed attempt. */
  nextAttemptAt: number;
}

/** The device's offline store: the outbox now; device lists and floor plans join it as their screens arrive. */
export class OfflineDatabase extends Dexie {
  outbox!: EntityTable<OutboxItem, 'id'>;

  constructor(name = 'lavo-offline') {
    super(name);
    this.version(1).stores({
      // createdAt orders the replay; userSub keeps each user's queue apart.
      outbox: 'id, userSub, [userSub+createdAt], entity, status',
    });
  }
}

// Kept apart from Dexie, so the shell can ask without loading it.
export { offlineStorageAvailable } from './storage-available';

let current: OfflineDatabase | null = null;

/** The app's offline database (opened on first use). */
export function offlineDb(): OfflineDatabase {
  current ??= new OfflineDatabase();
  return current;
}
