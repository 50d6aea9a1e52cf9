import { Button, Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { settingChangesScheduled, OPERATION_MESSAGES } from '@contracts/operations';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table';
import { OfflineStamp } from '@/components/offline-stamp';
import { PageHeader } from '@/components/page-header';
import { showError, showQueued, showSuccess } from '@/components/edit-toasts';
import { useSession } from '@/lib/session-context';
import { useOnlineStatus } from '@/offline/connectivity';
import { usePendingEdits } from '@/offline/use-outbox';
import { useSubmitEdits, type SubmittedEdits } from '@/offline/use-submit-edits';
import { useOperableDevices } from '../api/get-operable-devices';
import { OperationsFilterBar } from '../components/operations-filter-bar';
import { OperationsMap } from '../components/operations-map';
import { QueueDialog } from '../components/queue-dialog';
import { filterRows, isSelectable, OPERATIONS_PAGE_SIZE, planQueue, rowsOf, type OperationRow, type OperationsKind, type QueueEntry, type StatusFilter } from '../operation-rows';
import { operationColumns } from '../operation-columns';
import {
  OPERATION_CANCEL,
  OPERATION_EDIT_TYPES,
  OPERATION_QUEUE,
  operationEntity,
  type OperationCancelPayload,
  type OperationEditPayload,
  type OperationQueuePayload,
} from '../outbox-handlers';
import { SettingsDrawer, type ScheduledSettings } from '../settings-editor/settings-drawer';
import { useOperationsLive } from '../use-operations-live';

/** The table, re-rendered only when its props change (the deferred rows, the selection). */
const RowsTable = memo(DataTable) as typeof DataTable;
const rowKeyOf = (row: OperationRow) => row.id;
const NO_SELECTION: ReadonlySet<string | number> = new Set();

type PagePath = '/app/maintenance/beacon-operations' | '/app/maintenance/dispenser-operations';
type Settings = { label: string; desired: number }[];

const NOUNS: Record<OperationsKind, { plural: string; path: PagePath }> = {
  BEACON: { plural: 'Beacons', path: '/app/maintenance/beacon-operations' },
  DISPENSER: { plural: 'Dispensers', path: '/app/maintenance/dispenser-operations' },
};

/** Whether every edit went through, for the toast: refused ones show the server's reason, queued ones that they wait. */
function announce<P>({ outcome }: SubmittedEdits<P>, accepted: string, what: string): void {
  if (outcome.refused.length) showError(outcome.refused.map((item) => item.lastError).join('\n'), OPERATION_MESSAGES.failed);
  if (outcome.waiting.length) showQueued(what, outcome.offline);
  if (outcome.sent.length && !outcome.refused.length && !outcome.waiting.length) showSuccess(accepted);
}

/**
 * Beacon Operations and Dispenser Operations (03 §2): a location's devices with their settings,
 * firmware and last operation, in a list or on the floor plan; devices selected, settings edited
 * and firmware updates chosen, queued with a description, followed live, cancelled while pending.
 * Every queue and cancel goes through the outbox (docs/OFFLINE.md 'Device operations').
 */
export function OperationsPage({ kind, title }: { kind: OperationsKind; title: string }) {
  const { plural, path } = NOUNS[kind];
  const { bootstrap, user } = useSession();
  const search = useSearch({ from: path });
  const navigate = useNavigate();
  const online = useOnlineStatus();
  const accessible = useMemo(() => bootstrap.groups.filter((g) => g.accessible), [bootstrap.groups]);
  const groupId = search.groupId !== undefined && accessible.some((g) => g.id === search.groupId) ? search.groupId : (user.managedGroupIds.find((id) => accessible.some((g) => g.id === id)) ?? null);
  const group = accessible.find((g) => g.id === groupId) ?? null;
  const update = useCallback(
    (patch: { groupId?: number | null; search?: string; mapMode?: 'map' | undefined }) => void navigate({ to: path, search: (current) => ({ ...current, ...patch }), replace: true }),
    [navigate, path],
  );
  const onGroup = useCallback((id: number | null) => update({ groupId: id }), [update]);
  const onSearch = useCallback((text: string) => update({ search: text }), [update]);

  const [status, setStatus] = useState<StatusFilter>('all');
  const [selection, setSelection] = useState<{ groupId: number | null; keys: Set<string | number> }>({ groupId: null, keys: new Set() });
  const selected = selection.groupId === groupId ? selection.keys : NO_SELECTION;
  const select = useCallback((keys: Set<string | number>) => setSelection({ groupId, keys }), [groupId]);
  const tableSelection = useMemo(() => ({ selected, onChange: select, isSelectable }), [selected, select]);
  const [firmware, setFirmware] = useState(false);
  const [staged, setStaged] = useState<Map<number, Settings>>(new Map());
  const [editing, setEditing] = useState(false);
  const [queue, setQueue] = useState<QueueEntry[] | null>(null);

  const list = useOperableDevices(kind, groupId);
  const received = useOperationsLive(kind, groupId, list.data);
  const edits = usePendingEdits<OperationEditPayload>(OPERATION_EDIT_TYPES);
  const all = useMemo(() => rowsOf(list.data ?? [], edits), [list.data, edits]);
  const rows = useMemo(() => filterRows(all, status, search.search ?? ''), [all, status, search.search]);
  const byId = useMemo(() => new Map(all.map((r) => [r.id, r])), [all]);
  const selectedRows = [...selected].flatMap((id) => {
    const row = byId.get(Number(id));
    return row && isSelectable(row) ? [row] : [];
  });
  const submitEdits = useSubmitEdits();

  const toggle = useCallback(
    (row: OperationRow) =>
      setSelection((current) => {
        const next = new Set(current.groupId === groupId ? current.keys : []);
        if (next.has(row.id)) next.delete(row.id);
        else next.add(row.id);
        return { groupId, keys: next };
      }),
    [groupId],
  );

  const stage = async (changes: ScheduledSettings[]) => {
    const next = new Map(staged);
    for (const change of changes) for (const id of change.deviceIds) next.set(id, change.settings);
    setStaged(next);
    setEditing(false);
  };

  const reset = () => {
    select(new Set());
    setStaged(new Map());
    setFirmware(false);
    setQueue(null);
  };

  const submitQueue = async (description: string, entries: QueueEntry[]) => {
    const payloads: OperationQueuePayload[] = entries.map(({ row, types }) => ({
      kind: 'queue',
      deviceId: row.id,
      groupId: row.groupId,
      mac: row.mac,
      name: row.name,
      description,
      settings: types.includes('SETTING') ? (staged.get(row.id) ?? null) : null,
      firmware: types.includes('DFU'),
    }));
    const settingCount = payloads.filter((p) => p.settings?.length).length;
    const accepted = settingCount ? settingChangesScheduled(settingCount) : `Firmware update queued for ${payloads.length} device(s).`;
    reset();
    setStatus('active');
    await submitEdits({ type: OPERATION_QUEUE, entity: (p: OperationQueuePayload) => operationEntity(p.deviceId) }, payloads, (submitted) =>
      announce(submitted, accepted, `Operations for ${payloads.length} device(s)`),
    );
  };

  const cancel = useCallback((row: OperationRow, operationId: number) => {
    const op = row.operations.find((o) => o.id === operationId);
    const payload: OperationCancelPayload = { kind: 'cancel', deviceId: row.id, groupId: row.groupId, mac: row.mac, name: row.name, operationMetaDataId: operationId, type: op?.type ?? 'SETTING' };
    void submitEdits({ type: OPERATION_CANCEL, entity: (p: OperationCancelPayload) => operationEntity(p.deviceId) }, [payload], (submitted) =>
      announce(submitted, OPERATION_MESSAGES.canceled, `The cancel of ${row.name}'s operation`),
    );
  }, [submitEdits]);
  const editSettings = useCallback(
    (row: OperationRow) => {
      setSelection({ groupId, keys: new Set([row.id]) });
      setEditing(true);
    },
    [groupId],
  );
  // The same columns from one render to the next: a burst of live events re-renders only the rows.
  const columns = useMemo(() => operationColumns(kind, { onCancel: cancel, onSettings: editSettings }), [kind, cancel, editSettings]);
  const mapRows = useMemo(() => rows.filter((r) => r.groupId === groupId), [rows, groupId]);
  // The table and the map render the rows a step behind, in slices React can interrupt, so a burst
  // of live events never holds the page; everything else renders at once.
  const shownRows = useDeferredValue(rows);
  const shownMapRows = useDeferredValue(mapRows);

  const notLoadedOffline = !online && list.data === undefined;
  const stagedCount = selectedRows.filter((r) => staged.has(r.id)).length;
  const canQueue = selectedRows.length > 0 && (firmware || stagedCount > 0);

  const toolbar = (
    <Group gap="sm" wrap="wrap" align="center">
      <Text size="sm" role="status" data-testid="selected-count">
        {selectedRows.length} selected
      </Text>
      <Switch label="Update firmware" checked={firmware} onChange={(e) => setFirmware(e.currentTarget.checked)} styles={{ body: { minHeight: 44, alignItems: 'center' } }} />
      <Switch
        label={stagedCount ? `Edit settings (${stagedCount} changed)` : `Edit ${plural.toLowerCase()}`}
        checked={editing || stagedCount > 0}
        disabled={selectedRows.length === 0}
        onChange={(e) => (e.currentTarget.checked ? setEditing(true) : setStaged(new Map()))}
        styles={{ body: { minHeight: 44, alignItems: 'center' } }}
      />
      <Button mih={44} disabled={!canQueue} onClick={() => setQueue(planQueue(selectedRows, { firmware, settings: staged }))}>
        Queue
      </Button>
    </Group>
  );

  return (
    <Stack gap="md" data-testid="operations-page" data-events-received={received}>
      <PageHeader title={title} />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <OperationsFilterBar
          noun={plural}
          groupId={groupId}
          onGroup={onGroup}
          status={status}
          onStatus={setStatus}
          search={search.search ?? ''}
          onSearch={onSearch}
        />
        <SegmentedControl
          aria-label="View"
          value={search.mapMode === 'map' ? 'map' : 'list'}
          onChange={(value) => update({ mapMode: value === 'map' ? 'map' : undefined })}
          data={[
            { value: 'list', label: 'List' },
            { value: 'map', label: 'Map' },
          ]}
          styles={{ label: { minHeight: 44, display: 'flex', alignItems: 'center' } }}
        />
      </Group>
      <OfflineStamp updatedAt={list.dataUpdatedAt} hasData={list.data !== undefined} />
      {toolbar}
      {search.mapMode === 'map' && group ? (
        <OperationsMap plan={group.floorplanImage} locationName={group.name} rows={shownMapRows} selected={selected} onToggle={toggle} />
      ) : (
        <RowsTable
          label={plural}
          columns={columns}
          rows={shownRows}
          rowKey={rowKeyOf}
          pageSize={OPERATIONS_PAGE_SIZE}
          loading={list.isPending && groupId !== null && !notLoadedOffline}
          error={list.data === undefined && list.error ? list.error : null}
          emptyText={
            groupId === null
              ? 'Choose a location.'
              : notLoadedOffline
                ? `The ${plural.toLowerCase()} of this location are not on this device yet. They load when the connection is back.`
                : 'No results'
          }
          exportable
          selection={tableSelection}
        />
      )}
      <QueueDialog
        entries={queue}
        onClose={() => setQueue(null)}
        onClear={reset}
        onRemove={(id) => {
          const next = new Set(selected);
          next.delete(id);
          select(next);
          setQueue((q) => q?.filter((e) => e.row.id !== id) ?? null);
        }}
        onSubmit={submitQueue}
      />
      <SettingsDrawer
        opened={editing}
        onClose={() => setEditing(false)}
        devices={selectedRows.map((r) => ({ id: r.id, modelId: r.modelId, modelName: r.modelName, version: r.firmware.current?.version ?? null }))}
        onSchedule={stage}
      />
    </Stack>
  );
}
