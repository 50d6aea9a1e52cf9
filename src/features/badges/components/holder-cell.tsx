import { Group, Text } from '@mantine/core';
import { PendingMark } from '@/components/pending-mark';
import { userLabel } from '@/entities/users/user-label';
import type { BadgeRow } from '../badge-rows';

/** The holder of a badge, marked 'Pending' while a queued edit is not on the server, 'Not accepted' when it was refused. */
export function HolderCell({ row }: { row: BadgeRow }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c={row.user ? undefined : 'dimmed'}>
        {row.user ? userLabel(row.user) : '—'}
      </Text>
      <PendingMark state={row.pending} error={row.pendingError} fallback="The server refused a change of this badge." />
    </Group>
  );
}
