import { assignBlocker, type WristbandState } from '@contracts/stations-realtime';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { wristbandLabel } from '../live/pending-assignments';
import type { PickedUser } from './assign-panel';

export interface OpenSlot {
  gatewayMac: string;
  gatewayName: string;
  slot: number;
  wristband: WristbandState;
}

/**
 * A docked wristband: its details, and Assign (the user picked in the Assign tab) or Unassign.
 * Why a wristband cannot take an assignment is said, not hidden (docs/STATIONS.md 'Assignments').
 */
export function SlotDialog({
  open,
  picked,
  onClose,
  onAssign,
}: {
  open: OpenSlot | null;
  picked: PickedUser | null;
  onClose: () => void;
  /** Returns an error message, or null when the assignment was sent. */
  onAssign: (slot: OpenSlot, user: PickedUser | null) => string | null;
}) {
  const [error, setError] = useState<string | null>(null);
  const [confirmUnassign, setConfirmUnassign] = useState(false);
  const w = open?.wristband;
  const blocker = w ? assignBlocker(w) : null;
  const close = () => {
    setError(null);
    setConfirmUnassign(false);
    onClose();
  };
  const send = (user: PickedUser | null) => {
    if (!open) return;
    const message = onAssign(open, user);
    if (message) setError(message);
    else close();
  };
  return (
    <Modal opened={open !== null} onClose={close} title={open ? `${open.gatewayName} · slot ${open.slot}` : ''} centered>
      {open && w && (
        <Stack gap="sm">
          <Text size="sm">{`Wristband ${wristbandLabel(w)}${w.syncEnabled ? ` (${w.mac})` : ''}`}</Text>
          <Text size="sm">{`Held by: ${w.name ?? 'nobody'}`}</Text>
          <Text size="sm" c="dimmed">
            {[w.battery !== null ? `Battery ${w.battery}%` : null, w.version ? `Firmware ${w.version}` : null, w.status.lastStatus ? `Last status ${w.status.lastStatus.type} ${w.status.lastStatus.status}` : null]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {blocker && (
            <Text size="sm" c="orange.8">
              {blocker}
            </Text>
          )}
          {!blocker && !picked && (
            <Text size="sm" c="dimmed">
              Pick a user in the Assign tab to assign this wristband.
            </Text>
          )}
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
          {confirmUnassign ? (
            <Stack gap="xs">
              <Text size="sm">{`Please confirm unassigning ${w.name ?? ''}`}</Text>
              <Text size="sm">This unassign should only be performed for users with broken or lost devices.</Text>
              <Group justify="flex-end">
                <Button variant="default" mih={44} onClick={() => setConfirmUnassign(false)}>
                  Cancel
                </Button>
                <Button color="red" mih={44} onClick={() => send(null)}>
                  Unassign
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group justify="flex-end">
              {w.userId !== null && (
                <Button variant="default" color="red" mih={44} disabled={blocker !== null} onClick={() => setConfirmUnassign(true)}>
                  Unassign
                </Button>
              )}
              <Button mih={44} disabled={blocker !== null || !picked} onClick={() => picked && send(picked)}>
                {picked ? `Assign ${picked.name}` : 'Assign'}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
