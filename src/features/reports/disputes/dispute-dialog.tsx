import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { createDisputeBodySchema, DISPUTE_REASON_LABELS, DISPUTE_REASONS, DISPUTE_TEXT_MAX, type DisputeKind, type DisputeReason } from '@contracts/disputes';
import { errorText, showSuccess } from '@/components/toasts';
import { useOnlineStatus } from '@/offline/connectivity';
import { ReasonNoteFields, useReasonNote } from '../shared/reason-note';
import { useCreateDispute } from './api';

/** The door disputed: its kind, instant and how the row names it. */
export interface DisputedDoor {
  kind: DisputeKind;
  doorAt: string;
  label: string;
}

/**
 * The wearer's dispute of one of their own doors (docs/SCREENS.md 'User Overview'): a reason and
 * a note (required for Other), checked by the contract's own schema before it is sent. Online
 * only (docs/OFFLINE.md 'Disputed opportunities').
 */
export function DisputeDialog({ door, onClose }: { door: DisputedDoor | null; onClose: () => void }) {
  return (
    <Modal opened={door !== null} onClose={onClose} title="Dispute this opportunity" size="md">
      {door && <DisputeForm key={`${door.kind}-${door.doorAt}`} door={door} onClose={onClose} />}
    </Modal>
  );
}

function DisputeForm({ door, onClose }: { door: DisputedDoor; onClose: () => void }) {
  const online = useOnlineStatus();
  const create = useCreateDispute();
  const form = useReasonNote(createDisputeBodySchema, (reason: DisputeReason) => ({ kind: door.kind, doorAt: door.doorAt, reason }));
  const ready = form.valid && online && !create.isPending;
  const submit = async () => {
    form.touch();
    if (!ready || !form.body) return;
    await create.mutateAsync(form.body).then(() => {
      showSuccess('Your dispute was sent for review.');
      onClose();
    }, () => undefined);
  };
  return (
    <Stack gap="md">
      <Text size="sm">{door.label}</Text>
      {!online && (
        <Alert color="yellow" variant="light" title="Disputing needs a connection" data-testid="dispute-offline">
          A dispute goes straight to your unit's managers, so it is not kept on the device. Send it when the connection is back.
        </Alert>
      )}
      <ReasonNoteFields
        form={form}
        label="What happened?"
        reasons={DISPUTE_REASONS}
        labels={DISPUTE_REASON_LABELS}
        requiredHint="Required: say what happened."
        noteMax={DISPUTE_TEXT_MAX}
        noteRows={3}
      />
      {create.error && (
        <Alert color="red" variant="light" data-testid="dispute-error">
          {errorText(create.error)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" size="md" mih={44} onClick={onClose}>
          Cancel
        </Button>
        <Button size="md" mih={44} onClick={() => void submit()} disabled={!ready} loading={create.isPending}>
          Send dispute
        </Button>
      </Group>
    </Stack>
  );
}
