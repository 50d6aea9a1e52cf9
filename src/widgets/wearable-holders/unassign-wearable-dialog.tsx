import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { userLabel } from '@/entities/users/user-label';
import { type UnassignTarget, useUnassignWearable } from '@/entities/devices/use-unassign-wearable';
import { wearableName, wearableWord } from '@/entities/devices/wearable-unassign';

/** A wristband is unassigned only when it is broken or lost (a working one is handed back at a kiosk). */
export const WRISTBAND_UNASSIGN_WARNING = 'This unassign should only be performed for users with broken or lost devices.';

/**
 * Asks 'Please confirm unassigning {name}', naming the wearable (its kind and MAC or code), then
 * queues the unassignment and reports it.
 */
export function UnassignWearableDialog({ target, onClose }: { target: UnassignTarget | null; onClose: () => void }) {
  const unassign = useUnassignWearable();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await unassign(target);
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <ConfirmDialog
      opened={target !== null}
      title={`Unassign ${target ? wearableWord(target.deviceType) : 'device'}`}
      confirmLabel="Unassign"
      destructive
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      {target ? (
        <Stack gap="xs">
          <Text>{`Please confirm unassigning ${userLabel(target.user)}`}</Text>
          <Text size="sm" c="dimmed">
            {`${wearableName(target.deviceType)} ${target.mac}${target.code ? ` (code ${target.code})` : ''}`}
          </Text>
          {target.deviceType === 'WRISTBAND' && <Text size="sm">{WRISTBAND_UNASSIGN_WARNING}</Text>}
        </Stack>
      ) : null}
    </ConfirmDialog>
  );
}
