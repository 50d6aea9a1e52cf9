import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useBlocker } from '@tanstack/react-router';
import { EXPORT_LEAVE_PROMPT } from '@contracts/user-exports';
import { exportFileName } from '@/components/data-table';
import { downloadFile } from '@/lib/download-file';
import type { UsersExportFilters } from './user-export-api';
import { useUsersExport } from './use-users-export';

/**
 * The CSV export of the Users and Access Management screens: Export CSV, a progress bar while the
 * job runs (leaving the page asks first), then Download CSV until the filters change.
 */
export function UsersExportButton({ filters, disabled }: { filters: UsersExportFilters; disabled?: boolean }) {
  const exp = useUsersExport(filters);
  const blocker = useBlocker({ shouldBlockFn: () => exp.running, enableBeforeUnload: () => exp.running, withResolver: true });

  const download = async (url: string) => {
    try {
      // Named as every export of the console is: 'Users_2026-12-03_08-05-09_Export.csv'.
      const name = exportFileName(filters.exportType === 'users' ? 'Users' : 'Access Management');
      await downloadFile(url, name, { name });
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <>
      {exp.running ? (
        <Stack gap={4} miw={180} justify="center">
          <Text size="sm">Exporting… {exp.progress}%</Text>
          <Progress value={exp.progress} aria-label="CSV export progress" animated />
        </Stack>
      ) : exp.downloadUrl ? (
        <Button mih={44} variant="light" onClick={() => void download(exp.downloadUrl!)}>
          Download CSV
        </Button>
      ) : (
        <Button mih={44} variant="default" disabled={disabled} onClick={exp.start}>
          Export CSV
        </Button>
      )}
      {exp.error && !exp.running && (
        <Text size="sm" c="red" role="alert">
          {exp.error}
        </Text>
      )}
      <Modal opened={blocker.status === 'blocked'} onClose={() => blocker.reset?.()} title="Leave this page?" centered>
        <Text mb="md">{EXPORT_LEAVE_PROMPT}</Text>
        <Group justify="flex-end">
          <Button mih={44} variant="default" onClick={() => blocker.reset?.()}>
            Stay
          </Button>
          <Button mih={44} color="red" onClick={() => blocker.proceed?.()}>
            Leave
          </Button>
        </Group>
      </Modal>
    </>
  );
}
