import type { UserListRow } from '@contracts/user-list';
import { Group, Text } from '@mantine/core';
import { PendingMark } from '@/components/pending-mark';
import type { PendingUnassign } from '../pending-unassigns';

/**
 * A user's wearable (its code, else its MAC) with the user's queued unassignment: struck through
 * and 'Pending' until the server has it; 'Not accepted', with the server's reason, when it was
 * refused (the device was unassigned or re-assigned meanwhile), until the user retries or discards it.
 */
export function DeviceCell({ device, edit }: { device: UserListRow['device']; edit: PendingUnassign | undefined }) {
  const state = edit ? (edit.status === 'failed' ? 'failed' : 'pending') : null;
  if (!device && !state) return null;
  return (
    <Group gap={6} wrap="nowrap">
      {device && (
        <Text size="sm" td={state === 'pending' ? 'line-through' : undefined} c={state === 'pending' ? 'dimmed' : undefined}>
          {device.code ?? device.mac}
        </Text>
      )}
      <PendingMark state={state} error={edit?.lastError ?? null} fallback="The server refused to unassign this device." />
    </Group>
  );
}
