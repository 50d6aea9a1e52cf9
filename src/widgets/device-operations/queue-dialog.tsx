import { Alert, Button, CloseButton, Group, Modal, ScrollArea, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { textProblem } from '@contracts/fields';
import type { QueueEntry } from '@/entities/device-operations/operation-rows';

const typeLabel = { SETTING: 'Settings', DFU: 'Firmware update' } as const;

/**
 * The Queue (docs/OPERATIONS.md 'Operations'; Submit needs a non-empty trimmed description):
 * what each selected device gets, settings before firmware, or why it is skipped; an entry removed
 * or the whole queue cleared; submitted with a description.
 */
export function QueueDialog({
  entries,
  onClose,
  onRemove,
  onClear,
  onSubmit,
}: {
  entries: QueueEntry[] | null;
  onClose: () => void;
  /** Empties the queue (the selection). */
  onClear: () => void;
  onRemove: (deviceId: number) => void;
  onSubmit: (description: string, entries: QueueEntry[]) => Promise<void>;
}) {
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const queued = (entries ?? []).filter((e) => e.types.length > 0);
  const missing = description.trim() === '';
  const problem = textProblem(description, { multiLine: true });
  const submit = async () => {
    setTouched(true);
    if (missing || problem || queued.length === 0) return;
    setBusy(true);
    try {
      await onSubmit(description.trim(), queued);
      setDescription('');
      setTouched(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={entries !== null} onClose={onClose} title="Queue" size="lg" centered>
      <Stack gap="sm">
        {queued.length === 0 && <Alert color="gray">Nothing to queue: every device is skipped.</Alert>}
        <ScrollArea.Autosize mah="45vh">
          <Table aria-label="Queued devices" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Device</Table.Th>
                <Table.Th>Operations</Table.Th>
                <Table.Th aria-label="Remove" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(entries ?? []).map((entry) => (
                <Table.Tr key={entry.row.id} data-testid="queue-entry">
                  <Table.Td>
                    <Text size="sm">{entry.row.name}</Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {entry.row.mac}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {entry.skipped ? (
                      <Text size="sm" c="dimmed">
                        Skipped: {entry.skipped}
                      </Text>
                    ) : (
                      <Text size="sm">{entry.types.map((t) => typeLabel[t]).join(', then ')}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <CloseButton size={44} aria-label={`Remove ${entry.row.name} from the queue`} onClick={() => onRemove(entry.row.id)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        <Textarea
          label="Description"
          description="Why these operations: it stays with each of them."
          required
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={touched && missing ? 'A description is required' : problem}
          maxLength={500}
          autosize
          minRows={2}
        />
        <Group justify="space-between">
          <Button variant="subtle" color="red" mih={44} onClick={onClear}>
            Clear
          </Button>
          <Group>
            <Button variant="default" mih={44} onClick={onClose}>
              Cancel
            </Button>
            <Button mih={44} onClick={() => void submit()} loading={busy} disabled={queued.length === 0 || missing || problem !== null}>
              Submit {queued.length} device{queued.length === 1 ? '' : 's'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
