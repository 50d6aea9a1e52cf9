import type { UserListRow } from '@contracts/wearables-admin';
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { EditResult } from '@/offline/use-submit-edits';
import { canStageMore, pairsToSend, pairUp, reassignCount, reassignMessage, stageUser } from '../assign-rules';
import type { BadgeRow } from '../badge-rows';
import type { BadgeUser } from '../outbox-handlers';
import { useBadgeEdits } from '../use-badge-edits';
import { AssignPairsTable } from './assign-pairs-table';
import { UserPickList } from './user-pick-list';

export interface AssignDialogProps {
  opened: boolean;
  /** The selected badges, in the order users are given to them. */
  devices: readonly BadgeRow[];
  /** Whose users are offered: a location with its descendants (every location in scope when null). */
  groupId: number | null;
  onClose: () => void;
  /** Called once the assignments were queued (and, online, sent). */
  onSubmitted?: () => void;
}

const asBadgeUser = ({ id, userName, firstName, lastName }: UserListRow): BadgeUser => ({ id, userName, firstName, lastName });

function AssignForm({ devices: selected, groupId, onClose, onSubmitted }: Omit<AssignDialogProps, 'opened'>) {
  const { assign } = useBadgeEdits();
  // The badges as they were when the dialog opened: the results must not change under the reader.
  const [devices] = useState(selected);
  const [staged, setStaged] = useState<BadgeUser[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<Map<string, EditResult> | null>(null);
  const pairs = useMemo(() => pairUp(devices, staged), [devices, staged]);
  const overwrites = reassignCount(pairs);

  const send = async () => {
    setConfirming(false);
    setBusy(true);
    const toSend = pairsToSend(pairs);
    try {
      const outcome = await assign(toSend);
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
          {results ? 'Results' : 'Badges'}
        </Title>
        {!results && (
          <Text size="sm" c="dimmed">
            {staged.length} of {devices.length} badge(s) have a new user. Users go to the badges in the order listed.
          </Text>
        )}
        <AssignPairsTable pairs={pairs} results={results} onRemove={(id) => setStaged(staged.filter((u) => u.id !== id))} />
      </Stack>
      {!results && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            Users
          </Title>
          <UserPickList
            groupId={groupId}
            staged={staged}
            full={!canStageMore(devices, staged)}
            onPick={(user) => setStaged(stageUser(devices, staged, asBadgeUser(user)))}
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

/** Assign badges (03 §2 Shared dialogs, §5 'Assign badges'): users are staged onto the selected badges, then assigned. */
export function AssignDialog({ opened, onClose, ...rest }: AssignDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Assign badges" size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && <AssignForm onClose={onClose} {...rest} />}
    </Modal>
  );
}
