import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';

/** The spec's delay before the profile popup closes once the pointer has left. */
export const PROFILE_CLOSE_DELAY_MS = 300;

/**
 * Open state for a popup that opens on mouse hover at once and closes `closeDelay` ms after the
 * pointer leaves, but also toggles on click/tap/keyboard (tablets have no hover). A popup opened
 * by click stays open until dismissed.
 */
export function useHoverPopover(closeDelay = PROFILE_CLOSE_DELAY_MS) {
  const [opened, setOpened] = useState(false);
  const openedBy = useRef<'hover' | 'click' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancelClose = useCallback(() => clearTimeout(timer.current), []);
  useEffect(() => cancelClose, [cancelClose]);

  const close = useCallback(() => {
    cancelClose();
    openedBy.current = null;
    setOpened(false);
  }, [cancelClose]);

  const onPointerEnter = useCallback(
    (event: PointerEvent) => {
      // Touch pointers also fire enter/leave around a tap; only a mouse hovers.
      if (event.pointerType !== 'mouse') return;
      cancelClose();
      if (!openedBy.current) openedBy.current = 'hover';
      setOpened(true);
    },
    [cancelClose],
  );

  const onPointerLeave = useCallback(
    (event: PointerEvent) => {
      if (event.pointerType !== 'mouse' || openedBy.current !== 'hover') return;
      cancelClose();
      timer.current = setTimeout(close, closeDelay);
    },
    [cancelClose, close, closeDelay],
  );

  const onClick = useCallback(() => {
    cancelClose();
    if (opened && openedBy.current === 'click') {
      close();
      return;
    }
    // A click on a hover-opened popup pins it open rather than closing it under the pointer.
    openedBy.current = 'click';
    setOpened(true);
  }, [cancelClose, close, opened]);

  return { opened, close, targetHandlers: { onPointerEnter, onPointerLeave, onClick }, dropdownHandlers: { onPointerEnter, onPointerLeave } };
}
