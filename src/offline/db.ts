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
  /**
   * The Idempotency-Key its attempts go out under, when it is not the item's id: a refused edit
   * the user changed and sent again (`resendChanged`) is a new request with a key of its own.
   */
  sendKey?: string;
}

/** The server's id and version of an entity this device saved (a Location Editor entity, by its key). */
export interface SavedEntityRef {
  key: string;
  id: number;
  version: number;
}

/** A Location Editor answer kept for use without signal (per user and location). */
export interface EditorSnapshot {
  userSub: string;
  groupId: number;
  answer: unknown;
  savedAt: number;
}

/** The server's refusal of a queued save as conflicting, by the outbox item's id. */
export interface SaveConflict {
  itemId: string;
  body: unknown;
}

/** The device's offline store: the outbox, and what the Location Editor keeps for work without signal. */
export class OfflineDatabase extends Dexie {
  outbox!: EntityTable<OutboxItem, 'id'>;
  savedEntities!: EntityTable<SavedEntityRef, 'key'>;
  editorSnapshots!: Dexie.Table<EditorSnapshot, [string, number]>;
  saveConflicts!: EntityTable<SaveConflict, 'itemId'>;

  constructor(name = 'lavo-offline') {
    super(name);
    this.version(1).stores({
      // createdAt orders the replay; userSub keeps each user's queue apart.
      outbox: 'id, userSub, [userSub+createdAt], entity, status',
    });
    this.version(2).stores({
      outbox: 'id, userSub, [userSub+createdAt], entity, status',
      savedEntities: 'key',
      editorSnapshots: '[userSub+groupId]',
      saveConflicts: 'itemId',
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
