import { Alert, Progress, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { isActive, type Operable, type OperationRow } from '@/entities/device-operations/operation-rows';

// The devices of the last queue submitted, followed to their end: the page shows its Active
// devices after a submit (docs/SCREENS.md 'Beacon Operations and Dispenser Operations'), and these
// stay among them once finished, with a notice of how many are done, failed or still going, until
// the user closes it.

/** What the last queue was: each device with the last operation it had before (its end is a newer one). */
export type QueuedWatch = ReadonlyMap<number, number | null>;

export interface QueuedProgress {
  total: number;
  done: number;
  failed: number;
  going: number;
}

/** How the watched devices stand in `rows`: a device still going until a newer operation than before ended. */
export function queuedProgress(rows: readonly OperationRow<Operable>[], watch: QueuedWatch): QueuedProgress {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const progress: QueuedProgress = { total: watch.size, done: 0, failed: 0, going: 0 };
  for (const [id, before] of watch) {
    const row = byId.get(id);
    // Gone from the list (moved, removed): nothing more to follow.
    if (!row) progress.failed += 1;
    else if (row.outboxError !== null) progress.failed += 1;
    else if (isActive(row) || !row.lastStatus || row.lastStatus.operationMetaDataId === before) progress.going += 1;
    else if (row.lastStatus.status === 'done' || row.lastStatus.status === 'payload') progress.done += 1;
    else progress.failed += 1;
  }
  return progress;
}

/** The words of the notice: under way, or all finished. */
export function queuedText({ total, done, failed, going }: QueuedProgress, noun: string): string {
  const counts = `${done} done${failed ? `, ${failed} failed or cancelled` : ''}`;
  return going > 0 ? `Operations for ${total} ${noun}: ${counts}, ${going} still going.` : `All ${total} operations have finished: ${counts}.`;
}

/**
 * Remembers the devices of the last queue: `onQueued` for useOperationsQueue, which also calls
 * `showActive` (the page's status filter goes to Active); `kept` for filterRows.
 */
export function useQueuedWatch(showActive: () => void) {
  const [watch, setWatch] = useState<QueuedWatch | null>(null);
  const onQueued = useCallback(
    (rows: readonly Operable[]) => {
      setWatch(new Map(rows.map((row) => [row.id, row.lastStatus?.operationMetaDataId ?? null])));
      showActive();
    },
    [showActive],
  );
  const close = useCallback(() => setWatch(null), []);
  const kept = useMemo(() => (watch ? new Set(watch.keys()) : undefined), [watch]);
  return { watch, kept, onQueued, close };
}

/** The notice above the list while the last queue runs, and once it has finished (closable then). */
export function QueuedNotice({ rows, watch, noun, onClose }: { rows: readonly OperationRow<Operable>[]; watch: QueuedWatch | null; noun: string; onClose: () => void }) {
  if (!watch || watch.size === 0) return null;
  const progress = queuedProgress(rows, watch);
  const finished = progress.going === 0;
  return (
    <Alert
      color={finished ? (progress.failed ? 'orange' : 'teal') : 'blue'}
      variant="light"
      data-testid="queued-notice"
      withCloseButton={finished}
      closeButtonLabel="Close"
      onClose={onClose}
    >
      <Stack gap={6}>
        <Text size="sm" role="status" aria-live="polite">
          {queuedText(progress, noun)}
        </Text>
        {!finished && <Progress value={((progress.done + progress.failed) / progress.total) * 100} aria-label="Operations finished" size="sm" />}
      </Stack>
    </Alert>
  );
}
