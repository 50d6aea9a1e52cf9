import type { WearableType } from '@contracts/wearables';
import { Badge, CloseButton, Group, Stack, Text } from '@mantine/core';
import { DataTable, type DataColumn } from '@/components/data-table';
import { userLabel } from '@/entities/users/user-label';
import type { EditResult } from '@/offline/use-submit-edits';
import { wearableName } from '@/entities/devices/wearable-unassign';
import type { StagedPair } from '@/entities/devices/assign-rules';

/** The Assign dialog's wearable list and results show this many a page. */
export const RESULT_PAGE_SIZE = 9;

function ResultCell({ result }: { result: EditResult | undefined }) {
  if (!result) return <Text c="dimmed">Not assigned</Text>;
  if (result.state === 'accepted') return <Badge color="teal">Assigned</Badge>;
  if (result.state === 'queued') return <Badge color="gray">Pending</Badge>;
  return (
    <Stack gap={2}>
      <Badge color="red">Failed</Badge>
      <Text size="xs" c="red">
        {result.reason}
      </Text>
    </Stack>
  );
}

/** Each selected badge or wristband, who holds it, who it goes to, and once sent, what happened. */
export function AssignPairsTable({
  deviceType,
  pairs,
  results,
  onRemove,
}: {
  deviceType: WearableType;
  pairs: readonly StagedPair[];
  /** By MAC, once the assignment was submitted. */
  results: ReadonlyMap<string, EditResult> | null;
  onRemove: (userId: number) => void;
}) {
  const name = wearableName(deviceType);
  const columns: DataColumn<StagedPair>[] = [
    {
      key: 'wearable',
      header: name,
      value: (p) => p.device.mac,
      render: (p) => (
        <Stack gap={0}>
          <Text ff="monospace" size="sm">
            {p.device.mac}
          </Text>
          {p.device.code && (
            <Text size="xs" c="dimmed">
              {p.device.code}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'current',
      header: 'Current user',
      value: (p) => (p.device.user ? userLabel(p.device.user) : null),
      render: (p) =>
        p.device.user ? (
          <Group gap={6} wrap="nowrap">
            <Text size="sm">{userLabel(p.device.user)}</Text>
            <Badge color="orange" variant="light">
              Re-assign
            </Badge>
          </Group>
        ) : (
          <Text c="dimmed">—</Text>
        ),
    },
    {
      key: 'new',
      header: 'New user',
      value: (p) => (p.user ? userLabel(p.user) : null),
      render: (p) =>
        p.user ? (
          <Group gap={4} wrap="nowrap">
            <Text size="sm" fw={600}>
              {userLabel(p.user)}
            </Text>
            {!results && <CloseButton size="lg" aria-label={`Remove ${userLabel(p.user)}`} onClick={() => onRemove(p.user!.id)} />}
          </Group>
        ) : (
          <Text c="dimmed">—</Text>
        ),
    },
  ];
  if (results) {
    columns.push({
      key: 'result',
      header: 'Result',
      value: (p) => results.get(p.device.mac)?.state ?? null,
      render: (p) => <ResultCell result={p.user ? results.get(p.device.mac) : undefined} />,
    });
  }
  return (
    <DataTable
      label={results ? 'Assignment results' : `${name}s to assign`}
      columns={columns}
      rows={pairs}
      rowKey={(p) => p.device.mac}
      pageSize={RESULT_PAGE_SIZE}
      emptyText="No results"
    />
  );
}
