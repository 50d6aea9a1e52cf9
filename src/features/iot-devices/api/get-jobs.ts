import { iotEndpoints, type Job } from '@contracts/iot';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { iotKeys } from './keys';

/** While the drawer is open its jobs are read again this often: the devices carry them out. */
export const JOBS_REFETCH_MS = 5_000;

/** GET /iot/jobs: the jobs of a location and its descendants, newest first. */
export async function getJobs(groupId: number, signal?: AbortSignal): Promise<Job[]> {
  return (await mainApi.call(iotEndpoints.jobs, { query: { groupIds: [groupId] }, signal })).data;
}

export const jobsQueryOptions = (groupId: number) =>
  queryOptions({ queryKey: iotKeys.jobs(groupId), queryFn: ({ signal }) => getJobs(groupId, signal), staleTime: 5_000, refetchInterval: JOBS_REFETCH_MS });

export function useJobs(groupId: number | null, enabled: boolean) {
  return useQuery({ ...jobsQueryOptions(groupId ?? 0), enabled: enabled && groupId !== null });
}
