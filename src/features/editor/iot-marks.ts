import { FALL_DEVICE_TYPE, type Thing } from '@contracts/iot';
import type { EditDevicePayload } from '@/entities/iot/edit-device';
import type { OutboxItem } from '@/offline/db';

// The Location Editor's IoT Devices (docs/SCREENS.md 'Location Editor'): the location's IoT devices on its
// floor plan and in the panel's tab, with the fall devices' queued edits shown over them.

/** How far apart devices never placed (at 0,0) are drawn, per index. */
export const PLACEHOLDER_STEP = 20;

export interface IotShown {
  key: string;
  thing: Thing;
  name: string;
  x: number;
  y: number;
  /** Never placed (at 0,0 on the server): drawn at its placeholder. */
  placeholder: boolean;
  state: 'saved' | 'pending' | 'failed';
  error: string | null;
  /** A fall device is renamed and moved from here; an NFC gateway only shown. */
  editable: boolean;
}

export const iotKey = (id: number) => `iot:${id}`;

/**
 * The devices standing in `groupId`, each with its latest queued edit over it (one moved to another
 * location leaves this plan); devices at 0,0 are drawn at PLACEHOLDER_STEP × (index + 1) on both
 * axes, in the list's order, so none hides in the plan's corner or under another.
 */
export function iotShown(things: readonly Thing[], groupId: number, edits: readonly OutboxItem<EditDevicePayload>[]): IotShown[] {
  const latest = new Map<number, OutboxItem<EditDevicePayload>>();
  for (const item of edits) latest.set(item.payload.id, item);
  const shown: IotShown[] = [];
  for (const thing of things) {
    const edit = latest.get(thing.id);
    const at = edit ? { name: edit.payload.body.name, groupId: edit.payload.body.groupId, x: edit.payload.body.posX, y: edit.payload.body.posY } : thing;
    if (at.groupId !== groupId) continue;
    const placeholder = at.x === 0 && at.y === 0;
    const offset = PLACEHOLDER_STEP * (shown.length + 1);
    shown.push({
      key: iotKey(thing.id),
      thing,
      name: at.name,
      x: placeholder ? offset : at.x,
      y: placeholder ? offset : at.y,
      placeholder,
      state: edit ? (edit.status === 'failed' ? 'failed' : 'pending') : 'saved',
      error: edit?.lastError ?? null,
      editable: thing.type === FALL_DEVICE_TYPE,
    });
  }
  return shown;
}

/** The search box's text against a device's name and serial number. */
export const iotMatches = (row: IotShown, search: string) => {
  const text = search.trim().toLowerCase();
  return !text || row.name.toLowerCase().includes(text) || row.thing.awsId.toLowerCase().includes(text);
};
