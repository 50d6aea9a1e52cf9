import { IOT_MESSAGES } from '@contracts/iot';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showError, showSuccess } from '@/components/toasts';
import { iotKeys } from './keys';
import { cancelExecution, cancelJob } from './send-iot-edits';

// Cancelling depends on the server's state (only a QUEUED execution, only a scheduled or active
// job): it is sent online only, never queued, and the server's refusal (409) is shown as it is.

export function useCancelExecution() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ thingId, jobId }: { thingId: number; jobId: number }) => cancelExecution(thingId, jobId),
    onSuccess: () => showSuccess(IOT_MESSAGES.executionCanceled),
    onError: (error) => showError(error.message, 'Failed to cancel job execution'),
    onSettled: () => client.invalidateQueries({ queryKey: iotKeys.all }),
  });
}

export function useCancelJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (jobId: number) => cancelJob(jobId),
    onSuccess: () => showSuccess(IOT_MESSAGES.jobCanceled),
    onError: (error) => showError(error.message, 'Failed to cancel'),
    onSettled: () => client.invalidateQueries({ queryKey: iotKeys.all }),
  });
}
