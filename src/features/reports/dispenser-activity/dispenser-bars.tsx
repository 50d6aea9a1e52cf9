import type { GroupActivity } from '@contracts/reports/dispensers';
import { Group, Text } from '@mantine/core';
import { type MouseEvent, memo, type PointerEvent, useMemo, useRef } from 'react';
import { useStagedReveal } from '@/lib/use-staged-reveal';
import { barColor, barHeight, type ColorBy, legendItems, shade } from './dispenser-map-model';
import classes from './dispenser-map.module.css';

type Dispenser = GroupActivity['dispensers'][number];
type Placed = Dispenser & { x: number; y: number };

/** The top face's depth and a bar's half width, in floor-plan pixels (the hit areas' sizes are in dispenser-map.module.css). */
const DEPTH_PX = 7;
const HALF_WIDTH_PX = 7;
/** The outline of the chosen bar. */
const SELECTED_STROKE = '#1a1b1e';
/** A press that moved more than this is a pan of the plan, not a tap on a bar. */
const TAP_SLOP_PX = 8;

/** The placed dispensers, back to front (a bar lower on the plan stands in front of one above it). */
function placedBackToFront(dispensers: readonly Dispenser[]): Placed[] {
  return dispensers.filter((d): d is Placed => d.x !== null && d.y !== null).sort((a, b) => a.y - b.y || a.id - b.id);
}

/** The three faces of a bar whose foot is at (x, y), `height` tall: front, top and side, as SVG points. */
export function barFaces(x: number, y: number, height: number) {
  const left = x - HALF_WIDTH_PX;
  const right = x + HALF_WIDTH_PX;
  const top = y - height;
  return {
    front: { x: left, y: top, width: 2 * HALF_WIDTH_PX, height },
    top: `${left},${top} ${right},${top} ${right + DEPTH_PX},${top - DEPTH_PX} ${left + DEPTH_PX},${top - DEPTH_PX}`,
    side: `${right},${top} ${right + DEPTH_PX},${top - DEPTH_PX} ${right + DEPTH_PX},${y - DEPTH_PX} ${right},${y}`,
  };
}

/**
 * One 3D bar per placed dispenser, its foot at the dispenser's point, in floor-plan pixels (inside
 * FloorPlanMap). The bars are drawn as one image, and each has a transparent button over it (its
 * name, keyboard focus and tap), placed with left/top; all the buttons are skipped while the plan
 * moves (see FloorPlanMap's `data-moving`): panning and zooming then cost what a bare plan costs, however many
 * bars there are. Memoized on its inputs: a gesture never re-renders it. One click handler for all
 * bars (delegation), and a press that moved is a pan, not a choice.
 */
export const DispenserBars = memo(function DispenserBars({
  dispensers,
  max,
  colorBy,
  selectedId,
  onSelect,
}: {
  dispensers: readonly Dispenser[];
  /** The location's largest count (the 130 px bar). */
  max: number;
  colorBy: ColorBy;
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const placed = useMemo(() => placedBackToFront(dispensers), [dispensers]);
  // The drawing first, the buttons a task later: the bars show after a shorter commit, and the
  // buttons (hundreds, each laid out) commit in a task of their own.
  const hitsShown = useStagedReveal(2) === 2;
  const pressedAt = useRef<{ x: number; y: number } | null>(null);
  const pressed = (event: PointerEvent) => {
    pressedAt.current = { x: event.clientX, y: event.clientY };
  };
  const clicked = (event: MouseEvent) => {
    const bar = (event.target as HTMLElement).closest<HTMLElement>('[data-dispenser-id]');
    if (!bar) return;
    const from = pressedAt.current;
    pressedAt.current = null;
    // A keyboard click has no press (detail 0); a pointer's counts only if it stayed put.
    if (event.detail > 0 && from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > TAP_SLOP_PX) return;
    onSelect(Number(bar.dataset.dispenserId));
  };
  return (
    <div className={classes.bars} onPointerDown={pressed} onClick={clicked} data-testid="dispenser-bars">
      <BarArt placed={placed} max={max} colorBy={colorBy} selectedId={selectedId} />
      <div className={classes.hits}>
        {hitsShown && placed.map((d) => {
          const height = barHeight(d.count, max);
          const box = height + DEPTH_PX;
          const selected = d.id === selectedId;
          return (
            <button
              key={d.id}
              type="button"
              data-dispenser-id={d.id}
              className={classes.bar}
              aria-label={`${d.name}: ${d.count.toLocaleString('en-US')} dispenses, ${d.activityLevel} activity`}
              aria-pressed={selected}
              style={{ height: box, left: d.x, top: d.y }}
            >
              <span data-bar-height={height} />
            </button>
          );
        })}
      </div>
    </div>
  );
});

/** Where the bars' drawing sits on the plan, in floor-plan pixels. */
interface ArtBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The bars' drawing as one SVG document, back to front, the chosen bar outlined, covering `box` of
 * the plan (its viewBox is that box in floor-plan pixels).
 */
export function barArt(placed: readonly Placed[], max: number, colorBy: ColorBy, selectedId: number | null): { svg: string; box: ArtBox } | null {
  if (placed.length === 0) return null;
  const pad = 4;
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  const shapes: string[] = [];
  for (const d of placed) {
    const height = barHeight(d.count, max);
    const faces = barFaces(d.x, d.y, height);
    const color = barColor(d, colorBy);
    left = Math.min(left, faces.front.x);
    right = Math.max(right, d.x + HALF_WIDTH_PX + DEPTH_PX);
    top = Math.min(top, faces.front.y - DEPTH_PX);
    bottom = Math.max(bottom, d.y);
    const { front } = faces;
    shapes.push(
      `<g data-bar-for="${d.id}" fill="${color}">` +
        `<rect x="${front.x}" y="${front.y}" width="${front.width}" height="${front.height}" stroke="rgba(0,0,0,0.15)"/>` +
        `<polygon points="${faces.top}" fill="${shade(color, 0.4, 255)}"/>` +
        `<polygon points="${faces.side}" fill="${shade(color, 0.3, 0)}"/>` +
        (d.id === selectedId
          ? `<rect data-selected="" x="${front.x - 3}" y="${front.y - DEPTH_PX - 3}" width="${front.width + DEPTH_PX + 6}" height="${height + DEPTH_PX + 6}" fill="none" stroke="${SELECTED_STROKE}" stroke-width="3"/>`
          : '') +
        '</g>',
    );
  }
  const box = { left: left - pad, top: top - pad, width: right - left + 2 * pad, height: bottom - top + 2 * pad };
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}" viewBox="${box.left} ${box.top} ${box.width} ${box.height}">` +
    shapes.join('') +
    '</svg>';
  return { svg, box };
}

/**
 * The bars' drawing: one image of an SVG (a single picture to the compositor, drawn sharp at any
 * zoom), made again only when the bars, their colours or the choice change.
 */
const BarArt = memo(function BarArt({ placed, max, colorBy, selectedId }: { placed: readonly Placed[]; max: number; colorBy: ColorBy; selectedId: number | null }) {
  const art = useMemo(() => barArt(placed, max, colorBy, selectedId), [placed, max, colorBy, selectedId]);
  if (!art) return null;
  const { box } = art;
  return (
    <img
      className={classes.art}
      src={`data:image/svg+xml,${encodeURIComponent(art.svg)}`}
      alt=""
      draggable={false}
      style={{ left: box.left, top: box.top, width: box.width, height: box.height }}
      data-testid="dispenser-bar-art"
    />
  );
});

/** What the bars' colours mean, for what Color By says. */
export function DispenserLegend({ colorBy }: { colorBy: ColorBy }) {
  return (
    <Group gap="md" aria-label={colorBy === 'activity' ? 'Legend: activity level, low to high' : 'Legend: dispenser type'} role="list">
      {legendItems(colorBy).map((item) => (
        <Group key={item.label} gap={6} role="listitem">
          <span className={classes.swatch} style={{ background: item.color }} aria-hidden />
          <Text size="sm">{item.label}</Text>
        </Group>
      ))}
    </Group>
  );
}
