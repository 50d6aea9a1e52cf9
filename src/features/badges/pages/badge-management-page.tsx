import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DataTable, type DataColumn } from '@/components/data-table';
import { OfflineStamp } from '@/components/offline-stamp';
import { PageHeader } from '@/components/page-header';
import { useScopeUsers } from '@/entities/users/api/get-users';
import { userLabel } from '@/entities/users/user-label';
import type { BadgeRow } from '../badge-rows';
import { BadgeFilterBar } from '../components/badge-filter-bar';
import { BadgeRowMenu } from '../components/badge-row-menu';
import { AssignWearablesDialog } from '@/widgets/wearable-holders/assign-wearables-dialog';
import { HistoryDialog } from '@/widgets/wearable-holders/device-history-dialog';
import { HolderCell } from '../components/holder-cell';
import { UnassignDialog } from '../components/unassign-dialog';
import type { BadgeUser } from '../outbox-handlers';
import { BADGES_PAGE_SIZE, useBadgeList } from '../use-badge-list';
import { useBadgeFilters } from '../use-badge-filters';

type Held = BadgeRow & { user: BadgeUser };

/** SmartBadge Management (beta): who holds each badge, with History and Assign or Unassign per badge. */
export default function BadgeManagementPage({ entry }: { entry: { title: string } }) {
  const { filters, update } = useBadgeFilters('/app/accounts/badge-management');
  const list = useBadgeList(filters);
  // The assign dialog picks from these: loaded with the page, so they are on the device before a ward without signal.
  useScopeUsers(filters.groupId);
  const [assigning, setAssigning] = useState<BadgeRow | null>(null);
  const [history, setHistory] = useState<BadgeRow | null>(null);
  const [unassigning, setUnassigning] = useState<Held | null>(null);

  const columns: DataColumn<BadgeRow>[] = [
    {
      key: 'device',
      header: 'Device',
      value: (r) => r.name,
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{r.name}</Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {r.mac}
          </Text>
        </Stack>
      ),
    },
    { key: 'organization', header: 'Organization', value: (r) => r.organizationName || null },
    { key: 'user', header: 'Assigned User', value: (r) => (r.user ? userLabel(r.user) : null), render: (r) => <HolderCell row={r} /> },
    {
      key: 'actions',
      header: 'Actions',
      value: () => null,
      sortable: false,
      exportable: false,
      pin: 'end',
      render: (r) => (
        <BadgeRowMenu
          row={r}
          onHistory={setHistory}
          onAssign={setAssigning}
          onUnassign={(row) => row.user && setUnassigning(row as Held)}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader title={entry.title} />
      <BadgeFilterBar filters={filters} update={update} />
      <OfflineStamp updatedAt={list.updatedAt} hasData={list.hasData} />
      <DataTable
        label="SmartBadges"
        columns={columns}
        rows={list.rows}
        rowKey={(r) => r.mac}
        pageSize={BADGES_PAGE_SIZE}
        loading={list.loading}
        error={list.error}
        emptyText={list.emptyText}
      />
      <AssignWearablesDialog
        opened={assigning !== null}
        deviceType="BADGE"
        devices={assigning ? [assigning] : []}
        groupId={filters.groupId ?? assigning?.groupId ?? null}
        onClose={() => setAssigning(null)}
      />
      <HistoryDialog device={history} onClose={() => setHistory(null)} />
      <UnassignDialog device={unassigning} onClose={() => setUnassigning(null)} />
    </Stack>
  );
}
