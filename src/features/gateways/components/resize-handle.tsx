import { Box } from '@mantine/core';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';

/** Heights a bottom drawer may be resized to, in vh. */
export const DRAWER_HEIGHT = { min: 30, initial: 75, max: 95, step: 5 } as const;

/**
 * The grip at a bottom drawer's top edge: drag it (mouse, pen or finger) or use the arrow keys to
 * make the drawer taller or shorter, between DRAWER_HEIGHT.min and max.
 */
export function ResizeHandle({ height, onResize }: { height: number; onResize: (vh: number) => void }) {
  const drag = useRef<{ startY: number; startVh: number } | null>(null);
  const clamp = (vh: number) => Math.min(DRAWER_HEIGHT.max, Math.max(DRAWER_HEIGHT.min, Math.round(vh)));
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = { startY: event.clientY, startVh: height };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const movedVh = ((drag.current.startY - event.clientY) / window.innerHeight) * 100;
    onResize(clamp(drag.current.startVh + movedVh));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const by = event.key === 'ArrowUp' ? DRAWER_HEIGHT.step : event.key === 'ArrowDown' ? -DRAWER_HEIGHT.step : 0;
    if (by === 0) return;
    event.preventDefault();
    onResize(clamp(height + by));
  };
  return (
    <Box
      role="separator"
      aria-orientation="horizontal"
      aria-label="Resize the drawer"
      aria-valuemin={DRAWER_HEIGHT.min}
      aria-valuemax={DRAWER_HEIGHT.max}
      aria-valuenow={height}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      h={24}
      style={{ cursor: 'ns-resize', touchAction: 'none', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <Box w={48} h={5} bg="gray.4" style={{ borderRadius: 3 }} />
    </Box>
  );
}
