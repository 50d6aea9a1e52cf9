import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { acceptDisputeBodySchema, declineDisputeBodySchema, DISPUTE_TEXT_MAX, type Dispute } from '@contracts/disputes';
import { errorText, showSuccess } from '@/components/toasts';
import { useOnlineStatus } from '@/offline/connectivity';
import { fieldMessage, NoteField } from '../shared/reason-note';
import { useDecideDispute } from './api';

/** A decision being confirmed: the dispute and which. */
export interface PendingDecision {
  dispute: Dispute;
  decision: 'accept' | 'decline';
}

/**
 * Confirms a manager's decision on a dispute (docs/SCREENS.md 'Compliance Report'): accept with an
 * optional reply, decline with the reply the wearer will read. Online only.
 */
export function DecisionDialog({ pending, onClose, describe }: { pending: PendingDecision | null; onClose: () => void; describe: (d: Dispute) => string }) {
  const title = pending?.decision === 'accept' ? 'Accept this dispute?' : 'Decline this dispute?';
  return (
    <Modal opened={pending !== null} onClose={onClose} title={title} size="md">
      {pending && <DecisionForm key={`${pending.dispute.id}-${pending.decision}`} pending={pending} onClose={onClose} describe={describe} />}
    </Modal>
  );
}

function DecisionForm({ pending, onClose, describe }: { pending: PendingDecision; onClose: () => void; describe: (d: Dispute) => string }) {
  const online = useOnlineStatus();
  const decide = useDecideDispute();
  const [reply, setReply] = useState('');
  const [touched, setTouched] = useState(false);
  const accept = pending.decision === 'accept';
  const body = { userId: pending.dispute.wearer.id, ...(reply.trim() || !accept ? { reply } : {}) };
  const checked = (accept ? acceptDisputeBodySchema : declineDisputeBodySchema).safeParse(body);
  const replyError = touched ? fieldMessage(checked, 'reply') : undefined;
  const ready = checked.success && online && !decide.isPending;
  const submit = async () => {
    setTouched(true);
    if (!ready) return;
    await decide.mutateAsync({ id: pending.dispute.id, userId: pending.dispute.wearer.id, decision: pending.decision, reply }).then(() => {
      showSuccess(accept ? 'Dispute accepted: the opportunity leaves the figures.' : 'Dispute declined.');
      onClose();
    }, () => undefined);
  };
  return (
    <Stack gap="md">
      <Text size="sm">{describe(pending.dispute)}</Text>
      <Text size="sm" c="dimmed">
        {accept
          ? 'The opportunity leaves every compliance figure; the visit stays. A decision is final.'
          : 'The figures stay as they are; the wearer reads your reply. A decision is final.'}
      </Text>
      {!online && (
        <Alert color="yellow" variant="light" title="Deciding needs a connection">
          A decision changes the figures on the server at once, so it is not kept on the device.
        </Alert>
      )}
      <NoteField
        label={accept ? 'Reply (optional)' : 'Reply'}
        withAsterisk={!accept}
        value={reply}
        onChange={setReply}
        onBlur={() => setTouched(true)}
        maxLength={DISPUTE_TEXT_MAX}
        minRows={2}
        error={replyError}
      />
      {decide.error && (
        <Alert color="red" variant="light">
          {errorText(decide.error)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" size="md" mih={44} onClick={onClose}>
          Cancel
        </Button>
        <Button size="md" mih={44} color={accept ? 'teal' : 'red'} onClick={() => void submit()} disabled={!ready} loading={decide.isPending}>
          {accept ? 'Accept dispute' : 'Decline dispute'}
        </Button>
      </Group>
    </Stack>
  );
}
