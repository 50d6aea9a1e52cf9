import { Badge, Tooltip } from '@mantine/core';

/** Where a row's queued edit stands: not on the server yet, or refused by it (with its message). */
export type PendingState = 'pending' | 'failed' | null;

/** 'Pending' while a queued edit is not on the server; 'Not accepted', with the server's reason on hover, focus or touch, when it was refused. */
export function PendingMark({ state, error, fallback }: { state: PendingState; error: string | null; fallback: string }) {
  if (state === 'pending') {
    return (
      <Badge color="yellow" variant="light">
        Pending
      </Badge>
    );
  }
  if (state !== 'failed') return null;
  return (
    <Tooltip label={error ?? fallback} multiline w={260} events={{ hover: true, focus: true, touch: true }}>
      <Badge color="red" variant="light" tabIndex={0} aria-label={`Not accepted: ${error ?? 'refused by the server'}`}>
        Not accepted
      </Badge>
    </Tooltip>
  );
}
