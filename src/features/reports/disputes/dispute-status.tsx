import { Text } from '@mantine/core';
import type { OwnDispute } from '@contracts/disputes';

/** What became of a dispute, in words: awaiting review, accepted (out of the figures), or declined with the reply. */
export function disputeStatusWords(dispute: Pick<OwnDispute, 'status' | 'reply'>): string {
  if (dispute.status === 'OPEN') return 'Disputed · awaiting review';
  if (dispute.status === 'ACCEPTED') return dispute.reply ? `Dispute accepted — excluded from figures: ${dispute.reply}` : 'Dispute accepted — excluded from figures';
  return `Dispute declined: ${dispute.reply ?? ''}`;
}

const COLORS = { OPEN: 'orange.8', ACCEPTED: 'teal.8', DECLINED: 'red.8' } as const;

/** The wearer's dispute of one of their doors, under the door's verdict. */
export function DisputeStatusLine({ dispute }: { dispute: OwnDispute }) {
  return (
    <Text size="sm" fw={500} c={COLORS[dispute.status]} data-testid="dispute-status">
      {disputeStatusWords(dispute)}
    </Text>
  );
}
