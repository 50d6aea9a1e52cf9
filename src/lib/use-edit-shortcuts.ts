import { useEffect, useRef } from 'react';

/**
 * What the drawing tools' keys do: the Location Editor's keys (Escape, Ctrl+S, Ctrl+Z,
 * Ctrl+R, Alt), which the Path Builder shares. Each has a button too, for touch.
 */
export interface EditShortcuts {
  escape: () => void;
  undo: () => void;
  redo: () => void;
  save: () => void;
  /** Alt pressed alone (the editor's delete mode). */
  alt?: () => void;
}

const isTextField = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The page's keyboard shortcuts; a text field keeps its own Ctrl+Z, and a dialog its keys. */
export function useEditShortcuts(shortcuts: EditShortcuts): void {
  const latest = useRef(shortcuts);
  latest.current = shortcuts;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A key pressed in a dialog is the dialog's (its fields keep their keys), and so is Escape
      // while one is open, wherever the focus is: it closes the dialog and nothing else.
      if (event.defaultPrevented || (event.target instanceof Element && event.target.closest('[role="dialog"]'))) return;
      if (event.key === 'Escape' && document.querySelector('[role="dialog"]')) return;
      const ctrl = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (event.key === 'Escape') latest.current.escape();
      else if (event.key === 'Alt' && !event.repeat && latest.current.alt) {
        event.preventDefault();
        latest.current.alt();
      }
      else if (ctrl && key === 's') {
        event.preventDefault();
        latest.current.save();
      } else if (ctrl && key === 'z' && !isTextField(event.target)) {
        event.preventDefault();
        if (event.shiftKey) latest.current.redo();
        else latest.current.undo();
      } else if (ctrl && (key === 'r' || key === 'y') && !isTextField(event.target)) {
        event.preventDefault();
        latest.current.redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
