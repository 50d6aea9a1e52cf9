import type { GroupActivity } from '@contracts/reports/dispensers';
import { Group, Text } from '@mantine/core';
import { type MouseEvent, memo, type PointerEvent, useRef } from 'react';
import { barColor, barHeight, type ColorBy, legendItems } from './dispenser-map-model';
import classes from './dispenser-map.module.css';

type Dispenser = GroupActivity['dispensers'][number];

/** The top face's depth and the smallest hit area of a bar, in floor-plan pixels. */
const DEPTH_PX = 7;
const HIT_MIN_PX = 28;
const HALF_WIDTH_PX = 14;
/** A press that moved more than this is a pan of the plan, not a tap on a bar. */
const TAP_SLOP_PX = 8;

/**
 * One 3D bar per placed dispenser, its foot at the dispenser's point, in floor-plan pixels (inside
 * FloorPlanMap). Memoized on its inputs: panning and zooming the plan never re-render it. One
 * click handler for all bars (delegation), and a press that moved is a pan, not a choice.
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
      {dispensers.map((d) => {
        if (d.x === null || d.y === null) return null;
        const height = barHeight(d.count, max);
        const box = Math.max(height + DEPTH_PX, HIT_MIN_PX);
        const selected = d.id === selectedId;
        return (
          <button
            key={d.id}
            type="button"
            data-dispenser-id={d.id}
            className={selected ? `${classes.bar} ${classes.selected}` : classes.bar}
            aria-label={`${d.name}: ${d.count.toLocaleString('en-US')} dispenses, ${d.activityLevel} activity`}
            aria-pressed={selected}
            style={
              {
                height: box,
                transform: `translate(${d.x - HALF_WIDTH_PX}px, ${d.y - box}px)`,
                '--bar': barColor(d, colorBy),
                zIndex: Math.round(d.y),
              } as React.CSSProperties
            }
          >
            <span className={classes.face} style={{ height }} data-bar-height={height} />
          </button>
        );
      })}
    </div>
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
