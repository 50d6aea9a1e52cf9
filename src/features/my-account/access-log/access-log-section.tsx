import { Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { ACCESS_LOG_TAKE, ACCESS_PURPOSE_LABELS, type AccessLogRow } from '@contracts/privacy';
import { PagedDataTable, type DataColumn } from '@/components/data-table';
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
        <PagedDataTable
          label="Who viewed my data"
          columns={columns}
          query={log}
          take={ACCESS_LOG_TAKE}
          fetchAll={allAccessLogRows}
          exportFailed="The access log could not be exported."
          noun="rows"
          rowKey={(r) => r.id}
          emptyText="Nobody else has opened your figures."
        />
      </Stack>
    </Paper>
  );
}
