import type { Job, JobExecution } from '@contracts/iot';
import { Accordion, Badge, Button, Drawer, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadError } from '@/components/load-error';
import { formatDateTime } from '@/lib/format';
import { useOnlineStatus } from '@/offline/connectivity';
import { useJobExecutions } from '../api/get-job-executions';
import { useJobs } from '../api/get-jobs';
import { useCancelExecution, useCancelJob } from '../api/use-cancel';
import { JOB_TABS, canCancelJob, jobsOfList } from '../iot-rows';
import { ExecutionList } from './execution-list';

const STATUS_COLORS: Record<Job['status'], string> = { SCHEDULED: 'yellow', IN_PROGRESS: 'blue', COMPLETED: 'teal', CANCELED: 'gray' };
const STATUS_WORDS: Record<Job['status'], string> = { SCHEDULED: 'Scheduled', IN_PROGRESS: 'In progress', COMPLETED: 'Completed', CANCELED: 'Canceled' };

function JobExecutions({ job, onCancel }: { job: Job; onCancel: (execution: JobExecution) => void }) {
  const executions = useJobExecutions(job.id);
  if (job.status === 'SCHEDULED') return <Text size="sm" c="dimmed">Starts {job.startAt ? formatDateTime(job.startAt) : 'soon'}; its executions are created then.</Text>;
  if (executions.isPending) return <Loader size="sm" aria-label="Loading executions" />;
  if (executions.isError && !executions.data) return <LoadError error={executions.error} title="Failed to fetch jobs" />;
  return <ExecutionList executions={executions.data ?? []} show="device" onCancel={onCancel} label={`Executions of ${job.name}`} />;
}

/**
 * 'IoT Device Jobs' (docs/SCREENS.md 'IoT Devices'): the location's jobs in tabs Pending, Active and Finished, each with
 * its details and executions; a QUEUED execution, or a scheduled job, can be cancelled after a
 * confirmation. Read again every few seconds while open: the devices carry the jobs out.
 */
export function JobsDrawer({ groupId, opened, onClose }: { groupId: number | null; opened: boolean; onClose: () => void }) {
  const jobs = useJobs(groupId, opened);
  const online = useOnlineStatus();
  const [tab, setTab] = useState<string>('PENDING');
  const [confirmExecution, setConfirmExecution] = useState<JobExecution | null>(null);
  const [confirmJob, setConfirmJob] = useState<Job | null>(null);
  const cancelExecution = useCancelExecution();
  const cancelJob = useCancelJob();

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="xl" title="IoT Device Jobs" data-testid="jobs-drawer" closeButtonProps={{ 'aria-label': 'Close jobs', size: 44 }}>
      {groupId === null ? (
        <Text c="dimmed">Please select a location</Text>
      ) : jobs.isPending ? (
        <Loader aria-label="Loading jobs" />
      ) : jobs.isError && !jobs.data ? (
        <LoadError error={jobs.error} title="Failed to fetch jobs" unavailable="The jobs of this location have not been loaded on this device yet." />
      ) : (
        <Tabs value={tab} onChange={(value) => setTab(value ?? 'PENDING')}>
          <Tabs.List grow>
            {JOB_TABS.map((t) => (
              <Tabs.Tab key={t.list} value={t.list} mih={44}>
                {t.label} ({jobsOfList(jobs.data ?? [], t.list).length})
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {JOB_TABS.map((t) => {
            const list = jobsOfList(jobs.data ?? [], t.list);
            return (
              <Tabs.Panel key={t.list} value={t.list} pt="md">
                {list.length === 0 ? (
                  <Text c="dimmed">{t.empty}</Text>
                ) : (
                  <Accordion variant="separated" multiple aria-label={`${t.label} jobs`}>
                    {list.map((job) => (
                      <Accordion.Item key={job.id} value={String(job.id)} data-testid="job-item">
                        <Accordion.Control mih={44}>
                          <Group justify="space-between" wrap="nowrap" pr="sm">
                            <Stack gap={0}>
                              <Text fw={600}>{job.name}</Text>
                              <Text size="xs" c="dimmed">
                                {job.templateName} · {job.targetCount === 1 ? '1 device' : `${job.targetCount} devices`}
                              </Text>
                            </Stack>
                            <Badge color={STATUS_COLORS[job.status]} variant="light">
                              {STATUS_WORDS[job.status]}
                            </Badge>
                          </Group>
                        </Accordion.Control>
                        <Accordion.Panel>
                          <Stack gap="sm">
                            <Text size="sm" c={job.description ? undefined : 'dimmed'}>
                              {job.description || 'No description provided.'}
                            </Text>
                            <Text size="xs" c="dimmed">
                              Created {formatDateTime(job.createdAt)}
                              {job.startAt ? ` · start ${formatDateTime(job.startAt)}` : ''}
                              {job.completedAt ? ` · ended ${formatDateTime(job.completedAt)}` : ''}
                            </Text>
                            {canCancelJob(job) && job.status === 'SCHEDULED' && (
                              <Group>
                                <Button variant="light" color="red" mih={44} disabled={!online} onClick={() => setConfirmJob(job)}>
                                  Cancel job
                                </Button>
                              </Group>
                            )}
                            <JobExecutions job={job} onCancel={setConfirmExecution} />
                          </Stack>
                        </Accordion.Panel>
                      </Accordion.Item>
                    ))}
                  </Accordion>
                )}
              </Tabs.Panel>
            );
          })}
        </Tabs>
      )}
      <ConfirmDialog
        opened={confirmExecution !== null}
        title="Cancel job execution?"
        confirmLabel="Cancel execution"
        destructive
        busy={cancelExecution.isPending}
        onCancel={() => setConfirmExecution(null)}
        onConfirm={() => {
          if (confirmExecution) cancelExecution.mutate({ thingId: confirmExecution.thing.id, jobId: confirmExecution.jobId }, { onSettled: () => setConfirmExecution(null) });
        }}
      >
        {confirmExecution ? `The job '${confirmExecution.jobName}' will not run on ${confirmExecution.thing.name}.` : ''}
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirmJob !== null}
        title="Cancel job?"
        confirmLabel="Cancel job"
        destructive
        busy={cancelJob.isPending}
        onCancel={() => setConfirmJob(null)}
        onConfirm={() => {
          if (confirmJob) cancelJob.mutate(confirmJob.id, { onSettled: () => setConfirmJob(null) });
        }}
      >
        {confirmJob ? `The scheduled job '${confirmJob.name}' will not run.` : ''}
      </ConfirmDialog>
    </Drawer>
  );
}
