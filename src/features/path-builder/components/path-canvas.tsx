import type { PlanPoint } from '@contracts/paths';
import { memo, useRef } from 'react';
import type { PlanSize } from '@/components/floor-plan/floor-plan-map';
import type { SegmentState, ShownSegment } from '../path-model';
import classes from './path-builder.module.css';

// The paths drawn over a floor plan, as one SVG in plan pixels that moves with the plan. It takes
// taps (a press that did not move and was not a pinch) and tells the page where on the plan they
// fell; a drag still pans the plan and a pinch still zooms it.

/** A press that moved further than this (screen pixels) is a pan, not a tap. */
const TAP_SLOP_PX = 8;

export interface PlanDevice {
  id: number;
  name: string;
  type: string;
  x: number;
  y: number;
}

export type CanvasMode = 'view' | 'draw' | 'delete';

export interface PathCanvasProps {
  size: PlanSize;
  segments: readonly ShownSegment[];
  devices: readonly PlanDevice[];
  /** Where the line being drawn stands (its last point), if one is. */
  anchor: PlanPoint | null;
  mode: CanvasMode;
  /** The path the list points at, drawn thicker. */
  highlighted: string | null;
  /** A tap on the plan, in plan pixels, with the plan's scale on screen (screen pixels per plan pixel). */
  onTap: (point: PlanPoint, scale: number) => void;
}

const STATE_CLASS: Record<SegmentState, string | undefined> = {
  saved: classes.saved,
  pending: classes.pending,
  failed: classes.failed,
  new: classes.drawn,
  marked: classes.marked,
  removing: classes.removing,
};

/** The paths, the devices they run between, and the line being drawn. */
export const PathCanvas = memo(function PathCanvas({ size, segments, devices, anchor, mode, highlighted, onTap }: PathCanvasProps) {
  const svg = useRef<SVGSVGElement>(null);
  const preview = useRef<SVGLineElement>(null);
  const press = useRef<{ id: number; x: number; y: number; pointers: number } | null>(null);
  const pointers = useRef(new Set<number>());

  const toPlan = (clientX: number, clientY: number): { point: PlanPoint; scale: number } | null => {
    const element = svg.current;
    const matrix = element?.getScreenCTM();
    if (!element || !matrix) return null;
    const at = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return { point: { x: at.x, y: at.y }, scale: Math.hypot(matrix.a, matrix.b) };
  };

  const down = (event: React.PointerEvent) => {
    pointers.current.add(event.pointerId);
    // A second finger makes it a pinch: no tap comes of it.
    press.current = pointers.current.size === 1 ? { id: event.pointerId, x: event.clientX, y: event.clientY, pointers: 1 } : null;
  };
  const up = (event: React.PointerEvent) => {
    pointers.current.delete(event.pointerId);
    const from = press.current;
    press.current = null;
    if (!from || from.id !== event.pointerId || event.button > 0) return;
    if (Math.hypot(event.clientX - from.x, event.clientY - from.y) > TAP_SLOP_PX) return;
    const at = toPlan(event.clientX, event.clientY);
    if (at) onTap(at.point, at.scale);
  };
  const cancel = (event: React.PointerEvent) => {
    pointers.current.delete(event.pointerId);
    press.current = null;
  };
  // The line to the pointer follows it without rendering React.
  const move = (event: React.PointerEvent) => {
    const line = preview.current;
    if (!line || !anchor || event.pointerType === 'touch') return;
    const at = toPlan(event.clientX, event.clientY);
    if (!at) return;
    line.setAttribute('x2', String(at.point.x));
    line.setAttribute('y2', String(at.point.y));
  };

  return (
    <svg
      ref={svg}
      className={classes.canvas}
      data-mode={mode}
      data-testid="path-canvas"
      width={size.width}
      height={size.height}
      viewBox={`0 0 ${size.width} ${size.height}`}
      onPointerDown={down}
      onPointerUp={up}
      onPointerCancel={cancel}
      onPointerMove={move}
      aria-hidden
    >
      {devices.map((d) => (
        <circle key={d.id} className={d.type === 'BEACON' ? classes.beacon : classes.dispenser} cx={d.x} cy={d.y} r={7}>
          <title>{d.name}</title>
        </circle>
      ))}
      {segments.map((s) => (
        <g key={s.key} className={s.key === highlighted ? `${STATE_CLASS[s.state]} ${classes.highlight}` : STATE_CLASS[s.state]} data-path-state={s.state}>
          <line x1={s.origin.x} y1={s.origin.y} x2={s.destination.x} y2={s.destination.y} />
          <circle cx={s.origin.x} cy={s.origin.y} r={4} />
          <circle cx={s.destination.x} cy={s.destination.y} r={4} />
        </g>
      ))}
      {anchor && (
        <>
          <line ref={preview} className={classes.preview} x1={anchor.x} y1={anchor.y} x2={anchor.x} y2={anchor.y} />
          <circle className={classes.anchor} cx={anchor.x} cy={anchor.y} r={9} data-testid="path-anchor" />
        </>
      )}
    </svg>
  );
});
