import {
  EDITOR_MESSAGES,
  modelTypeMessage,
  REPLACED_DEVICES_GROUP_ID,
  replacementTypeMessage,
  type EditorDeviceItem,
  type EditorItemResult,
} from '../../contracts/editor';
import type { Database } from '../../db/client';
import type { DeviceRow, NewDeviceRow } from '../../db/schema';
import { findFirmwareVersion, findModel } from '../devices';
import { LOCATION_NOT_FOUND } from '../locations';
import { EditorItemRefusal } from './editor-errors';
import {
  deleteDevice,
  findDeviceRow,
  findZoneRow,
  groupExists,
  insertDevice,
  isEditorDevice,
  lockDeviceByMac,
  toEditorDevice,
  updateDevice,
} from './editor.repo';
import { actionOf, resultOf, stagedOf, unchanged, writeFailure, type SaveContext } from './save-context';

// One device of a save. A MAC names one physical
// device and stays with its record: when an item's MAC belongs to another device, that device is
// the one kept and moved into the item's place, and the device it replaces moves to the
// 'Replaced Devices' group with its own MAC. No MAC is ever written to two rows, or changed to
// make room, so the unique MAC and its format hold at every step.

type DeviceValues = Omit<NewDeviceRow, 'id' | 'createdAt' | 'version'>;

const refuse = (index: number, item: EditorDeviceItem, status: number, message: string, reason?: string) =>
  new EditorItemRefusal(status, message, index, item, reason);

/** The item's settings at `groupId`; a field left out keeps `base`'s value where it still fits. */
export function settingsOf(item: EditorDeviceItem, base: DeviceRow | null, groupId: number, staged: boolean): DeviceValues {
  const kept = <K extends keyof DeviceRow>(key: K, fits = true) => (base && fits ? base[key] : null);
  return {
    mac: item.mac,
    name: item.name,
    type: item.type,
    groupId,
    modelId: item.modelId,
    firmwareVersionId: item.firmwareVersionId !== undefined ? item.firmwareVersionId : kept('firmwareVersionId', base?.modelId === item.modelId),
    role: item.role !== undefined ? item.role : kept('role'),
    physicalRole: item.physicalRole !== undefined ? item.physicalRole : kept('physicalRole'),
    zoneId: item.zoneId !== undefined ? item.zoneId : kept('zoneId', base?.groupId === groupId),
    x: item.x !== undefined ? item.x : kept('x'),
    y: item.y !== undefined ? item.y : kept('y'),
    active: item.active,
    staged,
    publish: !staged,
  };
}

/** What is wrong with the model, firmware version and zone a device would have; null when nothing. */
async function referenceProblem(db: Database, values: Pick<DeviceValues, 'groupId' | 'zoneId'> & Partial<Pick<DeviceValues, 'type' | 'modelId' | 'firmwareVersionId'>>) {
  if (values.modelId !== undefined) {
    const model = await findModel(db, values.modelId);
    if (!model) return EDITOR_MESSAGES.modelNotFound;
    if (model.deviceType !== values.type) return modelTypeMessage(values.type ?? '');
    if (values.firmwareVersionId) {
      const version = await findFirmwareVersion(db, values.firmwareVersionId);
      if (!version || version.modelId !== model.id) return EDITOR_MESSAGES.versionNotOfModel;
    }
  }
  if (values.zoneId) {
    const zone = await findZoneRow(db, values.zoneId);
    if (!zone || zone.groupId !== values.groupId) return EDITOR_MESSAGES.zoneNotInLocation;
  }
  return null;
}

/** Whether a stored device already is what the item asks for (applying it would change nothing). */
export const deviceMatches = (item: EditorDeviceItem, row: DeviceRow) =>
  !item.remove && row.mac === item.mac && unchanged(row, settingsOf(item, row, item.groupId, stagedOf(item, row)));

/** Applies one device item: add, edit, stage, publish, remove or replace. */
export async function applyDevice(ctx: SaveContext, index: number, item: EditorDeviceItem): Promise<EditorItemResult> {
  const stored = item.id ? await findDeviceRow(ctx.db, item.id) : null;
  if (item.id && (!stored || stored.groupId !== ctx.groupId || !isEditorDevice(stored))) throw refuse(index, item, 404, EDITOR_MESSAGES.deviceNotFound);
  if (stored && item.remove) {
    await deleteDevice(ctx.db, stored.id);
    return resultOf(index, item, 'REMOVED', null);
  }
  if (!ctx.scope.groupIds.has(item.groupId)) throw refuse(index, item, 404, LOCATION_NOT_FOUND);
  if (stored && !stored.staged && stored.type !== item.type) throw refuse(index, item, 400, EDITOR_MESSAGES.typeLocked);
  const staged = stagedOf(item, stored);
  const owner = await lockDeviceByMac(ctx.db, item.mac);
  if (owner && owner.id !== stored?.id) return replace(ctx, index, item, stored, owner, staged);

  const values = settingsOf(item, stored, item.groupId, staged);
  const problem = await referenceProblem(ctx.db, values);
  if (problem) throw refuse(index, item, 400, problem);
  if (stored && unchanged(stored, values)) return resultOf(index, item, 'UNCHANGED', toEditorDevice(stored));
  const action = actionOf(item, stored, staged);
  try {
    const row = stored ? await updateDevice(ctx.db, stored.id, values) : await insertDevice(ctx.db, values);
    return resultOf(index, item, action, toEditorDevice(row));
  } catch (error) {
    throw writeFailure(ctx, error, failedMessage(action), index, item);
  }
}

/** A device's 'Failed to add/edit/publish {entity}.' */
const failedMessage = (action: string) => `Failed to ${action === 'ADDED' ? 'add' : action === 'PUBLISHED' ? 'publish' : 'edit'} device.`;

/**
 * The item's MAC belongs to `owner`, another device: `owner` takes the item's place.
 * - A live device (or a new one) being replaced: `owner` takes its place and settings, and the
 *   replaced device moves to 'Replaced Devices', `owner.replacedDeviceId` naming it.
 * - A staged device being published: `owner` takes its place and keeps its own MAC, settings and
 *   other properties; the staged row goes.
 * A staged device is not saved with another device's MAC: it is published or not at all.
 */
async function replace(ctx: SaveContext, index: number, item: EditorDeviceItem, stored: DeviceRow | null, owner: DeviceRow, staged: boolean): Promise<EditorItemResult> {
  if (staged) throw refuse(index, item, 409, EDITOR_MESSAGES.stagedMacTaken);
  // Before the MAC moves here: the existing device must be one the caller may take, live, of the same type.
  if (owner.groupId === null || !ctx.scope.groupIds.has(owner.groupId) || owner.staged) throw refuse(index, item, 409, EDITOR_MESSAGES.macUpdateFailed);
  if (owner.type !== item.type) throw refuse(index, item, 400, replacementTypeMessage(item.type, owner.type));
  const inherits = stored ? stored.staged : item.staged === true;
  const replaced = stored && !stored.staged ? stored : null;
  if (replaced && !(await groupExists(ctx.db, REPLACED_DEVICES_GROUP_ID))) throw refuse(index, item, 409, EDITOR_MESSAGES.macUpdateFailed);

  const values: Partial<DeviceValues> = inherits
    ? {
        groupId: item.groupId,
        zoneId: item.zoneId !== undefined ? item.zoneId : (stored?.zoneId ?? null),
        x: item.x !== undefined ? item.x : (stored?.x ?? null),
        y: item.y !== undefined ? item.y : (stored?.y ?? null),
        active: item.active,
        staged: false,
        publish: true,
      }
    : { ...settingsOf(item, stored ?? owner, item.groupId, false), mac: owner.mac, replacedDeviceId: replaced ? replaced.id : owner.replacedDeviceId };
  const problem = await referenceProblem(ctx.db, inherits ? { groupId: item.groupId, zoneId: values.zoneId ?? null } : (values as DeviceValues));
  if (problem) throw refuse(index, item, 400, EDITOR_MESSAGES.publishFailed, problem);
  // A new item repeating what the existing device already is: nothing to replace.
  if (!stored && unchanged(owner, values)) return resultOf(index, item, 'UNCHANGED', toEditorDevice(owner));

  try {
    if (stored?.staged) await deleteDevice(ctx.db, stored.id);
    if (replaced) {
      await updateDevice(ctx.db, replaced.id, { groupId: REPLACED_DEVICES_GROUP_ID, zoneId: null, x: null, y: null, active: false, staged: false, publish: true });
    }
    const kept = await updateDevice(ctx.db, owner.id, values);
    return resultOf(index, item, actionOf(item, stored, false), toEditorDevice(kept), { deviceId: owner.id, replacedDeviceId: replaced?.id ?? null });
  } catch (error) {
    throw writeFailure(ctx, error, EDITOR_MESSAGES.publishFailed, index, item);
  }
}
