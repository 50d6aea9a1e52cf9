import { deviceAttention } from '@contracts/device-health';
import { Alert, Group, Text } from '@mantine/core';
import { memo } from 'react';
import { HEALTH_COLORS } from '@/components/health-value';
import { useNow } from '@/lib/use-now';
import { FloorPlanMap, FloorPlanMarker } from '@/components/floor-plan/floor-plan-map';
import { isSelectable, rowStatus, statusColor, statusText, type OperationRow } from '@/entities/device-operations/operation-rows';

const LEGEND: { label: string; color: string }[] = [
  { label: 'No operation', color: 'gray' },
  { label: 'Queued or dispatched', color: 'yellow' },
  { label: 'Started', color: 'blue' },
  { label: 'Completed', color: 'teal' },
  { label: 'Failed', color: 'red' },
];

/**
 * One device on the plan: a dot in its status's colour inside a 44 px target, edged orange or red
 * when a reading needs attention (docs/SCREENS.md 'Device health'), said in its name; selected
 * ones ringed.
 */
const DeviceDot = memo(function DeviceDot({ row, selected, now, onToggle }: { row: OperationRow; selected: boolean; now: number; onToggle: (row: OperationRow) => void }) {
  const selectable = isSelectable(row);
  const color = `var(--mantine-color-${statusColor(rowStatus(row))}-6)`;
  const attention = deviceAttention(row, now);
  const edge = attention.level ? `3px solid var(--mantine-color-${HEALTH_COLORS[attention.level]}-7)` : undefined;
  const said = `${statusText(row)}${attention.level ? `, ${attention.words}` : ''}`;
  return (
    <FloorPlanMarker x={row.x ?? 0} y={row.y ?? 0} style={{ translate: '-50% -50%' }}>
      <button
        type="button"
        data-testid="operations-map-device"
        data-device-id={row.id}
        data-status={rowStatus(row) ?? 'none'}
        data-health={attention.level ?? 'ok'}
        aria-pressed={selected}
        aria-disabled={!selectable}
        aria-label={`${row.name}, ${said}${selectable ? '' : ', busy'}`}
        title={`${row.name} · ${said}`}
        onClick={() => selectable && onToggle(row)}
        style={{
          width: 44,
          height: 44,
          border: 0,
          padding: 0,
          background: 'transparent',
          cursor: selectable ? 'pointer' : 'not-allowed',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <span
          style={{
            width: 16,
            height: 16,
            boxSizing: 'content-box',
            borderRadius: '50%',
            background: color,
            border: edge,
            opacity: selectable ? 1 : 0.6,
            boxShadow: selected ? '0 0 0 3px white, 0 0 0 6px var(--mantine-color-blue-8)' : '0 0 0 2px white',
          }}
        />
      </button>
    </FloorPlanMarker>
  );
});

/**
 * The map view: the location's devices on its floor plan, coloured by their last status and edged
 * by their health; a tap
 * selects or unselects one (not a busy one). Devices of sublocations are on their own plans.
 */
export const OperationsMap = memo(function OperationsMap({
  plan,
  locationName,
  rows,
  selected,
  onToggle,
}: {
  plan: string | null;
  locationName: string;
  rows: readonly OperationRow[];
  selected: ReadonlySet<string | number>;
  onToggle: (row: OperationRow) => void;
}) {
  const now = useNow();
  if (!plan) return <Alert color="gray" variant="light" data-testid="no-floor-plan">No floor plan for this location</Alert>;
  const placed = rows.filter((r) => r.x !== null && r.y !== null);
  return (
    <div>
      <FloorPlanMap imageUrl={plan} label={`Floor plan of ${locationName}`} height="min(65vh, 680px)" errorText="Error loading floorplan">
        {placed.map((row) => (
          <DeviceDot key={row.id} row={row} selected={selected.has(row.id)} now={now} onToggle={onToggle} />
        ))}
      </FloorPlanMap>
      <Group gap="md" mt="xs" aria-label="Legend">
        {LEGEND.map((item) => (
          <Group key={item.label} gap={6}>
            <span style={{ width: 12, height: 12, borderRadius: '50%', background: `var(--mantine-color-${item.color}-6)` }} />
            <Text size="xs">{item.label}</Text>
          </Group>
        ))}
        <Group gap={6}>
          <span style={{ width: 12, height: 12, borderRadius: '50%', boxSizing: 'border-box', border: '3px solid var(--mantine-color-orange-7)' }} />
          <Text size="xs">Edged orange or red: a reading needs attention</Text>
        </Group>
        <Text size="xs" c="dimmed">
          {placed.length} of {rows.length} on this plan
        </Text>
      </Group>
    </div>
  );
});
