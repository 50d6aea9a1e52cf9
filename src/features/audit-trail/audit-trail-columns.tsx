import { Text } from '@mantine/core';
import { ACCESS_PURPOSE_LABELS, type AuditTrailRow } from '@contracts/privacy';
import type { DataColumn } from '@/components/data-table';
import type { ViewerClock } from '@/lib/use-viewer-clock';

/** A name as the trail shows it: a masked one ('User') with its id, as the filters list it. */
export const shownName = (user: { id: number; name: string }) => (user.name === 'User' ? `User ${user.id}` : user.name);

export const ACTION_WORDS = { read: 'Read', write: 'Write' } as const;

/** The route with the request's own path values in it: '/api/users/:id' with id 12 is '/api/users/12'. */
export function filledRoute(row: Pick<AuditTrailRow, 'route' | 'params'>): string {
  return row.route.replace(/:(\w+)/g, (part, name: string) => {
    const value = row.params[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : part;
  });
}

/** The purpose of a read in words, with its note; '—' when none was asked for. */
export const purposeWords = (row: Pick<AuditTrailRow, 'purpose' | 'purposeNote'>) =>
  row.purpose ? `${ACCESS_PURPOSE_LABELS[row.purpose]}${row.purposeNote ? `: ${row.purposeNote}` : ''}` : '—';

/**
 * The trail's columns (docs/SCREENS.md 'Audit Trail'): when, who, read or write and what stay on a
 * phone; whose data, the answer's status and the purpose fold into each row's details. The time
 * shows in the viewer's clock and is exported in UTC (ISO 8601).
 */
export function auditTrailColumns(clock: ViewerClock, titleOf: (path: string) => string | null): DataColumn<AuditTrailRow>[] {
  const request = (r: AuditTrailRow) => `${r.method} ${filledRoute(r)}`;
  const pageOf = (r: AuditTrailRow) => (r.page ? (titleOf(r.page) ?? r.page) : null);
  return [
    { key: 'at', header: 'When', value: (r) => r.at, render: (r) => clock.format(r.at), sortable: false },
    { key: 'actor', header: 'Actor', value: (r) => shownName(r.actor), sortable: false },
    { key: 'action', header: 'Action', value: (r) => ACTION_WORDS[r.action], sortable: false },
    {
      key: 'what',
      header: 'What',
      value: (r) => [request(r), pageOf(r)].filter(Boolean).join(' · '),
      render: (r) => (
        <>
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {request(r)}
          </Text>
          {r.page && (
            <Text size="xs" c="dimmed">
              {pageOf(r)}
            </Text>
          )}
        </>
      ),
      sortable: false,
    },
    { key: 'person', header: 'Person', value: (r) => (r.person ? shownName(r.person) : '—'), sortable: false, fold: true },
    {
      key: 'status',
      header: 'Status',
      value: (r) => r.status,
      render: (r) => (
        <Text span size="sm" c={r.status >= 400 ? 'red.8' : undefined}>
          {r.status}
        </Text>
      ),
      sortable: false,
      fold: true,
    },
    { key: 'purpose', header: 'Purpose', value: purposeWords, sortable: false, fold: true },
  ];
}
