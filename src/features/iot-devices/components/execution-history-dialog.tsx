import type { Thing } from '@contracts/iot';
import { Loader, Modal } from '@mantine/core';
import { LoadError } from '@/components/load-error';
import { useThingExecutions } from '../api/get-thing-executions';
import { ExecutionList } from './execution-list';

/** View History: the device's job executions, newest first, each with its output. */
export function ExecutionHistoryDialog({ thing, onClose }: { thing: Thing | null; onClose: () => void }) {
  const executions = useThingExecutions(thing?.id ?? null);
  return (
    <Modal opened={thing !== null} onClose={onClose} title={thing ? `History of ${thing.name}` : 'History'} size="xl" closeButtonProps={{ 'aria-label': 'Close history', size: 44 }}>
      {executions.isPending ? (
        <Loader aria-label="Loading history" />
      ) : executions.isError && !executions.data ? (
        <LoadError error={executions.error} title="The history could not be loaded" />
      ) : (
        <ExecutionList executions={executions.data ?? []} show="job" label={`Job executions of ${thing?.name ?? ''}`} />
      )}
    </Modal>
  );
}
