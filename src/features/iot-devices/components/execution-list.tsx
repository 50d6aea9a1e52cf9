import type { JobExecution } from '@contracts/iot';
import { Badge, Button, Code, Group, Loader, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Fragment, useState } from 'react';
import { formatDateTime } from '@/lib/format';
import { useOnlineStatus } from '@/offline/connectivity';
import { useJobExecution } from '../api/get-job-executions';
import { canCancelExecution, executionStatusColor, executionStatusLabel } from '../iot-rows';

/** An execution's output, read afresh when its details open (GET /iot/jobs/{jobId}/executions/{thingId}). */
function ExecutionDetails({ execution }: { execution: JobExecution }) {
  const fresh = useJobExecution({ jobId: execution.jobId, thingId: execution.thing.id });
  const stdout = (fresh.data ?? execution).detailsMap.stdout;
  if (fresh.isPending && !execution.detailsMap.stdout) return <Loader size="sm" aria-label="Loading details" />;
  if (!stdout) return <Text size="sm" c="dimmed">No details found.</Text>;
  return (
    <Code block aria-label={`Output of ${execution.thing.name}`} style={{ whiteSpace: 'pre-wrap', maxHeight: 240, overflow: 'auto' }}>
      {stdout}
    </Code>
  );
}

/**
 * Job executions as a table: device, job, status ('Updating' for IN_PROGRESS), last update; each
 * opens its details (the device's output), and a QUEUED one can be cancelled (online only).
 */
export function ExecutionList({
  executions,
  show,
  onCancel,
  label,
}: {
  executions: readonly JobExecution[];
  /** Which of the device and the job to name in each row. */
  show: 'device' | 'job';
  onCancel?: (execution: JobExecution) => void;
  label: string;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const online = useOnlineStatus();
  if (executions.length === 0) return <Text c="dimmed" size="sm">No device executions found</Text>;
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table aria-label={label} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{show === 'device' ? 'Device' : 'Job'}</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Updated</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {executions.map((e) => {
            const name = show === 'device' ? e.thing.name : e.jobName;
            const key = `${e.jobId}:${e.thing.id}`;
            return (
              <Fragment key={key}>
                <Table.Tr>
                  <Table.Td>
                    <Stack gap={0}>
                      <Text size="sm">{name}</Text>
                      {show === 'device' && (
                        <Text size="xs" c="dimmed" ff="monospace">
                          {e.thing.awsId}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={executionStatusColor(e.status)} variant="light">
                      {executionStatusLabel(e.status)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(e.lastUpdatedAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button variant="subtle" size="compact-sm" mih={44} aria-expanded={open === key} onClick={() => setOpen(open === key ? null : key)} aria-label={`Details of ${name}`}>
                        Details
                      </Button>
                      {onCancel && canCancelExecution(e) && (
                        <Button
                          variant="subtle"
                          color="red"
                          size="compact-sm"
                          mih={44}
                          disabled={!online}
                          title={online ? undefined : 'Cancelling needs a connection'}
                          onClick={() => onCancel(e)}
                          aria-label={`Cancel execution on ${e.thing.name}`}
                        >
                          Cancel
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
                {open === key && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <ExecutionDetails execution={e} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
