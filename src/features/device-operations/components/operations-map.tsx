import { Alert, Group, Text } from '@mantine/core';
import { memo } from 'react';
import { FloorPlanMap, FloorPlanMarker } from '@/components/floor-plan/floor-plan-map';
import { isSelectable, rowStatus, statusColor, statusText, type OperationRow } from '@/entities/device-operations/operation-rows';

const LEGEND: { label: string; color: string }[] = [
  { label: 'No operation', color: 'gray' },
  { label: 'Queued or dispatched', color: 'yellow' },
  { label: 'Started', color: 'blue' },
  { label: 'Completed', color: 'teal' },
  { label: 'Failed', color: 'red' },
];

/** One device on the plan: a dot in its status's colour inside a 44 px target; selected ones ringed. */
const DeviceDot = memo(function DeviceDot({ row, selected, onToggle }: { row: OperationRow; selected: boolean; onToggle: (row: OperationRow) => void }) {
  const selectable = isSelectable(row);
  const color = `var(--mantine-color-${statusColor(rowStatus(row))}-6)`;
  return (
    <FloorPlanMarker x={row.x ?? 0} y={row.y ?? 0} style={{ translate: '-50% -50%' }}>
      <button
        type="button"
        data-testid="operations-map-device"
        data-device-id={row.id}
        data-status={rowStatus(row) ?? 'none'}
        aria-pressed={selected}
        aria-disabled={!selectable}
        aria-label={`${row.name}, ${statusText(row)}${selectable ? '' : ', busy'}`}
        title={`${row.name} · ${statusText(row)}`}
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
            borderRadius: '50%',
            background: color,
            opacity: selectable ? 1 : 0.6,
            boxShadow: selected ? '0 0 0 3px white, 0 0 0 6px var(--mantine-color-blue-8)' : '0 0 0 2px white',
          }}
        />
      </button>
    </FloorPlanMarker>
  );
});

/**
 * The map view: the location's devices on its floor plan, coloured by their last status; a tap
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
  if (!plan) return <Alert color="gray" variant="light" data-testid="no-floor-plan">No floor plan for this location</Alert>;
  const placed = rows.filter((r) => r.x !== null && r.y !== null);
  return (
    <div>
      <FloorPlanMap imageUrl={plan} label={`Floor plan of ${locationName}`} height="min(65vh, 680px)" errorText="Error loading floorplan">
        {placed.map((row) => (
          <DeviceDot key={row.id} row={row} selected={selected.has(row.id)} onToggle={onToggle} />
        ))}
      </FloorPlanMap>
      <Group gap="md" mt="xs" aria-label="Legend">
        {LEGEND.map((item) => (
          <Group key={item.label} gap={6}>
            <span style={{ width: 12, height: 12, borderRadius: '50%', background: `var(--mantine-color-${item.color}-6)` }} />
            <Text size="xs">{item.label}</Text>
          </Group>
        ))}
        <Text size="xs" c="dimmed">
          {placed.length} of {rows.length} on this plan
        </Text>
      </Group>
    </div>
  );
});
