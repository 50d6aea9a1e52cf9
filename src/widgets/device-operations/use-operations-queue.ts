import { OPERATION_MESSAGES, settingChangesScheduled } from '@contracts/operations';
import { useCallback, useMemo, useRef, useState } from 'react';
import { showQueued } from '@/components/edit-toasts';
import { showError, showSuccess } from '@/components/toasts';
import { usePendingEdits } from '@/offline/use-outbox';
import { useSubmitEdits, type SubmittedEdits } from '@/offline/use-submit-edits';
import { isSelectable, planQueue, rowsOf, type Operable, type OperationRow, type QueueEntry } from '@/entities/device-operations/operation-rows';
import { useLocationSelection, useSelectedRows, type RowKey } from '@/lib/use-location-selection';
import {
  OPERATION_CANCEL,
  OPERATION_EDIT_TYPES,
  OPERATION_QUEUE,
  operationEntity,
  type OperationCancelPayload,
  type OperationEditPayload,
  type OperationQueuePayload,
} from '@/entities/device-operations/outbox-handlers';
import type { ScheduledSettings, SettingsDevice } from './settings-editor/settings-drawer';

type Settings = { label: string; desired: number }[];
const NO_DEVICES: SettingsDevice[] = [];
const idOf = (row: Operable) => row.id;

/** A selection a page keeps, by its own keys. */
export interface SharedSelection<T extends Operable> {
  keys: ReadonlySet<RowKey>;
  keyOf: (row: OperationRow<T>) => RowKey;
  set: (keys: Set<RowKey>) => void;
}

interface QueueOptions<T extends Operable> {
  devices: readonly T[] | undefined;
  /** The location the hook's own selection belongs to: choosing another one starts afresh. */
  groupId: number | null;
  /** After a queue is submitted, with its devices as they were (the page follows them to their end). */
  onQueued?: (rows: readonly Operable[]) => void;
}

/** What the hook adds when it keeps the selection itself: its keys, the table's selection prop and a toggle (the map's). */
export interface OwnSelection {
  selected: ReadonlySet<RowKey>;
  tableSelection: { selected: ReadonlySet<RowKey>; onChange: (keys: Set<RowKey>) => void; isSelectable: (row: OperationRow<Operable>) => boolean };
  toggle: (row: OperationRow<Operable>) => void;
}

/** Whether every edit went through, for the toast: refused ones show the server's reason, queued ones that they wait. */
function announce<P>({ outcome }: SubmittedEdits<P>, accepted: string, what: string): void {
  if (outcome.refused.length) showError(outcome.refused.map((item) => item.lastError).join('\n'), OPERATION_MESSAGES.failed);
  if (outcome.waiting.length) showQueued(what, outcome.offline);
  if (outcome.sent.length && !outcome.refused.length && !outcome.waiting.length) showSuccess(accepted);
}

/** What an operations page answers: the same with the page's selection or the hook's own. */
export type OperationsQueue<T extends Operable> = ReturnType<typeof useQueue<T>>;

/**
 * What an operations page does with its devices (docs/SCREENS.md 'Selecting and queuing'): the rows
 * with this device's outbox applied; a selection kept per location; the 'Update firmware' and
 * settings editor toggles; the Queue planned from the selection and sent through the outbox, one
 * item per device; a pending operation cancelled. The page lays out the toolbar, queue dialog and
 * settings drawer with the props this answers (each memoized, so a burst of live events re-renders
 * only the rows).
 *
 * Without `selection` the hook keeps its own, by device id, where a device whose operationDisabled
 * is set cannot be chosen, and answers it with the table's selection prop. With a selection the
 * page keeps for more than operations (Badges and Wristbands assign theirs too), any row may be
 * chosen: the settings editor opens for the chosen devices that may be operated, and the Queue
 * lists the others as skipped with the reason.
 */
export function useOperationsQueue<T extends Operable>(options: QueueOptions<T> & { selection: SharedSelection<T> }): OperationsQueue<T>;
export function useOperationsQueue<T extends Operable>(options: QueueOptions<T> & { selection?: undefined }): OperationsQueue<T> & OwnSelection;
export function useOperationsQueue<T extends Operable>({
  selection: shared,
  ...options
}: QueueOptions<T> & { selection?: SharedSelection<T> }): OperationsQueue<T> | (OperationsQueue<T> & OwnSelection) {
  const own = useLocationSelection(options.groupId, idOf);
  const queue = useQueue(options, shared ?? own);
  const tableSelection = useMemo(() => ({ ...own.table, isSelectable }), [own.table]);
  const { toggle: toggleKey } = own;
  const toggle = useCallback((row: OperationRow<Operable>) => toggleKey(row.id), [toggleKey]);
  return shared ? queue : { ...queue, selected: own.keys, tableSelection, toggle };
}

function useQueue<T extends Operable>({ devices, onQueued }: QueueOptions<T>, selection: SharedSelection<T>) {
  const { keys: selected, keyOf, set: select } = selection;
  const [firmware, setFirmware] = useState(false);
  const [staged, setStaged] = useState<Map<number, Settings>>(new Map());
  const [editing, setEditing] = useState(false);
  const [queue, setQueue] = useState<QueueEntry<OperationRow<T>>[] | null>(null);

  const edits = usePendingEdits<OperationEditPayload>(OPERATION_EDIT_TYPES);
  const rows = useMemo(() => rowsOf(devices ?? [], edits), [devices, edits]);
  // The chosen devices the list has, and those of them that may be operated.
  const chosen = useSelectedRows(selection, rows);
  const operable = useMemo(() => chosen.filter(isSelectable), [chosen]);
  const submitEdits = useSubmitEdits();

  const latest = useRef({ staged, selected, chosen, firmware, onQueued, select, keyOf });
  latest.current = { staged, selected, chosen, firmware, onQueued, select, keyOf };

  const stage = useCallback(async (changes: ScheduledSettings[]) => {
    setStaged((current) => {
      const next = new Map(current);
      for (const change of changes) for (const id of change.deviceIds) next.set(id, change.settings);
      return next;
    });
    setEditing(false);
  }, []);

  const reset = useCallback(() => {
    latest.current.select(new Set());
    setStaged(new Map());
    setFirmware(false);
    setQueue(null);
  }, []);

  const submitQueue = useCallback(
    async (description: string, entries: QueueEntry[]) => {
      const stagedNow = latest.current.staged;
      const payloads: OperationQueuePayload[] = entries.map(({ row, types }) => ({
        kind: 'queue',
        deviceId: row.id,
        groupId: row.groupId,
        mac: row.mac,
        name: row.name,
        description,
        settings: types.includes('SETTING') ? (stagedNow.get(row.id) ?? null) : null,
        firmware: types.includes('DFU'),
      }));
      const settingCount = payloads.filter((p) => p.settings?.length).length;
      const accepted = settingCount ? settingChangesScheduled(settingCount) : `Firmware update queued for ${payloads.length} device(s).`;
      reset();
      latest.current.onQueued?.(entries.map((entry) => entry.row));
      await submitEdits({ type: OPERATION_QUEUE, entity: (p: OperationQueuePayload) => operationEntity(p.deviceId) }, payloads, (submitted) =>
        announce(submitted, accepted, `Operations for ${payloads.length} device(s)`),
      );
    },
    [reset, submitEdits],
  );

  const cancel = useCallback(
    (row: OperationRow<Operable>, operationId: number) => {
      const op = row.operations.find((o) => o.id === operationId);
      const payload: OperationCancelPayload = { kind: 'cancel', deviceId: row.id, groupId: row.groupId, mac: row.mac, name: row.name, operationMetaDataId: operationId, type: op?.type ?? 'SETTING' };
      void submitEdits({ type: OPERATION_CANCEL, entity: (p: OperationCancelPayload) => operationEntity(p.deviceId) }, [payload], (submitted) =>
        announce(submitted, OPERATION_MESSAGES.canceled, `The cancel of ${row.name}'s operation`),
      );
    },
    [submitEdits],
  );
  const editSettings = useCallback((row: OperationRow<Operable>) => {
    latest.current.select(new Set([latest.current.keyOf(row as OperationRow<T>)]));
    setEditing(true);
  }, []);

  const stagedCount = operable.filter((r) => staged.has(r.id)).length;
  const onFirmware = useCallback((on: boolean) => setFirmware(on), []);
  const onEdit = useCallback((on: boolean) => (on ? setEditing(true) : setStaged(new Map())), []);
  const onQueue = useCallback(() => {
    const { chosen: rowsNow, firmware: firmwareNow, staged: stagedNow } = latest.current;
    setQueue(planQueue(rowsNow, { firmware: firmwareNow, settings: stagedNow }));
  }, []);
  const closeQueue = useCallback(() => setQueue(null), []);
  const closeDrawer = useCallback(() => setEditing(false), []);
  const removeFromQueue = useCallback((id: number) => {
    const { selected: keys, chosen: rowsNow, keyOf: key, select: set } = latest.current;
    const row = rowsNow.find((r) => r.id === id);
    const next = new Set(keys);
    if (row) next.delete(key(row));
    set(next);
    setQueue((q) => q?.filter((e) => e.row.id !== id) ?? null);
  }, []);
  const drawerDevices = useMemo(
    () => (editing ? operable.map((r) => ({ id: r.id, modelId: r.modelId, modelName: r.modelName, version: r.firmware.current?.version ?? null })) : NO_DEVICES),
    // The selection's devices when the drawer opens (or the selection changes while it is open).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [editing, operable.map((r) => r.id).join(',')],
  );

  return {
    /** Every device with this device's outbox applied. */
    rows,
    cancel,
    editSettings,
    toolbar: {
      selectedCount: chosen.length,
      operableCount: operable.length,
      stagedCount,
      firmware,
      onFirmware,
      editing,
      onEdit,
      canQueue: chosen.length > 0 && (firmware || stagedCount > 0),
      onQueue,
    },
    queueDialog: { entries: queue as QueueEntry[] | null, onClose: closeQueue, onClear: reset, onRemove: removeFromQueue, onSubmit: submitQueue },
    drawer: { opened: editing, onClose: closeDrawer, devices: drawerDevices, onSchedule: stage },
  };
}

