import Dexie, { type EntityTable, type Transaction } from 'dexie';

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

/**
 * Rows of a table an earlier version of this database kept, waiting for the feature whose own
 * store they now belong in to take them (`handedOver`).
 */
export interface HandedOverRows {
  table: string;
  rows: unknown[];
}

/** The tables of this database's newest version: the outbox, and the rows handed over to a feature's own store. */
const STORES = {
  // createdAt orders the replay; userSub keeps each user's queue apart.
  outbox: 'id, userSub, [userSub+createdAt], entity, status',
  handover: 'table',
} as const;

/**
 * The device's offline store: the outbox (DESIGN.md 'Offline'). What a feature keeps for work
 * without signal lives in a store of its own (the Location Editor's in `lavo-editor`).
 */
export class OfflineDatabase extends Dexie {
  outbox!: EntityTable<OutboxItem, 'id'>;
  handover!: EntityTable<HandedOverRows, 'table'>;

  constructor(name = 'lavo-offline') {
    super(name);
    // Version 1 held the outbox alone; version 2 added tables a feature now keeps in its own store.
    // Version 3 removes every table it does not declare, its rows kept in `handover` until taken.
    this.version(3).stores(STORES).upgrade(handOverUndeclared);
  }
}

/** Keeps the rows of each table the upgrade removes, so the store they now belong in can take them. */
async function handOverUndeclared(tx: Transaction): Promise<void> {
  for (const name of Array.from(tx.idbtrans.objectStoreNames)) {
    if (name in STORES || name.startsWith('$')) continue;
    const rows = await tx.table(name).toArray();
    if (rows.length > 0) await tx.table<HandedOverRows, string>('handover').put({ table: name, rows });
  }
}

/** The rows an earlier version of `db` kept in `table`, or none; `dropHandedOver` forgets them once taken. */
export async function handedOver(db: OfflineDatabase, table: string): Promise<unknown[]> {
  return (await db.handover.get(table))?.rows ?? [];
}

export async function dropHandedOver(db: OfflineDatabase, table: string): Promise<void> {
  await db.handover.delete(table);
}

// Kept apart from Dexie, so the shell can ask without loading it.
export { offlineStorageAvailable } from './storage-available';

let current: OfflineDatabase | null = null;

/** The app's offline database (opened on first use). */
export function offlineDb(): OfflineDatabase {
  current ??= new OfflineDatabase();
  return current;
}

/**
 * Whether `error` is a transaction the browser cut off by closing the database's connection
 * (Chromium under load, Safari on backgrounding). Dexie opens the database again on the next
 * request, and the cut-off transaction wrote nothing.
 */
export function isClosedConnection(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message} ${String((error as { inner?: unknown }).inner ?? '')}` : String(error);
  return /DatabaseClosedError|connection was closed/i.test(text);
}

/** Runs `operation`, once more if the browser closed the connection under it (nothing of the first try was written). */
export async function againIfClosed<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (!isClosedConnection(error)) throw error;
    return operation();
  }
}
