import { liveQuery } from 'dexie';
import { useEffect, useMemo, useState } from 'react';
import type { EditorDraft, SavedIds } from './editor-model';
import { editorDb } from './editor-store';

const NONE: SavedIds = new Map();

/**
 * The server's ids of the entities the draft names as added on this device, once their saves are
 * answered (read again as each answer is stored), for withSavedIds.
 */
export function useSavedIds(draft: EditorDraft): SavedIds {
  const keys = useMemo(() => [...new Set(draft.done.filter((a) => a.entity.id === null).map((a) => a.key))].sort(), [draft]);
  const joined = keys.join('\n');
  const [state, setState] = useState<{ joined: string; ids: SavedIds }>({ joined: '', ids: NONE });
  useEffect(() => {
    if (keys.length === 0) return;
    const subscription = liveQuery(() => editorDb().savedEntities.bulkGet(keys)).subscribe({
      next: (refs) => setState({ joined, ids: new Map(refs.flatMap((ref) => (ref ? [[ref.key, { id: ref.id, version: ref.version }] as const] : []))) }),
      error: (error: unknown) => console.warn('Could not read the saved editor entities kept on this device', error),
    });
    return () => subscription.unsubscribe();
    // `joined` names the keys read: new keys, a new subscription.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [joined]);
  return state.joined === joined && keys.length > 0 ? state.ids : NONE;
}
