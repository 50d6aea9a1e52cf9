import { editorEndpoints, type EditorEntities, type EditorItem, type EditorItemResult, type EditorSaveResult } from '@contracts/editor';
import { useQuery } from '@tanstack/react-query';
import { ConnectionError, mainApi } from '@/lib/api-client';
import { editorDb } from '../editor-store';
import { offlineStorageAvailable } from '@/offline/storage-available';

/** Cache keys of the Location Editor; a sent save invalidates its location's entities. */
export const editorKeys = {
  all: ['editor'] as const,
  entities: (groupId: number) => ['editor', 'entities', groupId] as const,
};

/** A location's editor entities, and when the server gave them. */
export interface LoadedEntities extends EditorEntities {
  fetchedAt: number;
  /** Read from this device's copy: the server could not be reached. */
  fromDevice: boolean;
}

/**
 * GET /groups/editor. Every answer is also kept in IndexedDB for the user and location, so the
 * editor opens without signal on any location opened online before, even one the query cache
 * has since let go.
 */
export async function loadEditorEntities(userSub: string, groupId: number, signal?: AbortSignal): Promise<LoadedEntities> {
  try {
    const answer = await mainApi.call(editorEndpoints.load, { query: { groupId }, signal });
    const fetchedAt = Date.now();
    if (offlineStorageAvailable()) void editorDb().editorSnapshots.put({ userSub, groupId, answer, savedAt: fetchedAt }).catch(() => undefined);
    return { ...answer, fetchedAt, fromDevice: false };
  } catch (error) {
    if (!(error instanceof ConnectionError) || !offlineStorageAvailable()) throw error;
    const kept = await editorDb().editorSnapshots.get([userSub, groupId]);
    if (!kept) throw error;
    return { ...(kept.answer as EditorEntities), fetchedAt: kept.savedAt, fromDevice: true };
  }
}

export function useEditorEntities(userSub: string, groupId: number | null) {
  return useQuery({
    queryKey: editorKeys.entities(groupId ?? 0),
    enabled: groupId !== null,
    queryFn: ({ signal }) => loadEditorEntities(userSub, groupId ?? 0, signal),
  });
}

/**
 * A location's answer with a save's results laid in (an entity stored is put in its place or
 * added, one removed or moved elsewhere taken out, a device replaced taken out), so the list shows
 * what the server holds from the moment it answers, not from the refetch after.
 */
export function withSavedItems<T extends EditorEntities>(answer: T, groupId: number, items: readonly EditorItemResult[]): T {
  const laid = <E extends { id: number }>(list: readonly E[], item: EditorItemResult, entity: E | null): E[] => {
    const gone = new Set([item.sentId, item.replacement?.replacedDeviceId].filter((id): id is number => typeof id === 'number' && id !== entity?.id));
    const kept = list.filter((e) => !gone.has(e.id));
    if (!entity) return kept;
    return kept.some((e) => e.id === entity.id) ? kept.map((e) => (e.id === entity.id ? entity : e)) : [...kept, entity];
  };
  let { devices, zones } = answer;
  for (const item of items) {
    const entity = item.entity && item.entity.groupId === groupId ? item.entity : null;
    // Moved to another location: it leaves this one's list.
    if (item.entity && !entity) {
      if (item.entity.entityType === 'DEVICE') devices = devices.filter((d) => d.id !== item.entity?.id);
      else zones = zones.filter((z) => z.id !== item.entity?.id);
    }
    if (item.entityType === 'DEVICE') devices = laid(devices, item, entity?.entityType === 'DEVICE' ? entity : null);
    else zones = laid(zones, item, entity?.entityType === 'ZONE' ? entity : null);
  }
  return { ...answer, devices, zones };
}

/** POST /groups/editor with the given changes, once: the outbox's idempotency key makes a replay a no-op. */
export function saveEditorItems(groupId: number, items: EditorItem[], idempotencyKey: string): Promise<EditorSaveResult> {
  return mainApi.call(editorEndpoints.save, { query: { groupId }, body: items, headers: { 'Idempotency-Key': idempotencyKey } });
}
