import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '@/test/fixtures';

vi.mock('@/lib/auth', () => ({
  getIdToken: vi.fn(async () => 'id-token'),
  getAccessToken: vi.fn(async () => 'access-token'),
  signOut: vi.fn(async () => {}),
}));

import { setConfig } from '@/lib/config';
import { offlineDb, type OutboxItem } from '@/offline/db';
import { queueOf, replayOutbox } from '@/offline/outbox';
import type { EditorEditPayload, EntityDraft } from './editor-model';
import { editorDb, type EditorSnapshot, type SavedEntityRef } from './editor-store';
import { EDITOR_SAVE, editorEntity, registerEditorOutboxHandlers } from './outbox-handlers';

const TECH = 'sub-tech';

// A device placed on this device while offline: its add was sent (the server gave it id 41,
// version 3) and its move is still queued when the app is updated.
const placed: EntityDraft = {
  entityType: 'DEVICE', id: null, clientId: 'c-1', mac: 'AA:BB:CC:DD:EE:09', name: 'Room 501 beacon', type: 'BEACON', groupId: 12, modelId: 12,
  firmwareVersionId: null, role: null, physicalRole: 'ROOM', zoneId: 5, x: 150, y: 80, active: true, staged: true, publish: false, version: null,
};
const moved: EditorEditPayload = { groupId: 12, groupName: 'Med-Surg – 5 East', key: 'device:new:c-1', entity: placed, remove: false, publish: false };
const queuedMove: OutboxItem<EditorEditPayload> = {
  id: 'move-1', userSub: TECH, type: EDITOR_SAVE, entity: editorEntity(moved), payload: moved, createdAt: 1, attempts: 0, status: 'pending', lastError: null, nextAttemptAt: 0,
};
const savedRef: SavedEntityRef = { key: 'device:new:c-1', id: 41, version: 3 };
const snapshot: EditorSnapshot = { userSub: TECH, groupId: 12, answer: { devices: [], zones: [] }, savedAt: 1_700_000_000_000 };
const conflict = { itemId: 'earlier-1', body: { message: 'Changed by someone else', conflicts: [] } };

/** The device's store as the app's version 2 left it: the outbox and the Location Editor's tables side by side. */
async function writeVersion2Store(): Promise<void> {
  const old = new Dexie('lavo-offline');
  old.version(1).stores({ outbox: 'id, userSub, [userSub+createdAt], entity, status' });
  old.version(2).stores({ outbox: 'id, userSub, [userSub+createdAt], entity, status', savedEntities: 'key', editorSnapshots: '[userSub+groupId]', saveConflicts: 'itemId' });
  await old.table('outbox').put(queuedMove);
  await old.table('savedEntities').put(savedRef);
  await old.table('editorSnapshots').put(snapshot);
  await old.table('saveConflicts').put(conflict);
  old.close();
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeAll(() => {
  setConfig(testConfig);
  registerEditorOutboxHandlers();
});
beforeEach(async () => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  await writeVersion2Store();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  // Deleted, each reopens on its next use, as the app's singletons do.
  await editorDb().delete({ disableAutoOpen: false });
  await offlineDb().delete({ disableAutoOpen: false });
});

describe('the Location Editor’s own store', () => {
  it('takes the rows the outbox’s database kept for it, which then keeps the outbox alone', async () => {
    expect(await editorDb().savedEntities.get(savedRef.key)).toEqual(savedRef);
    expect(await editorDb().editorSnapshots.get([TECH, 12])).toEqual(snapshot);
    expect(await editorDb().saveConflicts.get(conflict.itemId)).toEqual(conflict);

    expect(offlineDb().tables.map((table) => table.name).sort()).toEqual(['handover', 'outbox']);
    expect(await offlineDb().handover.count()).toBe(0);
    expect((await queueOf(offlineDb(), TECH)).map((item) => item.id)).toEqual([queuedMove.id]);
  });

  it('keeps a row it already has over an older one handed over', async () => {
    const newer = { ...savedRef, version: 4 };
    await editorDb().savedEntities.put(newer);
    // A move cut short: the rows came over but were not yet forgotten in the outbox's database.
    await offlineDb().handover.put({ table: 'savedEntities', rows: [savedRef] });
    editorDb().close();
    await editorDb().open();
    expect(await editorDb().savedEntities.get(savedRef.key)).toEqual(newer);
    expect(await offlineDb().handover.count()).toBe(0);
  });

  it('replays a save queued before the update exactly once, as the edit of the device the server already has', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, { items: [{ index: 0, entityType: 'DEVICE', sentId: 41, action: 'EDITED', entity: null, replacement: null }], published: [] }),
    );
    expect(await replayOutbox(offlineDb(), TECH)).toMatchObject({ sent: 1, refused: 0 });
    expect(await replayOutbox(offlineDb(), TECH)).toMatchObject({ sent: 0, refused: 0 });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/groups/editor?groupId=12');
    expect((init!.headers as Record<string, string>)['Idempotency-Key']).toBe(queuedMove.id);
    const items = JSON.parse(String(init!.body)) as { id: number | null; baseVersion: number | null; x: number }[];
    expect(items).toMatchObject([{ id: 41, baseVersion: 3, x: 150 }]);
    expect(await queueOf(offlineDb(), TECH)).toEqual([]);
  });
});
