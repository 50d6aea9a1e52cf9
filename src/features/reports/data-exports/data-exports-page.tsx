import type { PageEntry } from '../filters/filter-state';
import { Alert, Badge, Button, Code, Group, Loader, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import {
  DATA_EXPORTS_PAGE_SIZE,
  EXPORT_REQUESTS_PAGE_SIZE,
  type CreateDataExportBody,
  type DataExport,
  type ExportRequest,
} from '@contracts/reports/data-exports';
import { DataTable, type DataColumn } from '@/components/data-table';
import { OfflineStamp } from '@/components/offline-stamp';
import { PageHeader } from '@/components/page-header';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session-context';
import { useOnlineStatus } from '@/offline/connectivity';
import { showReportError } from '@/components/filters';
import { ReportCard } from '../shared/report-card';
import {
  createDataExport,
  dataExportKeys,
  dataExportsQueryOptions,
  exportRequestsQueryOptions,
  requestDataExport,
} from './data-exports-api';
import { ExportFormDialog } from './export-form';
import { RequestDialog } from './request-dialog';
import { useExportEvents } from './use-export-events';
import { downloadFile } from '@/lib/download-file';

type ExportsTab = 'exports' | 'requests';

/** While a request is queued or running, the list is asked again this often (in case the live connection is down). */
export const REQUESTS_POLL_MS = 5_000;

const pending = (r: ExportRequest) => r.status !== 'DONE' && r.status !== 'FAILED';

/** "2026-11-01 – 2026-11-07 · active: true" */
export function parametersText(parameters: Record<string, string>): string {
  const { startDate, endDate, ...rest } = parameters;
  const range = startDate && endDate ? `${startDate} – ${endDate}` : '';
  return [range, ...Object.entries(rest).map(([name, value]) => `${name}: ${value}`)].filter(Boolean).join(' · ');
}

/** Data Exports: the exports the user may run, their requests, and (employees) adding an export. */
export default function DataExportsPage({ entry }: { entry: PageEntry }) {
  const { user, bootstrap } = useSession();
  const online = useOnlineStatus();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<ExportsTab>('exports');
  const [requesting, setRequesting] = useState<DataExport | null>(null);
  const [adding, setAdding] = useState(false);
  const exports = useQuery(dataExportsQueryOptions());
  const requests = useQuery({
    ...exportRequestsQueryOptions(),
    refetchInterval: (query) => (query.state.data?.data.some(pending) ? REQUESTS_POLL_MS : false),
  });
  const refreshRequests = useCallback(() => void queryClient.invalidateQueries({ queryKey: dataExportKeys.requests }), [queryClient]);
  useExportEvents(user.id, refreshRequests);

  const request = useMutation({
    mutationFn: ({ id, query }: { id: number; query: Record<string, string> }) => requestDataExport(id, query),
    onSuccess: () => {
      setRequesting(null);
      setTab('requests');
      void queryClient.invalidateQueries({ queryKey: dataExportKeys.requests });
      void queryClient.invalidateQueries({ queryKey: dataExportKeys.exports });
    },
  });
  const create = useMutation({
    mutationFn: (body: CreateDataExportBody) => createDataExport(body),
    onSuccess: () => {
      setAdding(false);
      void queryClient.invalidateQueries({ queryKey: dataExportKeys.exports });
    },
  });

  const organizationName = useMemo(() => new Map(bootstrap.organizations.map((o) => [o.id, o.name])), [bootstrap.organizations]);
  const exportColumns: DataColumn<DataExport>[] = [
    { key: 'name', header: 'Name', value: (r) => r.name },
    {
      key: 'organizations',
      header: 'Organizations',
      value: (r) => (r.organizations.length ? r.organizations.map((o) => o.name) : r.organizationsIds.map((id) => organizationName.get(id) ?? `#${id}`)).join(', '),
      fold: true,
    },
    { key: 'last', header: 'Last Requested', value: (r) => r.lastRequestedAt, render: (r) => (r.lastRequestedAt ? formatDateTime(r.lastRequestedAt) : '—') },
    ...(user.isEmployee
      ? [
          {
            key: 'sql',
            header: 'SQL',
            value: (r: DataExport) => r.sqlQuery,
            render: (r: DataExport) => (
              <Code block style={{ maxWidth: 420, maxHeight: 120, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
                {r.sqlQuery}
              </Code>
            ),
            sortable: false,
            fold: true,
          } satisfies DataColumn<DataExport>,
        ]
      : []),
    {
      key: 'request',
      header: 'Request',
      value: () => null,
      sortable: false,
      exportable: false,
      pin: 'end',
      render: (r) => (
        <Button size="sm" mih={44} variant="light" onClick={() => setRequesting(r)} aria-label={`Request ${r.name}`}>
          Request
        </Button>
      ),
    },
  ];

  const requestRows = useMemo(() => [...(requests.data?.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id), [requests.data]);
  const requestColumns: DataColumn<ExportRequest>[] = [
    { key: 'name', header: 'Name', value: (r) => r.name },
    { key: 'parameters', header: 'Parameters', value: (r) => parametersText(r.executionParameters), sortable: false },
    { key: 'created', header: 'Created', value: (r) => r.createdAt, render: (r) => formatDateTime(r.createdAt), fold: true },
    {
      key: 'status',
      header: 'Status',
      value: (r) => r.status,
      render: (r) => <RequestStatus request={r} />,
      exportable: true,
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <PageHeader title={entry.title} />
        {user.isEmployee && (
          <Tooltip label="Adding an export needs the connection" disabled={online}>
            <Button size="md" onClick={() => setAdding(true)} disabled={!online}>
              Add
            </Button>
          </Tooltip>
        )}
      </Group>
      {!online && (
        <Alert color="gray" variant="light">
          Offline: the lists below are as last loaded. Requesting or adding an export needs the connection.
        </Alert>
      )}
      <Tabs value={tab} onChange={(next) => next && setTab(next as ExportsTab)} keepMounted={false}>
        <Tabs.List mb="md" aria-label="Data exports">
          <Tabs.Tab value="exports" mih={44}>
            Exports
          </Tabs.Tab>
          <Tabs.Tab value="requests" mih={44}>
            Requests
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="exports">
          <OfflineStamp updatedAt={exports.dataUpdatedAt} hasData={exports.data !== undefined} />
          <ReportCard title="Exports" loading={exports.isFetching && exports.data !== undefined} error={exports.data ? null : exports.error}>
            <DataTable
              label="Exports"
              columns={exportColumns}
              rows={exports.data?.data ?? []}
              rowKey={(r) => r.id}
              rowLabel={(r) => r.name}
              pageSize={DATA_EXPORTS_PAGE_SIZE}
              loading={exports.isPending}
              emptyText="No data exports for your organizations"
              exportable
            />
          </ReportCard>
        </Tabs.Panel>
        <Tabs.Panel value="requests">
          <OfflineStamp updatedAt={requests.dataUpdatedAt} hasData={requests.data !== undefined} />
          <ReportCard title="Requests" loading={requests.isFetching && requests.data !== undefined} error={requests.data ? null : requests.error}>
            <DataTable
              label="Requests"
              columns={requestColumns}
              rows={requestRows}
              rowKey={(r) => r.id}
              rowLabel={(r) => r.name}
              pageSize={EXPORT_REQUESTS_PAGE_SIZE}
              loading={requests.isPending}
              emptyText="You have not requested an export yet"
              exportable
            />
          </ReportCard>
        </Tabs.Panel>
      </Tabs>
      <RequestDialog
        dataExport={requesting}
        offline={!online}
        onClose={() => setRequesting(null)}
        onRequest={(query) => request.mutateAsync({ id: requesting!.id, query })}
      />
      <ExportFormDialog opened={adding} onClose={() => setAdding(false)} organizations={bootstrap.organizations} offline={!online} onSave={(body) => create.mutateAsync(body)} />
    </Stack>
  );
}

/** DONE: its completion time and Download; FAILED: its message; otherwise a spinner with the progress. */
function RequestStatus({ request }: { request: ExportRequest }) {
  const [busy, setBusy] = useState(false);
  if (request.status === 'DONE') {
    const link = request.s3DownloadLink;
    const download = async () => {
      if (!link) return;
      setBusy(true);
      try {
        await downloadFile(link, `${request.name}-${request.id}.csv`);
      } catch (error) {
        showReportError(error instanceof Error ? error.message : String(error), 'Could not download the export');
      } finally {
        setBusy(false);
      }
    };
    return (
      <Group gap="sm" wrap="nowrap">
        <Text size="sm">{request.completedAt ? formatDateTime(request.completedAt) : 'Done'}</Text>
        {request.truncated && (
          <Badge color="yellow" variant="light">
            truncated
          </Badge>
        )}
        <Button size="sm" mih={44} variant="light" onClick={() => void download()} loading={busy} disabled={!link} aria-label={`Download ${request.name}`}>
          Download
        </Button>
      </Group>
    );
  }
  if (request.status === 'FAILED') {
    return (
      <Text size="sm" c="red">
        Failed{request.error ? `: ${request.error}` : ''}
      </Text>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" role="status" aria-label={`${request.status === 'QUEUED' ? 'Queued' : 'Running'}, ${request.progress}%`}>
      <Loader size="sm" />
      <Text size="sm" c="dimmed">
        {request.status === 'QUEUED' ? 'Queued' : `${request.progress}%`}
      </Text>
    </Group>
  );
}
