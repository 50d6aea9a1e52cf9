import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { createDisputeBodySchema, DISPUTE_REASON_LABELS, DISPUTE_REASONS, DISPUTE_TEXT_MAX, type DisputeKind, type DisputeReason } from '@contracts/disputes';
import { errorText, showSuccess } from '@/components/toasts';
import { useOnlineStatus } from '@/offline/connectivity';
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
  const [reason, setReason] = useState<DisputeReason | null>(null);
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const body = { kind: door.kind, doorAt: door.doorAt, reason: reason ?? 'OTHER', ...(note.trim() ? { note } : {}) };
  const checked = createDisputeBodySchema.safeParse(body);
  const noteError = touched && reason !== null && !checked.success ? checked.error.issues.find((i) => i.path[0] === 'note')?.message : undefined;
  const ready = reason !== null && checked.success && online && !create.isPending;
  const submit = async () => {
    setTouched(true);
    if (!ready) return;
    await create.mutateAsync(body).then(() => {
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
      <Radio.Group label="What happened?" value={reason} onChange={(value) => setReason(value as DisputeReason)} withAsterisk>
        <Stack gap={0} mt="xs">
          {DISPUTE_REASONS.map((r) => (
            // The whole label is the target, 44 px high for a finger (docs/SCREENS.md 'Touch targets').
            <Radio key={r} value={r} label={DISPUTE_REASON_LABELS[r]} size="md" styles={{ body: { alignItems: 'center' }, label: { minHeight: 44, display: 'flex', alignItems: 'center' } }} />
          ))}
        </Stack>
      </Radio.Group>
      <Textarea
        label="Note"
        description={reason === 'OTHER' ? 'Required: say what happened.' : 'Optional.'}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        onBlur={() => setTouched(true)}
        maxLength={DISPUTE_TEXT_MAX}
        autosize
        minRows={3}
        error={noteError}
        size="md"
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
