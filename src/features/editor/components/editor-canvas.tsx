import type { PlanPoint } from '@contracts/paths';
import { memo, useRef, useSyncExternalStore } from 'react';
import type { PlanSize } from '@/components/floor-plan/floor-plan-map';
import type { EntityState, ShownEntity } from '../editor-model';
import type { IotShown } from '../iot-marks';
import classes from './editor.module.css';

// The location's zones and devices over its floor plan, as one SVG in plan pixels that moves with
// the plan. In edit mode a device is dragged to move it (the plan does not pan under it), a tap
// picks what is under it or places what the tool adds, and with Shift a drag draws a rectangular
// zone. Moves are drawn straight on the element, so a drag never renders React.

/** A press that moved further than this (screen pixels) is a drag or a pan, not a tap. */
const TAP_SLOP_PX = 8;
/** The class of what the plan must not pan under (FloorPlanMap's panningExcluded). */
export const DRAGGABLE_CLASS = 'editor-draggable';

export type EditorTool = 'select' | 'device' | 'zone' | 'delete';

/** What the canvas draws and whom it tells: kept in a store, so a change redraws the canvas alone and never the map around it. */
export interface EditorCanvasState {
  entities: readonly ShownEntity[];
  /** The location's IoT devices: tapped to pick (and, editing, to edit), never dragged. */
  iot: readonly IotShown[];
  editing: boolean;
  tool: EditorTool;
  selectedKey: string | null;
  /** The zone outline being drawn (tap by tap). */
  outline: readonly PlanPoint[];
  /** A tap on the plan (not on an entity, or any tap with the device or zone tool), with the plan's scale on screen. */
  onTapPlan: (point: PlanPoint, scale: number, shift: boolean) => void;
  /** A tap on an entity. */
  onTapEntity: (key: string) => void;
  /** A tap on an IoT device. */
  onTapIot: (key: string) => void;
  /** A device dragged to a new place. */
  onMoveDevice: (key: string, point: PlanPoint) => void;
  /** A rectangle drawn with Shift and a drag. */
  onRectangle: (from: PlanPoint, to: PlanPoint) => void;
}

const STATE_CLASS: Record<EntityState, string | undefined> = {
  saved: undefined,
  staged: classes.staged,
  pending: classes.pending,
  failed: classes.failed,
  changed: classes.changed,
  removed: classes.removed,
};

const DEVICE_CLASS: Record<string, string | undefined> = {
  BEACON: classes.beacon,
  DISPENSER: classes.dispenser,
  GATEWAY: classes.gateway,
  TABLET: classes.tablet,
};

const ZONE_CLASS: Record<string, string | undefined> = {
  PATIENT_ROOM: classes.room,
  CDIFF: classes.cdiff,
  REMINDER: classes.reminder,
  OTHER: classes.otherZone,
  PRIVATE: classes.privateZone,
};

type Press =
  | { kind: 'plan'; id: number; x: number; y: number; shift: boolean; from: PlanPoint }
  | { kind: 'device'; id: number; x: number; y: number; key: string; element: SVGGElement; from: PlanPoint; origin: PlanPoint }
  | { kind: 'entity'; id: number; x: number; y: number; key: string }
  | { kind: 'iot'; id: number; x: number; y: number; key: string };

/** The zones, the devices and what is being drawn. */
/** A store of the canvas's state: the page writes it after each render, the canvas alone reads it. */
export interface EditorCanvasStore {
  get: () => EditorCanvasState;
  set: (state: EditorCanvasState) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createCanvasStore(initial: EditorCanvasState): EditorCanvasStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set: (next) => {
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const EditorCanvas = memo(function EditorCanvas({ size, store }: { size: PlanSize; store: EditorCanvasStore }) {
  const props = useSyncExternalStore(store.subscribe, store.get);
  const { entities, iot, editing, tool, selectedKey, outline } = props;
  const svg = useRef<SVGSVGElement>(null);
  const rectangle = useRef<SVGRectElement>(null);
  const press = useRef<Press | null>(null);
  const pointers = useRef(new Set<number>());
  const latest = useRef(props);
  latest.current = props;

  const toPlan = (clientX: number, clientY: number): { point: PlanPoint; scale: number } | null => {
    const matrix = svg.current?.getScreenCTM();
    if (!matrix) return null;
    const at = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return { point: { x: Math.min(Math.max(at.x, 0), size.width), y: Math.min(Math.max(at.y, 0), size.height) }, scale: Math.hypot(matrix.a, matrix.b) };
  };

  const down = (event: React.PointerEvent<SVGSVGElement>) => {
    pointers.current.add(event.pointerId);
    if (pointers.current.size > 1) {
      press.current = null;
      return;
    }
    const at = toPlan(event.clientX, event.clientY);
    if (!at) return;
    const target = (event.target as Element).closest<SVGGElement>('[data-entity-key]');
    const key = target?.dataset.entityKey;
    const common = { id: event.pointerId, x: event.clientX, y: event.clientY };
    // With Shift a click adds a device and a drag draws a zone, wherever they start.
    const shiftDraw = editing && event.shiftKey && tool === 'select';
    if (key && target && !shiftDraw && target.dataset.entityType === 'IOT' && (tool === 'select' || !editing)) {
      press.current = { kind: 'iot', ...common, key };
      return;
    }
    if (key && target && !shiftDraw && target.dataset.entityType !== 'IOT') {
      const draggable = editing && tool === 'select' && target.dataset.entityType === 'DEVICE' && target.dataset.state !== 'removed';
      if (draggable) {
        event.currentTarget.setPointerCapture(event.pointerId);
        const origin = { x: Number(target.dataset.x), y: Number(target.dataset.y) };
        press.current = { kind: 'device', ...common, key, element: target, from: at.point, origin };
        return;
      }
      if (tool === 'select' || tool === 'delete') {
        press.current = { kind: 'entity', ...common, key };
        return;
      }
    }
    press.current = { kind: 'plan', ...common, shift: event.shiftKey, from: at.point };
    if (editing && event.shiftKey && event.pointerType === 'mouse') event.currentTarget.setPointerCapture(event.pointerId);
  };

  const move = (event: React.PointerEvent<SVGSVGElement>) => {
    const current = press.current;
    if (!current || current.id !== event.pointerId) return;
    const at = toPlan(event.clientX, event.clientY);
    if (!at) return;
    if (current.kind === 'device') {
      const x = current.origin.x + at.point.x - current.from.x;
      const y = current.origin.y + at.point.y - current.from.y;
      current.element.setAttribute('transform', `translate(${x} ${y})`);
    } else if (current.kind === 'plan' && current.shift && editing && rectangle.current) {
      const r = rectangle.current;
      r.setAttribute('x', String(Math.min(current.from.x, at.point.x)));
      r.setAttribute('y', String(Math.min(current.from.y, at.point.y)));
      r.setAttribute('width', String(Math.abs(at.point.x - current.from.x)));
      r.setAttribute('height', String(Math.abs(at.point.y - current.from.y)));
      r.style.display = '';
    }
  };

  const up = (event: React.PointerEvent<SVGSVGElement>) => {
    pointers.current.delete(event.pointerId);
    const current = press.current;
    press.current = null;
    if (rectangle.current) rectangle.current.style.display = 'none';
    if (!current || current.id !== event.pointerId) return;
    const tapped = Math.hypot(event.clientX - current.x, event.clientY - current.y) <= TAP_SLOP_PX;
    const at = toPlan(event.clientX, event.clientY);
    if (!at) return;
    const handlers = latest.current;
    if (current.kind === 'device') {
      if (tapped) {
        current.element.setAttribute('transform', `translate(${current.origin.x} ${current.origin.y})`);
        handlers.onTapEntity(current.key);
      } else {
        handlers.onMoveDevice(current.key, {
          x: current.origin.x + at.point.x - current.from.x,
          y: current.origin.y + at.point.y - current.from.y,
        });
      }
    } else if (current.kind === 'entity') {
      if (tapped) handlers.onTapEntity(current.key);
    } else if (current.kind === 'iot') {
      if (tapped) handlers.onTapIot(current.key);
    } else if (current.shift && editing && !tapped && event.pointerType === 'mouse') {
      handlers.onRectangle(current.from, at.point);
    } else if (tapped) {
      handlers.onTapPlan(at.point, at.scale, current.shift);
    }
  };

  const cancel = (event: React.PointerEvent<SVGSVGElement>) => {
    pointers.current.delete(event.pointerId);
    const current = press.current;
    if (current?.kind === 'device') current.element.setAttribute('transform', `translate(${current.origin.x} ${current.origin.y})`);
    press.current = null;
  };

  // A touch is handled as the pointer events above. The mouse events a browser sends after a tap
  // would land on what the tap opened (an Add dialog's overlay, which closes on a click), so they are
  // cancelled. The outline being drawn takes no touches (its CSS), so a tap that closes it, and
  // removes it, still ends here.
  const touchEnd = (event: React.TouchEvent<SVGSVGElement>) => {
    if (event.cancelable) event.preventDefault();
  };

  const zones = entities.filter((e) => e.entity.entityType === 'ZONE');
  const devices = entities.filter((e) => e.entity.entityType === 'DEVICE');
  return (
    <svg
      ref={svg}
      className={classes.canvas}
      data-tool={editing ? tool : 'view'}
      data-testid="editor-canvas"
      width={size.width}
      height={size.height}
      viewBox={`0 0 ${size.width} ${size.height}`}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={cancel}
      onTouchEnd={touchEnd}
      aria-hidden
    >
      {zones.map((z) => (
        <ZoneShape key={z.key} row={z} selected={z.key === selectedKey} />
      ))}
      {devices.map((d) => (
        <DeviceMark key={d.key} row={d} draggable={editing && tool === 'select'} selected={d.key === selectedKey} />
      ))}
      {iot.map((t) => (
        <IotMark key={t.key} row={t} selected={t.key === selectedKey} />
      ))}
      {outline.length > 0 && (
        <g className={classes.outline} data-testid="zone-outline">
          <polyline points={outline.map((p) => `${p.x},${p.y}`).join(' ')} />
          {outline.map((p, i) => (
            <circle key={i} cx={p.x} cy={p.y} r={i === 0 ? 8 : 5} />
          ))}
        </g>
      )}
      <rect ref={rectangle} className={classes.rectangle} style={{ display: 'none' }} />
    </svg>
  );
});

/** One zone's outline; redrawn only when the zone, or whether it is picked, changes. */
const ZoneShape = memo(function ZoneShape({ row, selected }: { row: ShownEntity; selected: boolean }) {
  if (row.entity.entityType !== 'ZONE') return null;
  const ring = row.entity.geometry.coordinates[0] ?? [];
  return (
    <g
      data-entity-key={row.key}
      data-entity-type="ZONE"
      data-state={row.state}
      className={[classes.zone, ZONE_CLASS[row.entity.type], STATE_CLASS[row.state], selected ? classes.selected : ''].join(' ')}
    >
      <polygon points={ring.map(([x, y]) => `${x},${y}`).join(' ')} />
      <title>{row.entity.name}</title>
    </g>
  );
});

/** One device's dot; redrawn only when the device, whether it can be dragged or whether it is picked, changes. */
const DeviceMark = memo(function DeviceMark({ row, draggable, selected }: { row: ShownEntity; draggable: boolean; selected: boolean }) {
  const { entity } = row;
  if (entity.entityType !== 'DEVICE' || entity.x === null || entity.y === null) return null;
  return (
    <g
      data-entity-key={row.key}
      data-entity-type="DEVICE"
      data-state={row.state}
      data-x={entity.x}
      data-y={entity.y}
      transform={`translate(${entity.x} ${entity.y})`}
      className={[classes.device, draggable ? DRAGGABLE_CLASS : '', DEVICE_CLASS[entity.type], STATE_CLASS[row.state], selected ? classes.selected : ''].join(' ')}
    >
      <circle r={9} />
      <title>{`${entity.name} (${entity.mac})`}</title>
    </g>
  );
});

/** One IoT device's square; redrawn only when the device, or whether it is picked, changes. */
const IotMark = memo(function IotMark({ row, selected }: { row: IotShown; selected: boolean }) {
  return (
    <g
      data-entity-key={row.key}
      data-entity-type="IOT"
      data-state={row.state}
      transform={`translate(${row.x} ${row.y})`}
      className={[classes.device, classes.iot, row.placeholder ? classes.staged : '', STATE_CLASS[row.state], selected ? classes.selected : ''].join(' ')}
    >
      <rect x={-8} y={-8} width={16} height={16} rx={3} />
      <title>{`${row.name} (${row.thing.awsId}, ${row.thing.typeName}${row.placeholder ? ', not placed yet' : ''})`}</title>
    </g>
  );
});
