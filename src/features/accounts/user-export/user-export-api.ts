import { queryOptions } from '@tanstack/react-query';
import { EXPORT_POLL_MS, userExportEndpoints, type ExportJob, type UserExportType } from '@contracts/user-exports';
import { mainApi } from '@/lib/api-client';

/** What a users export is of: the screen's filters. */
export interface UsersExportFilters {
  exportType: UserExportType;
  organizationIds: readonly number[];
  search: string;
}

/** POST /users/export, once: a retry with the same key gets the same job. */
export function startUsersExport(filters: UsersExportFilters, idempotencyKey: string): Promise<{ jobId: number }> {
  const search = filters.search.trim();
  return mainApi.call(userExportEndpoints.start, {
    query: { orgIds: [...filters.organizationIds], exportType: filters.exportType, ...(search ? { search } : {}) },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** A job has ended when it completed or failed. */
export const jobEnded = (job: ExportJob | undefined) => job?.state === 'completed' || job?.state === 'failed';

/** GET /exports/{jobId}, asked every 2 s (03 §9) until the job has ended. */
export const exportJobQueryOptions = (jobId: number) =>
  queryOptions({
    queryKey: ['users-export', jobId] as const,
    queryFn: ({ signal }) => mainApi.call(userExportEndpoints.status, { params: { jobId }, signal }),
    refetchInterval: (query) => (jobEnded(query.state.data) ? false : EXPORT_POLL_MS),
    staleTime: 0,
  });
