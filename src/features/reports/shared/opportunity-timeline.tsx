import type { OpportunityVerdict } from '@contracts/reports/opportunity-verdict';
import { formatTimeIn } from '@/lib/format';

/** A hand-hygiene event of the day, as the activity lists it. */
export interface TimelineHygiene {
  timestamp: string;
  location: string | null;
  device: string | null;
}

const HEIGHT = 44;
const AXIS_Y = 30;
/** The span shown beyond the window on either side: a quarter of the window, at least 30 s. */
const margin = (spanMs: number) => Math.max(30_000, spanMs / 4);

/**
 * A room entry's or exit's timeline (docs/METRICS.md '9. Activity breakdown'): the location's
 * compliance window shaded around the door's instant, and every hand-hygiene event of the wearer
 * near it, the one that made a counted opportunity compliant filled; each mark's time and place on hover. The words beside
 * it say the same for a screen reader.
 */
export function OpportunityTimeline({
  kind,
  at,
  verdict,
  hygiene,
  timeZone,
}: {
  kind: 'Room Entry' | 'Room Exit';
  at: string;
  verdict: OpportunityVerdict;
  hygiene: readonly TimelineHygiene[];
  timeZone: string | null;
}) {
  const from = Date.parse(verdict.windowFrom);
  const to = Date.parse(verdict.windowTo);
  const door = Date.parse(at);
  const pad = margin(to - from);
  const start = Math.min(from, door) - pad;
  const end = Math.max(to, door) + pad;
  const x = (t: number) => `${(((t - start) / (end - start)) * 100).toFixed(2)}%`;
  const near = hygiene.filter((h) => {
    const t = Date.parse(h.timestamp);
    return t >= start && t <= end;
  });
  const time = (t: string | number) => formatTimeIn(t, timeZone);
  return (
    <svg width="100%" height={HEIGHT} aria-hidden="true" data-testid="opportunity-timeline" data-marks={near.length} style={{ display: 'block', minWidth: 200, maxWidth: 420 }}>
      <rect x={x(from)} y={6} width={`${(((to - from) / (end - start)) * 100).toFixed(2)}%`} height={AXIS_Y - 6} fill="var(--mantine-color-teal-1)" />
      <line x1="0" x2="100%" y1={AXIS_Y} y2={AXIS_Y} stroke="var(--mantine-color-gray-5)" />
      <line x1={x(door)} x2={x(door)} y1={2} y2={AXIS_Y + 4} stroke="var(--mantine-color-dark-5)" strokeWidth={2}>
        <title>{`${kind === 'Room Entry' ? 'Entry' : 'Exit'} ${time(door)}`}</title>
      </line>
      {near.map((h) => {
        const deciding = verdict.counted && verdict.compliant && h.timestamp === verdict.washAt;
        return (
          <circle
            key={h.timestamp}
            cx={x(Date.parse(h.timestamp))}
            cy={AXIS_Y - 10}
            r={deciding ? 6 : 5}
            fill={deciding ? 'var(--mantine-color-teal-7)' : 'white'}
            stroke={deciding ? 'var(--mantine-color-teal-9)' : 'var(--mantine-color-gray-6)'}
            strokeWidth={2}
            data-deciding={deciding}
          >
            <title>{`Hand hygiene ${time(h.timestamp)}${h.device ? ` · ${h.device}` : ''}${h.location ? ` · ${h.location}` : ''}`}</title>
          </circle>
        );
      })}
      <text x={x(from)} y={HEIGHT - 1} fontSize={10} fill="var(--mantine-color-dimmed)" textAnchor="middle">
        {time(from)}
      </text>
      <text x={x(to)} y={HEIGHT - 1} fontSize={10} fill="var(--mantine-color-dimmed)" textAnchor="middle">
        {time(to)}
      </text>
    </svg>
  );
}
