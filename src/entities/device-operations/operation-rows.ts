import { TX_POWER_SETTING } from '@contracts/device-settings';
import type { LastStatusValue, OperableDevice, OperationEventPayload, OperationType } from '@contracts/operations';
import { ALREADY_QUEUED_REASON, STATUS_VERBS } from '@contracts/operations';
import type { OutboxItem } from '@/offline/db';
import type { OperationEditPayload } from './outbox-handlers';

// The rows of the operations pages (beacons, dispensers, wristbands, badges): the server's devices
// with the edits still in this device's outbox and the live events applied; the status filter and
// search; the queue a selection makes.

/** The pages with operations and the device kind each operates. */
export type OperationsKind = 'BEACON' | 'DISPENSER' | 'WRISTBAND' | 'BADGE';

/** What a device needs to be operated: the fields every operations page's list carries. */
export type Operable = Pick<
  OperableDevice,
  'id' | 'mac' | 'name' | 'groupId' | 'modelId' | 'modelName' | 'firmware' | 'settingsSync' | 'lastStatus' | 'operations' | 'operationDisabled'
>;
export const STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** Beacons, dispensers a page. */
export const OPERATIONS_PAGE_SIZE = 15;

/** What this device's outbox still holds for a device. */
export interface OutboxState {
  /** 'queue': operations queued here, not sent yet; 'cancel': a cancel not sent yet. */
  outbox: 'queue' | 'cancel' | null;
  /** The outbox item's refusal, when the server refused it. */
  outboxError: string | null;
}

/** A row: the device, and what this device's outbox still holds for it. */
export type OperationRow<T extends Operable = OperableDevice> = T & OutboxState;

/** Each device's row without outbox edits, so an unchanged device keeps its row (and its memoized marks and cells). */
const plainRows = new WeakMap<Operable, OutboxState>();

/** The devices with the outbox's edits: a queued one shows as pending, a cancel as cancelling. */
export function rowsOf<T extends Operable>(devices: readonly T[], edits: readonly OutboxItem<OperationEditPayload>[]): OperationRow<T>[] {
  const byDevice = new Map<number, OutboxItem<OperationEditPayload>>();
  for (const edit of edits) byDevice.set(edit.payload.deviceId, edit);
  return devices.map((device) => {
    const edit = byDevice.get(device.id);
    if (!edit) {
      let row = plainRows.get(device) as OperationRow<T> | undefined;
      if (!row) plainRows.set(device, (row = { ...device, outbox: null, outboxError: null }));
      return row;
    }
    return {
      ...device,
      outbox: edit.payload.kind,
      outboxError: edit.status === 'failed' ? edit.lastError : null,
      operationDisabled: true,
    };
  });
}

/** Active: operations open or queued here, or a last status pending or working. */
export function isActive(row: OperationRow<Operable>): boolean {
  return row.outbox !== null || row.operations.length > 0 || row.lastStatus?.status === 'pending' || row.lastStatus?.status === 'working';
}

const nameAndMac = (row: Operable) => `${row.name} ${row.mac} ${row.mac.replace(/:/g, '')}`;

/**
 * The rows of a status whose text (name and MAC unless told) holds every word searched. The
 * devices in `kept` count as active whatever their state: those of the last queue stay in the
 * Active view once their operations finish, until the user lets them go.
 */
export function filterRows<R extends OperationRow<Operable>>(
  rows: readonly R[],
  status: StatusFilter,
  search: string,
  textOf: (row: R) => string = nameAndMac,
  kept?: ReadonlySet<number>,
): R[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (status === 'all' && words.length === 0) return rows as R[];
  return rows.filter((row) => {
    if (status === 'active' && !isActive(row) && !kept?.has(row.id)) return false;
    if (status === 'inactive' && isActive(row)) return false;
    if (words.length === 0) return true;
    const text = textOf(row).toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** Whether a row may be selected (not when operationDisabled). */
export const isSelectable = (row: OperationRow<Operable>) => !row.operationDisabled;

export const isUpToDate = (row: Pick<Operable, 'firmware'>) => row.firmware.latest === null || row.firmware.current?.id === row.firmware.latest.id;

/** The status a row shows, in the spec's verbs; queued here but not sent: 'Queued'. */
export function statusText(row: OperationRow<Operable>): string {
  if (row.outbox === 'queue') return row.outboxError ? 'Refused' : 'Queued';
  if (row.outbox === 'cancel') return 'Cancelling';
  if (!row.lastStatus) return 'None';
  const verb = STATUS_VERBS[row.lastStatus.status];
  return row.lastStatus.type === 'DFU' && row.lastStatus.status === 'working' ? `${verb} ${row.lastStatus.progress}%` : verb;
}

/** A status's colour on the map and in the table. */
export function statusColor(status: LastStatusValue | 'queued' | null): string {
  switch (status) {
    case 'done':
    case 'payload':
      return 'teal';
    case 'failed':
      return 'red';
    case 'working':
      return 'blue';
    case 'pending':
    case 'queued':
      return 'yellow';
    default:
      return 'gray';
  }
}

export const rowStatus = (row: OperationRow<Operable>): LastStatusValue | 'queued' | null => (row.outbox ? 'queued' : (row.lastStatus?.status ?? null));

// ---- The queue ------------------------------------------------------------------------------

export interface QueueEntry<R extends OperationRow<Operable> = OperationRow<Operable>> {
  row: R;
  types: OperationType[];
  /** Why nothing is queued for the device (docs/SCREENS.md 'Selecting and queuing'). */
  skipped: string | null;
}

/**
 * What queuing a selection does: settings (when changes were made for the device in the settings
 * editor) before firmware (when 'Update firmware' is on and the device is out of date). A device
 * already queued or in progress, or with nothing to change, is skipped with the reason.
 */
export function planQueue<R extends OperationRow<Operable>>(rows: readonly R[], options: { firmware: boolean; settings: ReadonlyMap<number, unknown> }): QueueEntry<R>[] {
  return rows.map((row) => {
    if (row.outbox !== null || row.operations.length > 0) return { row, types: [], skipped: ALREADY_QUEUED_REASON };
    if (row.firmware.current === null) return { row, types: [], skipped: 'No current firmware' };
    const types: OperationType[] = [];
    if (options.settings.has(row.id)) types.push('SETTING');
    if (options.firmware && !isUpToDate(row)) types.push('DFU');
    return { row, types, skipped: types.length ? null : options.firmware ? 'Nothing to change: firmware up to date' : 'Nothing to change' };
  });
}

// ---- Live events ----------------------------------------------------------------------------

const FINAL: readonly LastStatusValue[] = ['done', 'failed', 'canceled', 'payload'];

/** A device after an event of its location's channel (docs/OPERATIONS.md 'Live progress'). */
export function applyEvent<T extends Operable>(device: T, event: OperationEventPayload): T {
  if (device.id !== event.deviceId) return device;
  // An older event than what the row shows changes nothing.
  if (device.lastStatus && device.lastStatus.operationMetaDataId === event.operationMetaDataId && Date.parse(device.lastStatus.updatedAt) > Date.parse(event.updatedAt)) {
    return device;
  }
  const others = device.operations.filter((op) => op.id !== event.operationMetaDataId);
  const mine = device.operations.find((op) => op.id === event.operationMetaDataId);
  const operations = FINAL.includes(event.status)
    ? others
    : [...others, { id: event.operationMetaDataId, type: event.type, status: event.status, progress: event.progress, description: mine?.description ?? '', createdAt: mine?.createdAt ?? event.updatedAt }].sort((a, b) => a.id - b.id);
  const firmware = event.firmware !== undefined && event.status === 'done' ? { ...device.firmware, current: event.firmware } : device.firmware;
  const settingsSync = event.settings && event.status === 'done' ? 'ok' : device.settingsSync;
  // The TX power a completed setting applied is the device's now, as the server's list says.
  const applied = event.status === 'done' ? event.settings?.[TX_POWER_SETTING] : undefined;
  const txPower = applied !== undefined && 'txPower' in device ? { txPower: Math.round(applied) } : {};
  return {
    ...device,
    ...txPower,
    operations,
    firmware,
    settingsSync,
    lastStatus: {
      status: event.status === 'payload' ? 'done' : event.status,
      type: event.type,
      updatedAt: event.updatedAt,
      operationMetaDataId: event.operationMetaDataId,
      progress: event.progress,
      message: event.message,
    },
    operationDisabled: firmware.current === null || operations.length > 0,
  };
}
