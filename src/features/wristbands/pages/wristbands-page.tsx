import { Button, Group, Stack, Text } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { memo, useCallback, useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { DataTable } from '@/components/data-table';
import { OfflineStamp } from '@/components/offline-stamp';
import { PageHeader } from '@/components/page-header';
import { isTopLevel } from '@/entities/devices/assign-rules';
import { AssignWearablesDialog } from '@/widgets/wearable-holders/assign-wearables-dialog';
import { HistoryDialog, type HistoryDevice } from '@/widgets/wearable-holders/device-history-dialog';
import { HOLDER_EDIT_TYPES, type HolderEdit } from '@/entities/devices/holder-edits';
import { UnassignWearableDialog } from '@/widgets/wearable-holders/unassign-wearable-dialog';
import type { UnassignTarget } from '@/entities/devices/use-unassign-wearable';
import { operationKeys } from '@/entities/device-operations/api/keys';
import { OperationsToolbar, QueueDialog, SettingsDrawer } from '@/widgets/device-operations/operations-toolbar';
import { filterRows, OPERATIONS_PAGE_SIZE, type StatusFilter } from '@/entities/device-operations/operation-rows';
import { useOperationsListState } from '@/entities/device-operations/list-state';
import { useOperationsLive } from '@/entities/device-operations/use-operations-live';
import { useOperationsQueue } from '@/widgets/device-operations/use-operations-queue';
import { QueuedNotice, useQueuedWatch } from '@/widgets/device-operations/queued-progress';
import { addressLocation } from '@/lib/address-location';
import { useLocationSelection, useSelectedRows } from '@/lib/use-location-selection';
import { useScopeUsers } from '@/entities/users/api/get-users';
import { useSession } from '@/lib/session-context';
import { usePendingEdits } from '@/offline/use-outbox';
import { OperationsFilterBar } from '@/widgets/device-operations/operations-filter-bar';
import { HealthLine } from '@/widgets/device-operations/health-line';
import { useWristbands } from '../api/get-wristbands';
import { wristbandColumns } from '../wristband-columns';
import { withAssignmentEdits, wristbandText, type WristbandRow } from '../wristband-rows';

const PATH = '/app/maintenance/wristbands';
const RowsTable = memo(DataTable) as typeof DataTable;
const rowKeyOf = (row: { id: number }) => row.id;
const WRISTBANDS = { one: 'wristband', many: 'wristbands' };

/**
 * Wristbands (/app/maintenance/wristbands): a location's wristbands with their settings,
 * firmware, holder and last operation; settings and firmware updates queued in bulk like the other
 * operations pages, followed live and cancelled while pending; the selected wristbands assigned to
 * users (the shared Assign dialog), each wristband's assignment history, and a broken or lost one
 * taken back from its holder. Every queue, cancel, assignment and unassignment goes through the
 * outbox (docs/OFFLINE.md).
 */
export default function WristbandsPage({ entry }: { entry: { title: string } }) {
  const { bootstrap, user } = useSession();
  const search = useSearch({ from: PATH });
  const navigate = useNavigate();
  const accessible = useMemo(() => bootstrap.groups.filter((g) => g.accessible), [bootstrap.groups]);
  const groupId = addressLocation(search.groupId, accessible, user.managedGroupIds);
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const update = useCallback((patch: { groupId?: number | null; search?: string }) => void navigateRef.current({ to: PATH, search: (current) => ({ ...current, ...patch }), replace: true }), []);
  const onGroup = useCallback((id: number | null) => update({ groupId: id }), [update]);
  const onSearch = useCallback((text: string) => update({ search: text }), [update]);

  const [status, setStatus] = useState<StatusFilter>('all');
  const [history, setHistory] = useState<HistoryDevice | null>(null);
  const [unassigning, setUnassigning] = useState<UnassignTarget | null>(null);
  const [assigning, setAssigning] = useState<WristbandRow[] | null>(null);
  const list = useWristbands(groupId);
  // The Assign dialog picks from these: loaded with the page, so they are on the device before a ward without signal.
  useScopeUsers(groupId);
  const received = useOperationsLive(groupId === null ? null : operationKeys.list('WRISTBAND', groupId), list.data);
  // After a submit the Active ones show, those just queued kept among them once finished, with a notice.
  const showActive = useCallback(() => setStatus('active'), []);
  const queued = useQueuedWatch(showActive);
  // The page's selection serves Assign and the operations (like Badges): any wristband may be
  // chosen; the operations act on those that may be operated, and the Queue says why the others are skipped.
  const selection = useLocationSelection(groupId, rowKeyOf);
  const ops = useOperationsQueue({ devices: list.data, groupId, onQueued: queued.onQueued, selection });
  const holderEdits = usePendingEdits<HolderEdit['payload']>(HOLDER_EDIT_TYPES);
  const all = useMemo(() => withAssignmentEdits(ops.rows, holderEdits), [ops.rows, holderEdits]);
  const rows = useMemo(() => filterRows(all, status, search.search ?? '', wristbandText, queued.kept), [all, status, search.search, queued.kept]);
  const shownRows = useDeferredValue(rows);

  const onHistory = useCallback((row: WristbandRow) => setHistory({ id: row.id, mac: row.mac }), []);
  const onUnassign = useCallback(
    (row: WristbandRow) => row.user && setUnassigning({ mac: row.mac, wearableId: row.id, deviceType: 'WRISTBAND', code: row.code, user: row.user }),
    [],
  );
  const columns = useMemo(
    () => wristbandColumns({ onCancel: ops.cancel, onSettings: ops.editSettings, onHistory, onUnassign }),
    [ops.cancel, ops.editSettings, onHistory, onUnassign],
  );
  // Assign (the badges' dialog, for wristbands too): the selected wristbands, in the order chosen, below the top level.
  const selectedRows = useSelectedRows(selection, all);
  const assignBlocker = isTopLevel(groupId, bootstrap.groups)
    ? 'Choose a location below the top level to assign wristbands.'
    : selectedRows.length === 0
      ? 'Select the wristbands to assign.'
      : null;
  const hintId = useId();
  const listState = useOperationsListState({ list, groupId, plural: 'Wristbands', rowCount: rows.length, shownCount: shownRows.length });

  return (
    <Stack gap="md" data-testid="operations-page" data-events-received={received}>
      <PageHeader title={entry.title} />
      <OperationsFilterBar
        noun="Wristbands"
        groupId={groupId}
        onGroup={onGroup}
        status={status}
        onStatus={setStatus}
        search={search.search ?? ''}
        onSearch={onSearch}
        placeholder="MAC, code or holder"
      />
      <OfflineStamp updatedAt={list.dataUpdatedAt} hasData={list.data !== undefined} />
      {list.data !== undefined && <HealthLine rows={list.data} noun={WRISTBANDS} />}
      <Group gap="sm" wrap="wrap" align="center">
        <QueuedNotice rows={ops.rows} watch={queued.watch} noun="wristbands" onClose={queued.close} />
        <OperationsToolbar plural="Wristbands" {...ops.toolbar} />
        {assignBlocker && (
          <Text id={hintId} size="sm" c="dimmed" role="status">
            {assignBlocker}
          </Text>
        )}
        <Button onClick={() => setAssigning(selectedRows)} disabled={assignBlocker !== null} mih={44} aria-describedby={assignBlocker ? hintId : undefined}>
          Assign
        </Button>
      </Group>
      <RowsTable
        label="Wristbands"
        columns={columns}
        rows={shownRows}
        rowKey={rowKeyOf}
        pageSize={OPERATIONS_PAGE_SIZE}
        {...listState}
        exportable
        selection={selection.table}
      />
      <QueueDialog {...ops.queueDialog} />
      <SettingsDrawer {...ops.drawer} />
      <AssignWearablesDialog
        opened={assigning !== null}
        deviceType="WRISTBAND"
        devices={assigning ?? []}
        groupId={groupId}
        onClose={() => setAssigning(null)}
        onSubmitted={selection.clear}
      />
      <HistoryDialog device={history} onClose={() => setHistory(null)} />
      <UnassignWearableDialog target={unassigning} onClose={() => setUnassigning(null)} />
    </Stack>
  );
}
