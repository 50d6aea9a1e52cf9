import { queryOptions } from '@tanstack/react-query';
import { EXPORT_POLL_MS, USER_EXPORT_SORTS, userExportEndpoints, type ExportJob, type UserExportSort, type UserExportType } from '@contracts/user-exports';
import type { DataTableSort } from '@/components/data-table';
import { mainApi } from '@/lib/api-client';

/** What a users export is of: the screen's filters, and the table's order. */
export interface UsersExportFilters {
  exportType: UserExportType;
  organizationIds: readonly number[];
  search: string;
  sort?: DataTableSort | null;
}

/**
 * The table's order as the export knows it: Access Management's Status column is the site access;
 * a column the file does not hold (Last Login) leaves the file in name order.
 */
export function exportOrder(exportType: UserExportType, sort: DataTableSort | null | undefined): { sort?: UserExportSort; direction?: 'asc' | 'desc' } {
  if (!sort) return {};
  const key = exportType === 'access' ? ({ status: 'siteAccess', active: 'status' } as Record<string, string>)[sort.key] ?? sort.key : sort.key;
  return (USER_EXPORT_SORTS as readonly string[]).includes(key) ? { sort: key as UserExportSort, direction: sort.direction } : {};
}

/** POST /users/export, once: a retry with the same key gets the same job. */
export function startUsersExport(filters: UsersExportFilters, idempotencyKey: string): Promise<{ jobId: number }> {
  const search = filters.search.trim();
  return mainApi.call(userExportEndpoints.start, {
    query: { orgIds: [...filters.organizationIds], exportType: filters.exportType, ...(search ? { search } : {}), ...exportOrder(filters.exportType, filters.sort) },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** A job has ended when it completed or failed. */
export const jobEnded = (job: ExportJob | undefined) => job?.state === 'completed' || job?.state === 'failed';

/** GET /exports/{jobId}, asked every 2 s until the job has ended. */
export const exportJobQueryOptions = (jobId: number) =>
  queryOptions({
    queryKey: ['users-export', jobId] as const,
    queryFn: ({ signal }) => mainApi.call(userExportEndpoints.status, { params: { jobId }, signal }),
    refetchInterval: (query) => (jobEnded(query.state.data) ? false : EXPORT_POLL_MS),
    staleTime: 0,
  });
