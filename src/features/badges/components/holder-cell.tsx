import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { userLabel } from '@/entities/users/user-label';
import type { BadgeRow } from '../badge-rows';

/** The holder of a badge, marked 'Pending' while a queued edit is not on the server, 'Not accepted' when it was refused. */
export function HolderCell({ row }: { row: BadgeRow }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c={row.user ? undefined : 'dimmed'}>
        {row.user ? userLabel(row.user) : '—'}
      </Text>
      {row.pending === 'pending' && (
        <Badge color="yellow" variant="light">
          Pending
        </Badge>
      )}
      {row.pending === 'failed' && (
        <Tooltip label={row.pendingError ?? 'The server refused a change of this badge.'} multiline w={260} events={{ hover: true, focus: true, touch: true }}>
          <Badge color="red" variant="light" tabIndex={0} aria-label={`Not accepted: ${row.pendingError ?? 'refused by the server'}`}>
            Not accepted
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}
