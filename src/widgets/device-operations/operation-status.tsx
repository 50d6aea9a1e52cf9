import { Badge, Button, Group, Popover, Progress, Stack, Text } from '@mantine/core';
import { STATUS_VERBS } from '@contracts/operations';
import { useState } from 'react';
import { formatDateTime } from '@/lib/format';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { rowStatus, statusColor, statusText, type Operable, type OperationRow } from '@/entities/device-operations/operation-rows';

const typeLabel = (type: 'SETTING' | 'DFU') => (type === 'DFU' ? 'Firmware update' : 'Settings');

/** A row's last status (in its display verbs), with a DFU's progress. */
export function OperationStatusBadge({ row }: { row: OperationRow<Operable> }) {
  const working = row.lastStatus?.status === 'working' && row.lastStatus.type === 'DFU' && row.outbox === null;
  return (
    <Stack gap={2} data-testid="operation-status" data-status={rowStatus(row) ?? 'none'}>
      <Badge
        color={statusColor(rowStatus(row))}
        variant="light"
        tt="none"
        styles={{ root: { maxWidth: 'none', overflow: 'visible' }, label: { overflow: 'visible' } }}
        title={row.outboxError ?? row.lastStatus?.message ?? undefined}
      >
        {statusText(row)}
      </Badge>
      {/* No width transition: a page of rows moving their bars at once would lay the table out on every frame of it. */}
      {working && <Progress value={row.lastStatus?.progress ?? 0} size="xs" transitionDuration={0} aria-label={`Firmware update of ${row.name}`} />}
      {row.lastStatus?.status === 'failed' && row.lastStatus.message && (
        <Text size="xs" c="red">
          {row.lastStatus.message}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The queued-operations popover of a row: its open operations with their state, a pending one
 * cancellable (only while the last status is pending), and what this
 * device's outbox still holds for it.
 */
export function QueuedOperationsPopover({ row, onCancel }: { row: OperationRow<Operable>; onCancel: (row: OperationRow<Operable>, operationId: number) => void }) {
  const [opened, setOpened] = useState(false);
  // A row's popover (floating-ui and all) is mounted when first opened: a page of rows that live
  // events re-render several times a second carries 15 buttons, not 15 popovers.
  const mounted = useOpenedOnce(opened);
  const count = row.operations.length + (row.outbox ? 1 : 0);
  // The count in words ("2 queued"), not a bare number; an empty queue reads "None queued", dimmed.
  const target = (
    <Button
      variant={count ? 'light' : 'subtle'}
      color={count ? 'blue' : 'gray'}
      size="compact-sm"
      mih={44}
      px="xs"
      aria-label={`Queued operations of ${row.name} (${count})`}
      aria-expanded={opened}
      onClick={() => setOpened((o) => !o)}
    >
      {count ? `${count} queued` : 'None queued'}
    </Button>
  );
  if (!mounted) return target;
  return (
    <Popover position="bottom-end" withinPortal shadow="md" width={300} opened={opened} onChange={setOpened} trapFocus returnFocus>
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" aria-label={`Queued operations of ${row.name}`}>
          <Text fw={600} size="sm">
            Queued operations
          </Text>
          {row.outbox === 'queue' && <Text size="sm">{row.outboxError ?? 'Queued on this device: sent when the connection is back.'}</Text>}
          {row.outbox === 'cancel' && <Text size="sm">A cancel waits on this device for the connection.</Text>}
          {row.operations.length === 0 && !row.outbox && <Text size="sm" c="dimmed">No queued operations</Text>}
          {row.operations.map((op) => (
            <Group key={op.id} justify="space-between" wrap="nowrap" data-testid="queued-operation">
              <div>
                <Text size="sm">
                  {typeLabel(op.type)} · {STATUS_VERBS[op.status]}
                  {op.type === 'DFU' && op.status === 'working' ? ` ${op.progress}%` : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  {op.description} · {formatDateTime(op.createdAt)}
                </Text>
              </div>
              {op.status === 'pending' && row.outbox === null && (
                <Button size="compact-sm" mih={44} variant="light" color="red" onClick={() => onCancel(row, op.id)}>
                  Cancel
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
