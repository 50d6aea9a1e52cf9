import Dexie, { type EntityTable, type IndexableType, type Table } from 'dexie';
import { dropHandedOver, handedOver, offlineDb, type OfflineDatabase } from '@/offline/db';

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

/** The Location Editor's tables, which the outbox's database kept before it had a store of its own. */
const STORES = {
  savedEntities: 'key',
  editorSnapshots: '[userSub+groupId]',
  saveConflicts: 'itemId',
} as const;

/**
 * What the Location Editor keeps on the device for work without signal (docs/OFFLINE.md 'Location
 * Editor'): the ids the server gave to entities this device added, the
 * last answer per user and location, and the server's side of a conflicting save.
 */
export class EditorDatabase extends Dexie {
  savedEntities!: EntityTable<SavedEntityRef, 'key'>;
  editorSnapshots!: Table<EditorSnapshot, [string, number]>;
  saveConflicts!: EntityTable<SaveConflict, 'itemId'>;

  constructor(name = 'lavo-editor', outbox: () => OfflineDatabase = offlineDb) {
    super(name);
    this.version(1).stores(STORES);
    // On every open (sticky), before anything is read: the rows an earlier version kept in the outbox's database come over.
    this.on('ready', () => takeHandedOver(this, outbox()), true);
  }
}

/**
 * Moves the editor's rows from the outbox's database into this one. A row already here is newer
 * and stays; the rows are forgotten there only once they are here, so an interrupted move is
 * finished by the next open.
 */
async function takeHandedOver(db: EditorDatabase, outbox: OfflineDatabase): Promise<void> {
  for (const name of Object.keys(STORES) as (keyof typeof STORES)[]) {
    const rows = await handedOver(outbox, name);
    if (rows.length === 0) continue;
    const table = db.table(name);
    await db.transaction('rw', table, async () => {
      const keys = rows.map((row) => Dexie.getByKeyPath(row as object, table.schema.primKey.keyPath ?? '') as IndexableType);
      const present = await table.bulkGet(keys);
      await table.bulkAdd(rows.filter((_, i) => present[i] === undefined));
    });
    await dropHandedOver(outbox, name);
  }
}

let current: EditorDatabase | null = null;

/** The Location Editor's store on this device (opened on first use). */
export function editorDb(): EditorDatabase {
  current ??= new EditorDatabase();
  return current;
}
