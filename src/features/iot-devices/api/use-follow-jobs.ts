import type { Job } from '@contracts/iot';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { JOBS_REFETCH_MS, jobsQueryOptions } from './get-jobs';
import { iotKeys } from './keys';

/** Whether a location's jobs are worth reading again: one is still pending or running on its devices. */
export const jobsUnderWay = (jobs: readonly Job[] | undefined): boolean => (jobs ?? []).some((job) => job.list !== 'FINISHED');

/** The finished jobs, as one comparable text (a job that finishes changes it). */
export const finishedKey = (jobs: readonly Job[] | undefined): string =>
  (jobs ?? [])
    .filter((job) => job.list === 'FINISHED')
    .map((job) => job.id)
    .sort((a, b) => a - b)
    .join(',');

/**
 * Follows the location's jobs while one is under way (read every JOBS_REFETCH_MS, drawer open or
 * not), and reads the device lists again when one finishes: a succeeded job changed the software
 * versions the rows show (and whether they are outdated), without a reload.
 */
export function useFollowJobs(groupId: number | null): void {
  const client = useQueryClient();
  const jobs = useQuery({
    ...jobsQueryOptions(groupId ?? 0),
    enabled: groupId !== null,
    refetchInterval: (query) => (jobsUnderWay(query.state.data) ? JOBS_REFETCH_MS : false),
  });
  const finished = jobs.data === undefined ? null : finishedKey(jobs.data);
  // What was finished when last seen, per location (another location's jobs are a new start).
  const seen = useRef<{ groupId: number | null; finished: string } | null>(null);
  useEffect(() => {
    if (finished === null) return;
    const before = seen.current;
    if (before && before.groupId === groupId && before.finished !== finished) void client.invalidateQueries({ queryKey: iotKeys.thingLists() });
    seen.current = { groupId, finished };
  }, [finished, groupId, client]);
}
