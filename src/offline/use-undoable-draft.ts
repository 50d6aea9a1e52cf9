import { startTransition, useCallback, useRef, useState } from 'react';

// Unsaved edits of a drawing tool (the Path Builder, the Location Editor): the steps done, with
// undo and redo, kept in localStorage under a key per user and location as they change, so a
// reload, a closed tab or a tablet that restarts finds the drawing where it was left.

/** The steps of a draft: undo takes back the last done, redo puts back the last undone. */
export interface UndoableDraft<A> {
  done: A[];
  undone: A[];
}

export const emptyDraft = <A>(): UndoableDraft<A> => ({ done: [], undone: [] });

/** A new step; whatever was undone cannot be redone after it. */
export const applyStep = <A>(draft: UndoableDraft<A>, step: A): UndoableDraft<A> => ({ done: [...draft.done, step], undone: [] });

export function undoStep<A>(draft: UndoableDraft<A>): UndoableDraft<A> {
  if (draft.done.length === 0) return draft;
  return { done: draft.done.slice(0, -1), undone: [...draft.undone, draft.done[draft.done.length - 1] as A] };
}

export function redoStep<A>(draft: UndoableDraft<A>): UndoableDraft<A> {
  if (draft.undone.length === 0) return draft;
  return { done: [...draft.done, draft.undone[draft.undone.length - 1] as A], undone: draft.undone.slice(0, -1) };
}

/** The stored draft under `key`; anything unreadable counts as none. */
export function readDraft<A>(key: string): UndoableDraft<A> {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as UndoableDraft<A> | null;
    return stored && Array.isArray(stored.done) && Array.isArray(stored.undone) ? stored : emptyDraft();
  } catch {
    return emptyDraft();
  }
}

function writeDraft<A>(key: string, draft: UndoableDraft<A>): void {
  try {
    if (draft.done.length === 0 && draft.undone.length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or refused: the draft still lives on the page.
  }
}

export interface UndoableDraftState<A> {
  draft: UndoableDraft<A>;
  apply: (step: A) => void;
  undo: () => void;
  redo: () => void;
  /** Forgets the draft (once it was queued, or discarded). */
  clear: () => void;
}

/** The draft stored under `storageKey` (none, and nothing stored, without a key). */
export function useUndoableDraft<A>(storageKey: string | null): UndoableDraftState<A> {
  const load = (key: string | null) => (key === null ? emptyDraft<A>() : readDraft<A>(key));
  const [state, setState] = useState<{ key: string | null; draft: UndoableDraft<A> }>(() => ({ key: storageKey, draft: load(storageKey) }));
  // Another key (another location): its own draft.
  const current = state.key === storageKey ? state : { key: storageKey, draft: load(storageKey) };
  if (current !== state) setState(current);

  // The latest draft, written to storage in the same task as the tap that made it: the page's
  // render may come a frame later, and a reload in between must not lose the step.
  const latest = useRef(current);
  if (latest.current.key !== current.key) latest.current = current;

  // A step re-renders the whole page (its lists, its toolbar); as a transition React renders it in
  // slices between frames, so dropping a device on a plan of hundreds never blocks the next frame.
  const update = useCallback((change: (draft: UndoableDraft<A>) => UndoableDraft<A>) => {
    const next = { key: latest.current.key, draft: change(latest.current.draft) };
    latest.current = next;
    if (next.key !== null) writeDraft(next.key, next.draft);
    startTransition(() => setState(next));
  }, []);
  return {
    draft: current.draft,
    apply: useCallback((step: A) => update((d) => applyStep(d, step)), [update]),
    undo: useCallback(() => update(undoStep), [update]),
    redo: useCallback(() => update(redoStep), [update]),
    clear: useCallback(() => update(() => emptyDraft<A>()), [update]),
  };
}
