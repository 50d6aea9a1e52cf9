import { queryOptions } from '@tanstack/react-query';
import { dataExportEndpoints, type CreateDataExportBody } from '@contracts/reports/data-exports';
import { getIdToken } from '@/lib/auth';
import { getConfig } from '@/lib/config';
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

/** The file's name from a Content-Disposition header, else a fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = disposition?.match(/filename="?([^";]+)"?/i);
  return plain?.[1] ?? fallback;
}

/**
 * Downloads a finished request's CSV. This API's own link (starting with /api/) needs the sign-in,
 * so it is fetched with the id token and saved from a blob; any other link (a presigned bucket
 * link) is opened directly.
 */
export async function downloadExport(link: string, fallbackName: string): Promise<void> {
  if (!link.startsWith('/api/')) {
    window.open(link, '_blank', 'noopener');
    return;
  }
  const token = await getIdToken();
  if (!token) throw new Error('You are signed out.');
  const base = getConfig().apiBaseUrl.replace(/\/$/, '');
  const url = /^https?:\/\//.test(base) ? `${base}${link.replace(/^\/api/, '')}` : link;
  const response = await fetch(url, { headers: { Authorization: token } });
  if (!response.ok) throw new Error(`The file could not be downloaded (HTTP ${response.status}).`);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}
