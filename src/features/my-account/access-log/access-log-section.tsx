import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ACCESS_PURPOSE_LABELS, type AccessLogRow } from '@contracts/privacy';
import { DataTable, downloadCsv, exportFileName, toCsv, type DataColumn } from '@/components/data-table';
import { errorText, showError } from '@/components/toasts';
import { usePageTitle } from '@/lib/page-titles';
import { useViewerClock } from '@/lib/use-viewer-clock';
import { allAccessLogRows, useAccessLog } from './access-log-api';

/** The purpose of a read in words, with its note. */
const purposeWords = (row: AccessLogRow) => (row.purpose ? `${ACCESS_PURPOSE_LABELS[row.purpose]}${row.purposeNote ? `: ${row.purposeNote}` : ''}` : '—');

/**
 * Who viewed my data (docs/PRIVACY.md 'Who viewed my data'): every read of the signed-in person's
 * figures by someone else, newest first, with who, when (in the clock of their home location),
 * which page and why; paged as it is read, exported whole.
 */
export function AccessLogSection() {
  const clock = useViewerClock();
  const titleOf = usePageTitle();
  const log = useAccessLog();
  const [exporting, setExporting] = useState(false);
  const rows = useMemo(() => log.data?.pages.flatMap((p) => p.data) ?? [], [log.data]);
  const total = log.data?.pages[0]?.totalCount ?? 0;

  const columns = useMemo<DataColumn<AccessLogRow>[]>(
    () => [
      { key: 'at', header: 'When', value: (r) => clock.format(r.at), sortable: false },
      { key: 'viewer', header: 'Who', value: (r) => r.viewer.name, sortable: false },
      { key: 'role', header: 'Role', value: (r) => r.viewer.role || '—', sortable: false, fold: true },
      { key: 'page', header: 'Page', value: (r) => (r.page ? (titleOf(r.page) ?? r.page) : '—'), sortable: false },
      { key: 'purpose', header: 'Why', value: purposeWords, sortable: false },
    ],
    [clock, titleOf],
  );

  const exportAll = async () => {
    setExporting(true);
    try {
      downloadCsv(exportFileName('Who viewed my data'), toCsv(columns, await allAccessLogRows()));
    } catch (error) {
      showError(errorText(error), 'The access log could not be exported.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Paper withBorder p="md" mt="lg" maw={960} component="section" aria-labelledby="access-log-title" data-testid="access-log">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3" id="access-log-title">
            Who viewed my data
          </Title>
          <Text size="sm" c="dimmed">
            Everyone who opened your figures, when, on which page and why they said they did. Times are in {clock.zoneName}.
          </Text>
        </div>
        <DataTable
          label="Who viewed my data"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          pageSize={rows.length || 20}
          loading={log.isPending}
          error={log.error}
          emptyText="Nobody else has opened your figures."
          toolbar={
            <Button variant="default" mih={44} onClick={() => void exportAll()} loading={exporting} disabled={total === 0}>
              Export CSV
            </Button>
          }
        />
        {log.hasNextPage && (
          <Button variant="default" mih={44} onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
            Show more ({rows.length} of {total})
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
