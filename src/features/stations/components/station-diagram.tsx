import { STATION_SLOTS, type StationState, type WristbandState } from '@contracts/stations';
import { Box, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { memo } from 'react';
import type { PendingAssignment } from '../live/pending-assignments';
import { wristbandLabel } from '../live/pending-assignments';

type SlotLook = 'empty' | 'free' | 'held' | 'pending' | 'busy';

const LOOKS: Record<SlotLook, { background: string; border: string; color: string }> = {
  empty: { background: 'var(--mantine-color-gray-0)', border: '1px dashed var(--mantine-color-gray-4)', color: 'var(--mantine-color-gray-6)' },
  free: { background: 'var(--mantine-color-blue-0)', border: '1px solid var(--mantine-color-blue-5)', color: 'var(--mantine-color-blue-9)' },
  held: { background: 'var(--mantine-color-teal-0)', border: '1px solid var(--mantine-color-teal-6)', color: 'var(--mantine-color-teal-9)' },
  pending: { background: 'var(--mantine-color-yellow-0)', border: '2px dashed var(--mantine-color-yellow-7)', color: 'var(--mantine-color-yellow-9)' },
  busy: { background: 'var(--mantine-color-orange-0)', border: '1px solid var(--mantine-color-orange-6)', color: 'var(--mantine-color-orange-9)' },
};

function lookOf(w: WristbandState | null, pending: PendingAssignment | undefined): SlotLook {
  if (!w) return 'empty';
  if (pending) return 'pending';
  if (w.isUpdating || w.status.working) return 'busy';
  return w.userId === null ? 'free' : 'held';
}

/** What a screen reader hears for a slot. */
export function slotDescription(slot: number, w: WristbandState | null, pending: PendingAssignment | undefined): string {
  if (!w) return `Slot ${slot}: empty`;
  const parts = [`Slot ${slot}: wristband ${wristbandLabel(w)}`, w.name ?? 'unassigned'];
  if (w.battery !== null) parts.push(`battery ${w.battery}%`);
  if (w.isUpdating) parts.push('updating');
  else if (w.status.working) parts.push('operation running');
  if (w.syncEnabled) parts.push('sync-enabled');
  if (pending) parts.push(`pending ${pending.type.toLowerCase()} to ${pending.name ?? 'nobody'}`);
  return parts.join(', ');
}

/**
 * One charging station: 16 wristband slots (03 §9), each a button that opens the slot. Colours
 * say empty, free, held, pending or busy; the label says the same in words.
 */
export const StationDiagram = memo(function StationDiagram({
  station,
  pendingByMac,
  onSlot,
}: {
  station: StationState;
  pendingByMac: ReadonlyMap<string, PendingAssignment>;
  onSlot: (slot: number, wristband: WristbandState) => void;
}) {
  const bySlot = new Map(station.slots.map((s) => [s.slot, s.wristband]));
  return (
    <Box>
      <Text size="sm" fw={600} mb={6}>
        {station.name}
      </Text>
      <SimpleGrid cols={{ base: 4, xs: 8 }} spacing={6} role="list" aria-label={`${station.name} slots`}>
        {Array.from({ length: STATION_SLOTS }, (_, i) => {
          const slot = i + 1;
          const w = bySlot.get(slot) ?? null;
          const pending = w ? pendingByMac.get(w.mac) : undefined;
          const look = LOOKS[lookOf(w, pending)];
          return (
            <UnstyledButton
              key={slot}
              role="listitem"
              data-slot={slot}
              data-wristband={w?.mac ?? ''}
              aria-label={slotDescription(slot, w, pending)}
              disabled={!w}
              onClick={() => w && onSlot(slot, w)}
              style={{ ...look, minHeight: 52, minWidth: 44, borderRadius: 6, padding: 4, textAlign: 'center', cursor: w ? 'pointer' : 'default' }}
            >
              <Text size="xs" c="dimmed" lh={1.1}>
                {slot}
              </Text>
              <Text size="xs" fw={600} lh={1.2} truncate>
                {w ? (w.syncEnabled ? wristbandLabel(w) : w.mac.slice(-5)) : '—'}
              </Text>
              {w?.name && (
                <Text size="10px" lh={1.1} truncate>
                  {w.name}
                </Text>
              )}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Box>
  );
});
