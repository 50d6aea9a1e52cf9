import type { UserListRow } from '@contracts/user-list';
import type { WearableType } from '@contracts/wearables';
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { EditResult } from '@/offline/use-submit-edits';
import { wearableName, wearableWord, type WearableUser } from '@/entities/devices/wearable-unassign';
import { type AssignableWearable, canStageMore, pairsToSend, pairUp, reassignCount, reassignMessage, stageUser } from '@/entities/devices/assign-rules';
import { AssignPairsTable } from './assign-pairs-table';
import { useAssignWearables } from '@/entities/devices/use-assign-wearables';
import { UserPickList } from './user-pick-list';

export interface AssignWearablesDialogProps {
  opened: boolean;
  /** The kind of the selected wearables, which names them: 'Assign badges', 'Assign wristbands'. */
  deviceType: WearableType;
  /** The selected wearables, in the order users are given to them. */
  devices: readonly AssignableWearable[];
  /** Whose users are offered: a location with its descendants (every location in scope when null). */
  groupId: number | null;
  onClose: () => void;
  /** Called once the assignments were queued (and, online, sent). */
  onSubmitted?: () => void;
}

const asWearableUser = ({ id, userName, firstName, lastName }: UserListRow): WearableUser => ({ id, userName, firstName, lastName });

function AssignForm({ deviceType, devices: selected, groupId, onClose, onSubmitted }: Omit<AssignWearablesDialogProps, 'opened'>) {
  const assign = useAssignWearables();
  // The wearables as they were when the dialog opened: the results must not change under the reader.
  const [devices] = useState(selected);
  const [staged, setStaged] = useState<WearableUser[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<Map<string, EditResult> | null>(null);
  const pairs = useMemo(() => pairUp(devices, staged), [devices, staged]);
  const overwrites = reassignCount(pairs);
  const word = wearableWord(deviceType);

  const send = async () => {
    setConfirming(false);
    setBusy(true);
    const toSend = pairsToSend(pairs);
    try {
      const outcome = await assign(deviceType, toSend);
      setResults(new Map(toSend.map(({ device }, index) => [device.mac, outcome[index] ?? { state: 'queued', offline: true }])));
      onSubmitted?.();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {results ? 'Results' : `${wearableName(deviceType)}s`}
        </Title>
        {!results && (
          <Text size="sm" c="dimmed">
            {`${staged.length} of ${devices.length} ${word}(s) have a new user. Users go to the ${word}s in the order listed.`}
          </Text>
        )}
        <AssignPairsTable deviceType={deviceType} pairs={pairs} results={results} onRemove={(id) => setStaged(staged.filter((u) => u.id !== id))} />
      </Stack>
      {!results && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            Users
          </Title>
          <UserPickList
            deviceType={deviceType}
            groupId={groupId}
            staged={staged}
            full={!canStageMore(devices, staged)}
            onPick={(user) => setStaged(stageUser(devices, staged, asWearableUser(user)))}
          />
        </Stack>
      )}
      <Group justify="flex-end">
        {results ? (
          <Button onClick={onClose} mih={44} data-autofocus>
            Done
          </Button>
        ) : (
          <>
            <Button variant="default" onClick={onClose} mih={44}>
              Cancel
            </Button>
            <Button
              onClick={() => (overwrites > 0 ? setConfirming(true) : void send())}
              disabled={staged.length === 0}
              loading={busy}
              mih={44}
            >
              Assign
            </Button>
          </>
        )}
      </Group>
      <ConfirmDialog
        opened={confirming}
        title="Re-assign?"
        confirmLabel="Re-assign"
        onConfirm={() => void send()}
        onCancel={() => setConfirming(false)}
      >
        {reassignMessage(overwrites)}
      </ConfirmDialog>
    </Stack>
  );
}

/**
 * Assign badges/wristbands (docs/OFFLINE.md 'Badges and SmartBadge Management'): users are staged onto the
 * selected wearables of one kind, then assigned through the outbox.
 */
export function AssignWearablesDialog({ opened, onClose, ...rest }: AssignWearablesDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Assign ${wearableWord(rest.deviceType)}s`} size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && <AssignForm onClose={onClose} {...rest} />}
    </Modal>
  );
}
