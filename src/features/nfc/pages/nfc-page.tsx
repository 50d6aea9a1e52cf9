import { ActionIcon, Badge, Button, Group, Menu, Stack } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataColumn } from '@/components/data-table';
import { SearchableSelect, SearchInput, TreeSelect } from '@/components/filters';
import { OfflineStamp } from '@/components/offline-stamp';
import { PageHeader } from '@/components/page-header';
import { useScopeUsers } from '@/entities/users/api/get-users';
import { useSession } from '@/lib/session-context';
import { usePendingEdits } from '@/offline/use-outbox';
import { useNfcTags } from '../api/get-nfc-tags';
import { AssignDialog } from '../components/assign-dialog';
import { HistoryDialog } from '../components/history-dialog';
import { ImportDialog } from '../components/import-dialog';
import { ScanDialog } from '../components/scan-dialog';
import { filterRows, homeOrganizationsOf, mergeQueued, type NfcRow } from '../nfc-rows';
import { NFC_ASSIGN, NFC_CREATE } from '../outbox-handlers';
import { NFC_ADDRESS_STATUSES, type NfcAddress } from '../nfc-search';
import { useNfcEdits } from '../use-nfc-edits';

/** Rows per page of the tag table. */
export const NFC_PAGE_SIZE = 15;
const route = getRouteApi('/app/accounts/nfc');
const QUEUED_TYPES = [NFC_CREATE, NFC_ASSIGN];
const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

function ChangeBadge({ change }: { change: NfcRow['change'] }) {
  if (!change) return null;
  return (
    <Badge color={change === 'failed' ? 'red' : 'yellow'} variant="light" ml="xs">
      {change === 'failed' ? 'Not accepted' : 'Pending'}
    </Badge>
  );
}

/** NFC Tag Assignment: the tags of a location, with import, scan, assign, unassign and history, all usable offline. */
export default function NfcPage({ entry }: { entry: { title: string } }) {
  const { bootstrap } = useSession();
  // The address, as the route's schema read it (nfc-search.ts); changes replace the history entry.
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const update = (patch: NfcAddress) => void navigate({ search: (current) => ({ ...current, ...patch }), replace: true });
  const groupId = search.groupId ?? null;
  const status = search.status ?? null;
  const text = search.search ?? '';
  const tags = useNfcTags(groupId);
  const users = useScopeUsers(null);
  const queued = usePendingEdits(QUEUED_TYPES);
  const edits = useNfcEdits();

  const allRows = useMemo(() => mergeQueued(tags.data ?? [], queued), [tags.data, queued]);
  const rows = useMemo(() => filterRows(allRows, status, text), [allRows, status, text]);
  const knownNfcIds = useMemo(() => new Set(allRows.map((r) => r.nfcId)), [allRows]);

  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  const [dialog, setDialog] = useState<'import' | 'scan' | 'assign' | null>(null);
  const [history, setHistory] = useState<NfcRow | null>(null);
  const [unassigning, setUnassigning] = useState<NfcRow | null>(null);
  const selectedRows = rows.filter((r) => selected.has(r.nfcId));
  const homeOrganizations = homeOrganizationsOf(selectedRows, bootstrap.groups, bootstrap.organizations);

  const columns: DataColumn<NfcRow>[] = [
    { key: 'nfcId', header: 'NFC ID', value: (r) => r.nfcId, render: (r) => <span style={{ fontFamily: 'monospace' }}>{r.nfcId}</span> },
    { key: 'location', header: 'Location', value: (r) => r.groupName },
    { key: 'shortId', header: 'NFC Short ID', value: (r) => r.nfcShortId || null, fold: true },
    {
      key: 'user',
      header: 'Assigned User',
      value: (r) => r.userName,
      render: (r) => (
        <>
          {r.userName ?? '—'}
          <ChangeBadge change={r.change} />
        </>
      ),
    },
    { key: 'status', header: 'Status', value: (r) => (r.active ? 'Active' : 'Inactive') },
    {
      key: 'actions',
      header: 'Actions',
      sortable: false,
      exportable: false,
      pin: 'end',
      value: () => null,
      render: (r) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" size={44} aria-label={`Actions for ${r.nfcId}`}>
              ⋮
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setHistory(r)}>History</Menu.Item>
            {r.userId !== null && <Menu.Item onClick={() => setUnassigning(r)}>Unassign</Menu.Item>}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  return (
    <Stack gap={0}>
      <PageHeader
        title={entry.title}
        actions={
          <Group gap="sm">
            <Button variant="default" mih={44} onClick={() => setDialog('import')}>
              Import
            </Button>
            <Button variant="default" mih={44} onClick={() => setDialog('scan')}>
              Scan
            </Button>
            <Button mih={44} disabled={selectedRows.length === 0} onClick={() => setDialog('assign')}>
              {selectedRows.length ? `Assign (${selectedRows.length})` : 'Assign'}
            </Button>
          </Group>
        }
      />
      <OfflineStamp updatedAt={tags.dataUpdatedAt} hasData={tags.data !== undefined} />
      <Group gap="sm" align="flex-end" wrap="wrap" mb="md" role="search" aria-label="NFC tag filters">
        <TreeSelect label="Location" nodes={bootstrap.groups} value={groupId} onChange={(next) => update({ groupId: next })} placeholder="All locations" />
        <SearchableSelect
          label="Status"
          data={STATUS_OPTIONS}
          value={status ?? 'all'}
          onChange={(value) => update({ status: NFC_ADDRESS_STATUSES.find((known) => known === value) })}
        />
        <SearchInput value={text} onChange={(next) => update({ search: next })} placeholder="NFC ID, location or user" />
      </Group>
      <DataTable
        label="NFC tags"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.nfcId}
        pageSize={NFC_PAGE_SIZE}
        loading={tags.isPending}
        error={tags.isError && !tags.data ? tags.error : null}
        unavailableText="The NFC tags of this location have not been loaded on this device yet; tags you scan or import are kept on this device."
        emptyText="No results"
        initialSort={{ key: 'nfcId', direction: 'asc' }}
        selection={{ selected, onChange: setSelected }}
        exportable
      />
      <ImportDialog opened={dialog === 'import'} onClose={() => setDialog(null)} users={users.data ?? []} onImport={edits.importTags} />
      <ScanDialog
        opened={dialog === 'scan'}
        onClose={() => setDialog(null)}
        defaultGroupId={groupId}
        knownNfcIds={knownNfcIds}
        onSubmit={edits.addScanned}
      />
      <AssignDialog
        opened={dialog === 'assign'}
        onClose={() => {
          setDialog(null);
          setSelected(new Set());
        }}
        tags={selectedRows}
        users={users.data ?? []}
        homeOrganizationIds={homeOrganizations}
        onAssign={edits.assign}
      />
      <HistoryDialog tag={history} onClose={() => setHistory(null)} />
      <ConfirmDialog
        opened={unassigning !== null}
        title="Unassign NFC tag"
        confirmLabel="Unassign"
        destructive
        onCancel={() => setUnassigning(null)}
        onConfirm={() => {
          const row = unassigning;
          setUnassigning(null);
          if (row) {
            void edits.assign([{ nfcId: row.nfcId, userId: null, expectedUserId: row.userId, userName: null, previousUserName: row.userName }]);
          }
        }}
      >
        {`Please confirm unassigning ${unassigning?.userName ?? ''}`}
      </ConfirmDialog>
    </Stack>
  );
}
