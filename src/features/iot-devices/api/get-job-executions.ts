import { iotEndpoints, type JobExecution } from '@contracts/iot';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { JOBS_REFETCH_MS } from './get-jobs';
import { iotKeys } from './keys';

/** GET /iot/jobs/{id}/executions: one execution per device of the job. */
export async function getJobExecutions(jobId: number, signal?: AbortSignal): Promise<JobExecution[]> {
  return (await mainApi.call(iotEndpoints.jobExecutions, { params: { id: jobId }, signal })).data;
}

export const jobExecutionsQueryOptions = (jobId: number) =>
  queryOptions({ queryKey: iotKeys.jobExecutions(jobId), queryFn: ({ signal }) => getJobExecutions(jobId, signal), staleTime: 3_000, refetchInterval: JOBS_REFETCH_MS });

export function useJobExecutions(jobId: number | null) {
  return useQuery({ ...jobExecutionsQueryOptions(jobId ?? 0), enabled: jobId !== null });
}

/** GET /iot/jobs/{jobId}/executions/{thingId}: one execution with its output. */
export function getJobExecution(jobId: number, thingId: number, signal?: AbortSignal): Promise<JobExecution> {
  return mainApi.call(iotEndpoints.jobExecution, { params: { jobId, id: thingId }, signal });
}

export function useJobExecution(key: { jobId: number; thingId: number } | null) {
  return useQuery({
    queryKey: iotKeys.jobExecution(key?.jobId ?? 0, key?.thingId ?? 0),
    queryFn: ({ signal }) => getJobExecution(key!.jobId, key!.thingId, signal),
    enabled: key !== null,
    staleTime: 3_000,
  });
}
