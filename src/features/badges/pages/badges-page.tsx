import { Button, Stack, Text } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { DataTable, type DataColumn } from '@/components/data-table';
import { OfflineStamp } from '@/components/offline-stamp';
import { PageHeader } from '@/components/page-header';
import { useScopeUsers } from '@/entities/users/api/get-users';
import { userLabel } from '@/entities/users/user-label';
import { useSession } from '@/lib/session-context';
import { useBadgeModels } from '../api/get-device-models';
import { batteryMvColor, formatHeartbeat } from '@/entities/devices/device-format';
import type { BadgeRow } from '../badge-rows';
import { AddBadgeDialog } from '../components/add-badge-dialog';
import { AssignDialog } from '../components/assign-dialog';
import { BadgeFilterBar } from '../components/badge-filter-bar';
import { BadgeRowMenu } from '../components/badge-row-menu';
import { HistoryDialog } from '@/entities/devices/device-history-dialog';
import { HolderCell } from '../components/holder-cell';
import { UnassignDialog } from '../components/unassign-dialog';
import type { BadgeUser } from '../outbox-handlers';
import { BADGES_PAGE_SIZE, isTopLevel, useBadgeList } from '../use-badge-list';
import { useBadgeFilters } from '../use-badge-filters';

type RowKey = string | number;
type Held = BadgeRow & { user: BadgeUser };

/** Badges (/app/maintenance/badges): the badges of a location, their holders, and assigning, adding and unassigning them. */
export default function BadgesPage({ entry }: { entry: { title: string } }) {
  const { bootstrap } = useSession();
  const { filters, update } = useBadgeFilters('/app/maintenance/badges');
  const list = useBadgeList(filters);
  // The assign and add dialogs pick from these: loaded with the page, so they are on the device before a ward without signal.
  useScopeUsers(filters.groupId);
  useBadgeModels();
  // A selection belongs to its location: choosing another one starts afresh.
  const [selection, setSelection] = useState<{ groupId: number | null; keys: Set<RowKey> }>({ groupId: null, keys: new Set() });
  const selected = selection.groupId === filters.groupId ? selection.keys : new Set<RowKey>();
  const [assigning, setAssigning] = useState<BadgeRow[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [history, setHistory] = useState<BadgeRow | null>(null);
  const [unassigning, setUnassigning] = useState<Held | null>(null);

  const byMac = useMemo(() => new Map(list.all.map((row) => [row.mac, row])), [list.all]);
  const selectedRows = [...selected].flatMap((mac) => byMac.get(String(mac)) ?? []);
  const topLevel = isTopLevel(filters.groupId, bootstrap.groups);
  const assignBlocker = topLevel ? 'Choose a location below the top level to assign badges.' : selectedRows.length === 0 ? 'Select the badges to assign.' : null;
  const knownMacs = useMemo(() => new Map(list.all.map((row) => [row.mac, row.groupName])), [list.all]);
  const now = Date.now();
  const hintId = useId();

  const columns: DataColumn<BadgeRow>[] = [
    { key: 'mac', header: 'MAC', value: (r) => r.mac, render: (r) => <Text ff="monospace" size="sm">{r.mac}</Text> },
    { key: 'code', header: 'Device Code', value: (r) => r.code, fold: true },
    { key: 'model', header: 'Model', value: (r) => r.modelName, fold: true },
    { key: 'location', header: 'Location', value: (r) => r.groupName, fold: true },
    { key: 'version', header: 'Version', value: (r) => r.firmwareVersion, fold: true },
    {
      key: 'battery',
      header: 'Battery (mV)',
      value: (r) => r.batteryMv,
      align: 'right',
      render: (r) => <Text size="sm" c={batteryMvColor(r.batteryMv)}>{r.batteryMv ?? '—'}</Text>,
    },
    { key: 'user', header: 'Assigned User', value: (r) => (r.user ? userLabel(r.user) : null), render: (r) => <HolderCell row={r} /> },
    { key: 'heartbeat', header: 'Last Heartbeat', value: (r) => r.lastHeartbeatAt, render: (r) => formatHeartbeat(r.lastHeartbeatAt, now) },
    {
      key: 'actions',
      header: 'Actions',
      value: () => null,
      sortable: false,
      exportable: false,
      pin: 'end',
      render: (r) => <BadgeRowMenu row={r} onHistory={setHistory} onUnassign={(row) => row.user && setUnassigning(row as Held)} />,
    },
  ];

  const toolbar = (
    <>
      <Text id={hintId} size="sm" c="dimmed" role="status">
        {assignBlocker ?? `${selectedRows.length} selected`}
      </Text>
      <Button onClick={() => setAssigning(selectedRows)} disabled={assignBlocker !== null} mih={44} aria-describedby={hintId}>
        Assign
      </Button>
      <Button variant="light" onClick={() => setAdding(true)} disabled={filters.groupId === null} mih={44}>
        Add badge
      </Button>
    </>
  );

  return (
    <Stack gap="md">
      <PageHeader title={entry.title} />
      <BadgeFilterBar filters={filters} update={update} />
      <OfflineStamp updatedAt={list.updatedAt} hasData={list.hasData} />
      <DataTable
        label="Badges"
        columns={columns}
        rows={list.rows}
        rowKey={(r) => r.mac}
        pageSize={BADGES_PAGE_SIZE}
        loading={list.loading}
        error={list.error}
        emptyText={list.emptyText}
        exportable
        selection={{ selected, onChange: (keys) => setSelection({ groupId: filters.groupId, keys }) }}
        toolbar={toolbar}
      />
      <AssignDialog
        opened={assigning !== null}
        devices={assigning ?? []}
        groupId={filters.groupId}
        onClose={() => setAssigning(null)}
        onSubmitted={() => setSelection({ groupId: filters.groupId, keys: new Set() })}
      />
      {filters.groupId !== null && (
        <AddBadgeDialog opened={adding} groupId={filters.groupId} knownMacs={knownMacs} onClose={() => setAdding(false)} />
      )}
      <HistoryDialog device={history} onClose={() => setHistory(null)} />
      <UnassignDialog device={unassigning} onClose={() => setUnassigning(null)} />
    </Stack>
  );
}
