import { STATION_SLOTS, type StationState, type WristbandState } from '@contracts/stations-realtime';
import { Box, Text } from '@mantine/core';
import { memo } from 'react';
import type { PendingAssignment } from '../live/pending-assignments';
import { wristbandLabel } from '../live/pending-assignments';
import classes from './stations.module.css';

type SlotLook = 'empty' | 'free' | 'held' | 'pending' | 'busy';

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
 * One charging station: 16 wristband slots, each a button that opens the slot. Colours
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
      <ul className={classes.slots} aria-label={`${station.name} slots`}>
        {Array.from({ length: STATION_SLOTS }, (_, i) => {
          const slot = i + 1;
          const w = bySlot.get(slot) ?? null;
          const pending = w ? pendingByMac.get(w.mac) : undefined;
          return (
            <li key={slot}>
              <button
                type="button"
                className={`${classes.slot} ${classes[lookOf(w, pending)]}`}
                data-slot={slot}
                data-wristband={w?.mac ?? ''}
                aria-label={slotDescription(slot, w, pending)}
                disabled={!w}
                onClick={() => w && onSlot(slot, w)}
              >
                <span className={classes.slotNumber}>{slot}</span>
                <span className={classes.slotLabel}>{w ? (w.syncEnabled ? wristbandLabel(w) : w.mac.slice(-5)) : '—'}</span>
                {w?.name && <span className={classes.slotName}>{w.name}</span>}
              </button>
            </li>
          );
        })}
      </ul>
    </Box>
  );
});
