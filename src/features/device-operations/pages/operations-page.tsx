import { Stack } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { memo, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { DataTable } from '@/components/data-table';
import { OfflineStamp } from '@/components/offline-stamp';
import { PageHeader } from '@/components/page-header';
import { OperationsToolbar, QueueDialog, SettingsDrawer } from '@/widgets/device-operations/operations-toolbar';
import { operationKeys } from '@/entities/device-operations/api/keys';
import { filterRows, OPERATIONS_PAGE_SIZE, type OperationRow, type StatusFilter } from '@/entities/device-operations/operation-rows';
import { useOperationsListState } from '@/entities/device-operations/list-state';
import { useOperationsLive } from '@/entities/device-operations/use-operations-live';
import { useOperationsQueue } from '@/widgets/device-operations/use-operations-queue';
import { QueuedNotice, useQueuedWatch } from '@/widgets/device-operations/queued-progress';
import { addressLocation } from '@/lib/address-location';
import { useSession } from '@/lib/session-context';
import { useOperableDevices } from '../api/get-operable-devices';
import { OperationsMap } from '../components/operations-map';
import { OperationsControls } from '../components/operations-controls';
import { HealthLine } from '@/widgets/device-operations/health-line';
import { operationColumns } from '../beacon-dispenser-columns';

/** The table, re-rendered only when its props change (the deferred rows, the selection). */
const RowsTable = memo(DataTable) as typeof DataTable;
const rowKeyOf = (row: OperationRow) => row.id;

type Kind = 'BEACON' | 'DISPENSER';
type PagePath = '/app/maintenance/beacon-operations' | '/app/maintenance/dispenser-operations';

const NOUNS: Record<Kind, { plural: string; path: PagePath; health: { one: string; many: string } }> = {
  BEACON: { plural: 'Beacons', path: '/app/maintenance/beacon-operations', health: { one: 'beacon', many: 'beacons' } },
  DISPENSER: { plural: 'Dispensers', path: '/app/maintenance/dispenser-operations', health: { one: 'dispenser', many: 'dispensers' } },
};

/**
 * Beacon Operations and Dispenser Operations (docs/OPERATIONS.md): a location's devices with their settings,
 * firmware and last operation, in a list or on the floor plan; devices selected, settings edited
 * and firmware updates chosen, queued with a description, followed live, cancelled while pending.
 * Every queue and cancel goes through the outbox (docs/OFFLINE.md 'Device operations').
 */
export function OperationsPage({ kind, title }: { kind: Kind; title: string }) {
  const { plural, path, health } = NOUNS[kind];
  const { bootstrap, user } = useSession();
  const search = useSearch({ from: path });
  const navigate = useNavigate();
  const accessible = useMemo(() => bootstrap.groups.filter((g) => g.accessible), [bootstrap.groups]);
  const groupId = addressLocation(search.groupId, accessible, user.managedGroupIds);
  const group = accessible.find((g) => g.id === groupId) ?? null;
  // The router's navigate may change from one render to the next; the controls get callbacks that do not.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const update = useCallback(
    (patch: { groupId?: number | null; search?: string; mapMode?: 'map' | undefined }) =>
      void navigateRef.current({ to: path, search: (current) => ({ ...current, ...patch }), replace: true }),
    [path],
  );
  const onView = useCallback((value: string) => update({ mapMode: value === 'map' ? 'map' : undefined }), [update]);
  const onGroup = useCallback((id: number | null) => update({ groupId: id }), [update]);
  const onSearch = useCallback((text: string) => update({ search: text }), [update]);

  const [status, setStatus] = useState<StatusFilter>('all');
  const list = useOperableDevices(kind, groupId);
  const received = useOperationsLive(groupId === null ? null : operationKeys.list(kind, groupId), list.data);
  // After a submit the Active ones show, those just queued kept among them once finished, with a notice.
  const showActive = useCallback(() => setStatus('active'), []);
  const queued = useQueuedWatch(showActive);
  const ops = useOperationsQueue({ devices: list.data, groupId, onQueued: queued.onQueued });
  const rows = useMemo(() => filterRows(ops.rows, status, search.search ?? '', undefined, queued.kept), [ops.rows, status, search.search, queued.kept]);
  // The same columns from one render to the next: a burst of live events re-renders only the rows.
  const columns = useMemo(() => operationColumns(kind, { onCancel: ops.cancel, onSettings: ops.editSettings }), [kind, ops.cancel, ops.editSettings]);
  const mapRows = useMemo(() => rows.filter((r) => r.groupId === groupId), [rows, groupId]);
  // The table and the map render the rows a step behind, in slices React can interrupt, so a burst
  // of live events never holds the page; the controls and dialogs are memoized and do not render with it.
  const shownRows = useDeferredValue(rows);
  const shownMapRows = useDeferredValue(mapRows);

  const listState = useOperationsListState({ list, groupId, plural, rowCount: rows.length, shownCount: shownRows.length });

  return (
    <Stack gap="md" data-testid="operations-page" data-events-received={received}>
      <PageHeader title={title} />
      <OperationsControls
        plural={plural}
        groupId={groupId}
        onGroup={onGroup}
        status={status}
        onStatus={setStatus}
        search={search.search ?? ''}
        onSearch={onSearch}
        view={search.mapMode === 'map' ? 'map' : 'list'}
        onView={onView}
      />
      <OfflineStamp updatedAt={list.dataUpdatedAt} hasData={list.data !== undefined} />
      {list.data !== undefined && <HealthLine rows={ops.rows} noun={health} />}
      <QueuedNotice rows={ops.rows} watch={queued.watch} noun={plural.toLowerCase()} onClose={queued.close} />
      <OperationsToolbar plural={plural} {...ops.toolbar} />
      {search.mapMode === 'map' && group ? (
        <OperationsMap plan={group.floorplanImage} locationName={group.name} rows={shownMapRows} selected={ops.selected} onToggle={ops.toggle} />
      ) : (
        <RowsTable
          label={plural}
          columns={columns}
          rows={shownRows}
          rowKey={rowKeyOf}
          pageSize={OPERATIONS_PAGE_SIZE}
          {...listState}
          exportable
          selection={ops.tableSelection}
        />
      )}
      <QueueDialog {...ops.queueDialog} />
      <SettingsDrawer {...ops.drawer} />
    </Stack>
  );
}
