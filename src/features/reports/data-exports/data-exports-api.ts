import { queryOptions } from '@tanstack/react-query';
import { dataExportEndpoints, type CreateDataExportBody } from '@contracts/reports/data-exports';
import { mainApi } from '@/lib/api-client';
import { REPORTS_KEY_ROOT } from '@/lib/query-client';

/** Cache keys under the reports root, so both lists are kept for reading offline like every report answer. */
export const dataExportKeys = {
  exports: [REPORTS_KEY_ROOT, 'data-exports'] as const,
  requests: [REPORTS_KEY_ROOT, 'data-exports/requests'] as const,
};

export const dataExportsQueryOptions = () =>
  queryOptions({ queryKey: dataExportKeys.exports, queryFn: ({ signal }) => mainApi.call(dataExportEndpoints.list, { signal }) });

export const exportRequestsQueryOptions = () =>
  queryOptions({ queryKey: dataExportKeys.requests, queryFn: ({ signal }) => mainApi.call(dataExportEndpoints.requests, { signal }) });

export const createDataExport = (body: CreateDataExportBody) => mainApi.call(dataExportEndpoints.create, { body });

/** Queues a run: the date range and each filled parameter go in the query. */
export const requestDataExport = (id: number, values: Record<string, string>) =>
  mainApi.call(dataExportEndpoints.request, { params: { id }, query: values as { startDate: string; endDate: string }, body: {} });
