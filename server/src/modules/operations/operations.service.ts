import type { z } from 'zod';
import { SETTING_CATALOGUE, settingsOf, settingValueError, type OperableType, type SettingValues } from '../../contracts/device-settings';
import {
  ALREADY_QUEUED_REASON,
  OPERATION_MESSAGES,
  type cancelOperationBodySchema,
  type createPresetBodySchema,
  type DeviceSettingsResponse,
  type OperableDevice,
  type Preset,
  type QueuedOperation,
  type queueOperationsBodySchema,
  type saveSettingsBodySchema,
  type updatePresetBodySchema,
} from '../../contracts/operations';
import type { DeviceType } from '../../contracts/devices';
import type { Database } from '../../db/client';
import type { SettingPresetRow } from '../../db/schema';
import { HttpError } from '../../core/http-error';
import type { Caller } from '../../core/caller';
import { findModel, openOperations } from '../devices';
import { locationsUnder } from '../locations';
import { operableTypesOf, requireOperable } from './operable-types';
import type { OperationsPublisher } from './operations-events';
import {
  beaconRoles,
  cancelPendingOperation,
  deletePreset,
  devicesByIds,
  findPreset,
  insertOperations,
  insertPreset,
  listOperableDevices,
  listPresets,
  operationById,
  saveDesired,
  updatePreset,
  type DeviceWithFirmware,
  type NewOperation,
} from './operations.repo';

type SaveSettingsBody = z.output<typeof saveSettingsBodySchema>;
type QueueBody = z.output<typeof queueOperationsBodySchema>;
type CancelBody = z.output<typeof cancelOperationBodySchema>;
type CreatePresetBody = z.output<typeof createPresetBodySchema>;
type UpdatePresetBody = z.output<typeof updatePresetBodySchema>;

const toPreset = (row: SettingPresetRow): Preset => ({ id: row.id, name: row.name, modelId: row.modelId, settings: row.settings });

const REASONS = {
  open: ALREADY_QUEUED_REASON,
  noSettings: 'No settings to apply',
  upToDate: 'Firmware is up to date',
  noFirmware: 'No firmware known for this device',
} as const;

/** Settings first, then firmware (docs/OPERATIONS.md 'Operations'). */
const TYPE_ORDER = { SETTING: 0, DFU: 1 } as const;

export function createOperationsService(db: Database, events: OperationsPublisher) {
  /** The devices, each in the caller's scope and of a kind they may operate; any other is 404, as if it did not exist. */
  async function scopedDevices(caller: Caller, ids: readonly number[]): Promise<Map<number, DeviceWithFirmware>> {
    const scope = await caller.scope();
    const allowed = operableTypesOf(caller);
    const found = new Map((await devicesByIds(db, [...new Set(ids)])).map((d) => [d.device.id, d]));
    for (const id of ids) {
      const d = found.get(id);
      if (!d || d.device.groupId === null || !scope.groupIds.has(d.device.groupId) || !allowed.includes(d.device.type)) {
        throw new HttpError(404, `${OPERATION_MESSAGES.deviceNotFound}: ${id}`);
      }
    }
    return found;
  }

  /** The presets of a model the caller's organizations keep. */
  async function presetsOf(caller: Caller, modelId: number): Promise<Preset[]> {
    const orgs = [...new Set([caller.organization.id, ...(await caller.scope()).organizationIds])];
    return (await listPresets(db, modelId, orgs)).map(toPreset);
  }

  async function presetInScope(caller: Caller, id: number): Promise<SettingPresetRow> {
    const row = await findPreset(db, id);
    const orgs = await caller.scope();
    if (!row || (row.organizationId !== caller.organization.id && !orgs.organizationIds.has(row.organizationId))) {
      throw new HttpError(404, OPERATION_MESSAGES.presetNotFound);
    }
    return row;
  }

  /** The labels and values checked against a device type's catalogue; the first misfit is a 400. */
  function checkedValues(type: DeviceType, values: readonly { label: string; value: number }[], who: string): SettingValues {
    const catalogue = settingsOf(type);
    const out: SettingValues = {};
    for (const { label, value } of values) {
      const setting = catalogue.get(label);
      if (!setting) throw new HttpError(400, `${who}: unknown setting '${label}'`);
      const error = settingValueError(setting, value);
      if (error) throw new HttpError(400, `${who}: ${error}`);
      out[label] = value;
    }
    return out;
  }

  return {
    /** GET /devices/beacons, /devices/dispensers: the location's (and its sublocations') devices of the type. */
    async list(caller: Caller, groupId: number, type: OperableType): Promise<OperableDevice[]> {
      requireOperable(caller, type);
      return listOperableDevices(db, await locationsUnder(db, await caller.scope(), [groupId]), [type]);
    },

    async beaconRoles(caller: Caller, groupId: number) {
      requireOperable(caller, 'BEACON');
      return beaconRoles(db, await locationsUnder(db, await caller.scope(), [groupId]));
    },

    /** POST settings/devices: one kind and model of devices; each setting's wanted value when all agree. */
    async deviceSettings(caller: Caller, deviceIds: readonly number[]): Promise<DeviceSettingsResponse> {
      const found = [...(await scopedDevices(caller, deviceIds)).values()];
      const first = found[0] as DeviceWithFirmware;
      if (found.some((d) => d.device.type !== first.device.type || d.device.modelId !== first.device.modelId)) {
        throw new HttpError(400, OPERATION_MESSAGES.oneKind);
      }
      const groups = (SETTING_CATALOGUE[first.device.type] ?? []).map((group) => ({
        label: group.label,
        settings: group.settings.map((s) => {
          const values = new Set(found.map((d) => d.desired?.[s.label] ?? null));
          const [only] = values;
          return {
            label: s.label,
            type: s.type,
            desired: values.size === 1 ? (only ?? null) : null,
            default: s.default,
            min: s.min,
            max: s.max,
            step: s.step,
            unit: s.unit ?? null,
            description: s.description,
          };
        }),
      }));
      const versions = [...new Set(found.map((d) => d.currentVersion ?? 'N/A'))].sort();
      return {
        deviceCount: found.length,
        type: first.device.type,
        model: { id: first.device.modelId, name: first.modelName },
        versions,
        groups,
        presets: await presetsOf(caller, first.device.modelId),
      };
    },

    /** POST /settings: the values wanted of each device, merged into what was wanted before. */
    async saveSettings(caller: Caller, body: SaveSettingsBody): Promise<{ updated: number }> {
      const found = await scopedDevices(caller, body.map((b) => b.deviceId));
      const changes = body.map((item) => {
        const device = (found.get(item.deviceId) as DeviceWithFirmware).device;
        const values = checkedValues(device.type, item.settings.map((s) => ({ label: s.label, value: s.desired })), device.mac);
        return { deviceId: device.id, values };
      });
      await saveDesired(db, changes);
      return { updated: changes.length };
    },

    /**
     * POST /operations: settings first, then firmware. An operation of a device that has one of
     * that type open is not queued again (its open one is answered); neither is one with nothing
     * to do. Every queued one is announced on its location's channel as pending.
     */
    async queue(caller: Caller, body: QueueBody): Promise<{ operations: QueuedOperation[] }> {
      const found = await scopedDevices(caller, body.operations.map((o) => o.deviceId));
      const ordered = body.operations.map((op, index) => ({ op, index })).sort((a, b) => TYPE_ORDER[a.op.type] - TYPE_ORDER[b.op.type] || a.index - b.index);
      const results: QueuedOperation[] = [];
      const rows: NewOperation[] = [];
      const seen = new Set<string>();
      for (const { op } of ordered) {
        const d = found.get(op.deviceId) as DeviceWithFirmware;
        if (d.device.groupId !== op.groupId) throw new HttpError(400, `${d.device.mac} is not in location ${op.groupId}`);
        const key = `${op.type}:${op.deviceId}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const skip = (reason: string) => results.push({ deviceId: op.deviceId, type: op.type, id: null, queued: false, reason });
        if (op.type === 'SETTING' && (!d.desired || Object.keys(d.desired).length === 0)) skip(REASONS.noSettings);
        else if (op.type === 'DFU' && d.latestId === null) skip(REASONS.noFirmware);
        else if (op.type === 'DFU' && d.latestId === d.device.firmwareVersionId) skip(REASONS.upToDate);
        else {
          rows.push({
            deviceId: op.deviceId,
            groupId: op.groupId,
            type: op.type,
            description: body.description.trim(),
            settings: op.type === 'SETTING' ? d.desired : null,
            firmwareVersionId: op.type === 'DFU' ? d.latestId : null,
            createdBy: caller.user.id,
          });
        }
      }
      const inserted = await insertOperations(db, rows);
      const byKey = new Map(inserted.map((r) => [`${r.type}:${r.deviceId}`, r]));
      const left = rows.filter((r) => !byKey.has(`${r.type}:${r.deviceId}`));
      const open = await openOperations(db, left.map((r) => r.deviceId));
      for (const r of rows) {
        const made = byKey.get(`${r.type}:${r.deviceId}`);
        if (made) results.push({ deviceId: r.deviceId, type: r.type, id: made.id, queued: true, reason: null });
        else {
          const existing = (open.get(r.deviceId) ?? []).find((o) => o.type === r.type);
          results.push({ deviceId: r.deviceId, type: r.type, id: existing?.id ?? null, queued: false, reason: REASONS.open });
        }
      }
      await events.publish(inserted.map((row) => ({ row })));
      return { operations: results };
    },

    /** POST operations/cancel: only a pending operation; it ends canceled. */
    async cancel(caller: Caller, body: CancelBody): Promise<{ deviceId: number }> {
      const op = await operationById(db, body.operationMetaDataId);
      if (!op) throw new HttpError(404, OPERATION_MESSAGES.notFound);
      try {
        await scopedDevices(caller, [op.deviceId]);
      } catch {
        throw new HttpError(404, OPERATION_MESSAGES.notFound);
      }
      const canceled = await cancelPendingOperation(db, op.id);
      if (!canceled) throw new HttpError(409, OPERATION_MESSAGES.cancelRefused);
      await events.publish([{ row: canceled }]);
      return { deviceId: canceled.deviceId };
    },

    async createPreset(caller: Caller, body: CreatePresetBody): Promise<Preset> {
      const type = await modelType(db, body.modelId);
      const values = checkedValues(type, body.settings, body.name);
      const row = await insertPreset(db, {
        organizationId: caller.organization.id,
        modelId: body.modelId,
        name: body.name.trim(),
        settings: Object.entries(values).map(([label, value]) => ({ label, value })),
        createdBy: caller.user.id,
      });
      return toPreset(row);
    },

    async updatePreset(caller: Caller, body: UpdatePresetBody): Promise<Preset> {
      const existing = await presetInScope(caller, body.id);
      const values = checkedValues(await modelType(db, existing.modelId), body.settings, body.name);
      const row = await updatePreset(db, existing.id, { name: body.name.trim(), settings: Object.entries(values).map(([label, value]) => ({ label, value })) });
      return toPreset(row);
    },

    async deletePreset(caller: Caller, id: number): Promise<{ deleted: boolean }> {
      const existing = await presetInScope(caller, id);
      return { deleted: await deletePreset(db, existing.id) };
    },

  };
}

async function modelType(db: Database, modelId: number): Promise<DeviceType> {
  const model = await findModel(db, modelId);
  if (!model || !SETTING_CATALOGUE[model.deviceType]) throw new HttpError(400, `Model ${modelId} has no settings`);
  return model.deviceType;
}
