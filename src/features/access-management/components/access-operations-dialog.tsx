import { List, Modal, Progress, Stack, Text } from '@mantine/core';
import type { UserListRow } from '@contracts/user-list';
import { useEffect, useRef, useState } from 'react';
import { errorMessageOf } from '@/lib/api-client';
import { ACCESS_MESSAGES, ACTION_LABELS, GROUP_DIALOG_CLOSE_MS, userName, type GroupAction } from '../access-rules';

/** One group action over the selection: the rows it acts on and the selected rows it leaves out. */
export interface AccessOperations {
  action: GroupAction;
  apply: readonly UserListRow[];
  skip: readonly UserListRow[];
}

interface Failure {
  id: number;
  name: string;
  message: string;
}

/**
 * The access-operations dialog (docs/SCREENS.md 'Access Management'): runs the action on each user one after the other,
 * showing '{done}/{total} actions completed', and closes 1 s after the last. A failure
 * does not stop the rest; each is reported ('operation failed for user {name}') here and by the page.
 */
export function AccessOperationsDialog({
  operations,
  perform,
  onFailed,
  onFinished,
}: {
  operations: AccessOperations | null;
  perform: (action: GroupAction, row: UserListRow) => Promise<unknown>;
  onFailed: (failure: Failure) => void;
  /** Called when the dialog closes after the run: the page refreshes its table. */
  onFinished: () => void;
}) {
  const [done, setDone] = useState(0);
  const [failures, setFailures] = useState<Failure[]>([]);
  const [finished, setFinished] = useState(false);
  // The latest callbacks, so a run started once is not restarted by the page re-rendering.
  const callbacks = useRef({ perform, onFailed, onFinished });
  callbacks.current = { perform, onFailed, onFinished };

  useEffect(() => {
    if (!operations) return;
    let cancelled = false;
    let closing: ReturnType<typeof setTimeout> | undefined;
    setDone(0);
    setFailures([]);
    setFinished(false);
    void (async () => {
      for (const row of operations.apply) {
        try {
          await callbacks.current.perform(operations.action, row);
        } catch (error) {
          const failure = { id: row.id, name: userName(row), message: errorMessageOf(error, 'The request failed.') };
          if (cancelled) return;
          setFailures((before) => [...before, failure]);
          callbacks.current.onFailed(failure);
        }
        if (cancelled) return;
        setDone((n) => n + 1);
      }
      setFinished(true);
      closing = setTimeout(() => callbacks.current.onFinished(), GROUP_DIALOG_CLOSE_MS);
    })();
    return () => {
      cancelled = true;
      clearTimeout(closing);
    };
  }, [operations]);

  const total = operations?.apply.length ?? 0;
  const skipped = operations?.skip ?? [];
  return (
    <Modal
      opened={operations !== null}
      onClose={() => finished && onFinished()}
      withCloseButton={finished}
      closeOnClickOutside={finished}
      closeOnEscape={finished}
      title="Access Operations"
      centered
    >
      <Stack gap="sm">
        <Text fw={600}>{operations ? ACTION_LABELS[operations.action] : ''}</Text>
        <Text role="status" aria-live="polite" fw={500}>
          {ACCESS_MESSAGES.progress(done, total)}
        </Text>
        <Progress value={total ? (done / total) * 100 : 100} aria-label="Access operations progress" />
        {failures.length > 0 && (
          <List size="sm" c="red" aria-label="Failed actions">
            {failures.map((f) => (
              <List.Item key={f.id}>{`${ACCESS_MESSAGES.failedFor(f.name)}: ${f.message}`}</List.Item>
            ))}
          </List>
        )}
        {skipped.length > 0 && <SkippedNote rows={skipped} />}
      </Stack>
    </Modal>
  );
}

/** The selected users an action leaves out, named (the first few) and counted. */
export function SkippedNote({ rows }: { rows: readonly UserListRow[] }) {
  const SHOWN = 5;
  const names = rows.slice(0, SHOWN).map(userName).join(', ');
  const more = rows.length > SHOWN ? ` and ${rows.length - SHOWN} more` : '';
  return (
    <Text size="sm" c="dimmed" data-testid="skipped-note">
      {`${rows.length} selected ${rows.length === 1 ? 'user is' : 'users are'} skipped (the action does not apply to them): ${names}${more}`}
    </Text>
  );
}
