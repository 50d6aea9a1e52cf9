import type { DeviceModel } from '@contracts/device-registry';
import { describe, expect, it } from 'vitest';
import {
  DEVICE_NOTICES,
  deviceDraftOf,
  deviceFieldErrors,
  type DeviceFormValues,
  deviceSaveBlocker,
  isDeviceDirty,
  isMacLockable,
  isStagedLike,
  isTypeEditable,
  macCheckOf,
  macNoticeOf,
  macToLookUp,
  resolveModelId,
  withDeviceModel,
  withDeviceType,
} from './device-rules';
import type { DeviceDraft } from './editor-drafts';

const OWN = 'AA:BB:CC:DD:EE:01';
const OTHER = 'AA:BB:CC:DD:EE:02';

const beacon: DeviceDraft = {
  id: 5,
  clientId: null,
  mac: OWN,
  name: 'Bed 1',
  type: 'BEACON',
  groupId: 3,
  modelId: 12,
  firmwareVersionId: 40,
  role: null,
  physicalRole: 'BED',
  zoneId: 2,
  x: 10,
  y: 20,
  active: true,
  staged: false,
  publish: true,
  version: 4,
};
const model = (id: number): DeviceModel => ({ id, name: `Model ${id}`, deviceType: 'BEACON', versions: [] });

describe('device form validation', () => {
  it('needs a 17-character MAC, a name, a type and a model', () => {
    expect(deviceFieldErrors(beacon)).toEqual({});
    expect(deviceFieldErrors({ ...beacon, mac: 'AA:BB:CC:DD:EE:0', name: '  ', modelId: null })).toEqual({
      mac: 'Enter or scan the complete MAC.',
      name: 'Name is required',
      modelId: 'Choose a model.',
    });
  });
});

describe('dirty check', () => {
  it('counts every edited field, but not spaces around the name', () => {
    expect(isDeviceDirty(beacon, { ...beacon })).toBe(false);
    expect(isDeviceDirty(beacon, { ...beacon, name: ' Bed 1 ' })).toBe(false);
    expect(isDeviceDirty(beacon, { ...beacon, name: 'Bed 2' })).toBe(true);
    expect(isDeviceDirty(beacon, { ...beacon, zoneId: null })).toBe(true);
    expect(isDeviceDirty(beacon, { ...beacon, active: false })).toBe(true);
    expect(isDeviceDirty(beacon, { ...beacon, mac: OTHER })).toBe(true);
  });
});

describe('MAC lock and type rules', () => {
  it('locks the MAC of an existing device, never of a new one or a dispenser', () => {
    expect(isMacLockable(beacon, false)).toBe(true);
    expect(isMacLockable(beacon, true)).toBe(false);
    expect(isMacLockable({ ...beacon, type: 'DISPENSER' }, false)).toBe(false);
  });

  it('keeps the type of a published device', () => {
    expect(isTypeEditable(beacon, false)).toBe(false);
    expect(isTypeEditable({ ...beacon, staged: true }, false)).toBe(true);
    expect(isTypeEditable(beacon, true)).toBe(true);
    expect(isStagedLike(beacon, false)).toBe(false);
    expect(isStagedLike(beacon, true)).toBe(true);
  });

  it('looks up a complete MAC that is not the device own', () => {
    expect(macToLookUp(OWN, OWN)).toBeNull();
    expect(macToLookUp('AA:BB', OWN)).toBeNull();
    expect(macToLookUp(OTHER, OWN)).toBe(OTHER);
  });
});

describe('MAC check and notices', () => {
  const base = { mac: OTHER, ownMac: OWN, online: true, lookup: undefined, lookupError: null };

  it('follows the lookup, and lets an offline technician go on', () => {
    expect(macCheckOf({ ...base, mac: OWN })).toEqual({ state: 'none' });
    expect(macCheckOf(base)).toEqual({ state: 'checking' });
    expect(macCheckOf({ ...base, lookup: { exists: false, device: null } })).toEqual({ state: 'free' });
    expect(macCheckOf({ ...base, lookup: { exists: true, device: { id: 9, name: 'Gateway 4', groupId: 1, groupName: 'Ward', type: 'GATEWAY' } } })).toEqual({
      state: 'found',
      type: 'GATEWAY',
      holder: { name: 'Gateway 4', groupName: 'Ward' },
    });
    expect(macCheckOf({ ...base, lookup: { exists: true, device: null } })).toEqual({ state: 'found', type: null });
    expect(macCheckOf({ ...base, online: false })).toEqual({ state: 'unchecked' });
    expect(macCheckOf({ ...base, lookupError: new Error('Timed out') })).toEqual({ state: 'error', message: 'The MAC could not be checked: Timed out' });
  });

  it('picks the replacement, inheritance or type-mismatch notice', () => {
    expect(macNoticeOf({ state: 'free' }, 'BEACON', false)).toBeNull();
    expect(macNoticeOf({ state: 'found', type: 'BEACON' }, 'BEACON', false)).toEqual({ kind: 'replace', message: DEVICE_NOTICES.macExists });
    // The notice names the device that holds the MAC, and where it is, when the caller may see it.
    expect(macNoticeOf({ state: 'found', type: 'BEACON', holder: { name: 'Beacon 12', groupName: 'ICU – 3 North' } }, 'BEACON', false)).toEqual({
      kind: 'replace',
      message: `${DEVICE_NOTICES.macExists} It is Beacon 12 in ICU – 3 North.`,
    });
    expect(macNoticeOf({ state: 'found', type: null }, 'BEACON', false)).toEqual({ kind: 'replace', message: DEVICE_NOTICES.macExists });
    expect(macNoticeOf({ state: 'found', type: 'GATEWAY' }, 'BEACON', true)).toEqual({ kind: 'inherit', message: DEVICE_NOTICES.stagedMacExists });
    expect(macNoticeOf({ state: 'found', type: 'GATEWAY' }, 'BEACON', false)).toEqual({
      kind: 'typeMismatch',
      message: 'The replacement device must be the same type as the current device (BEACON). Replacement device type: GATEWAY.',
    });
  });
});

describe('Save blocker', () => {
  const ok = { errors: {}, dirty: true, check: { state: 'free' } as const, notice: null };

  it('enables Save only when dirty and valid', () => {
    expect(deviceSaveBlocker(ok)).toBeNull();
    expect(deviceSaveBlocker({ ...ok, dirty: false })).toBe('No changes to save.');
    expect(deviceSaveBlocker({ ...ok, errors: { name: 'Name is required', modelId: 'Choose a model.' } })).toBe('Name is required');
  });

  it('waits for the lookup, refuses another type and keeps a staged device off an existing MAC', () => {
    expect(deviceSaveBlocker({ ...ok, check: { state: 'checking' } })).toBe('Checking the MAC…');
    const mismatch = macNoticeOf({ state: 'found', type: 'GATEWAY' }, 'BEACON', false);
    expect(deviceSaveBlocker({ ...ok, check: { state: 'found', type: 'GATEWAY' }, notice: mismatch })).toBe(mismatch?.message);
    expect(deviceSaveBlocker({ ...ok, check: { state: 'found', type: 'BEACON' }, notice: macNoticeOf({ state: 'found', type: 'BEACON' }, 'BEACON', true) })).not.toBeNull();
    expect(deviceSaveBlocker({ ...ok, check: { state: 'found', type: 'BEACON' }, notice: macNoticeOf({ state: 'found', type: 'BEACON' }, 'BEACON', false) })).toBeNull();
    expect(deviceSaveBlocker({ ...ok, check: { state: 'unchecked' } })).toBeNull();
  });
});

describe('model, type and the submitted draft', () => {
  it('keeps the chosen model of the type, else takes model 12 when the type has it', () => {
    expect(resolveModelId(7, undefined)).toBe(7);
    expect(resolveModelId(7, [model(7), model(12)])).toBe(7);
    expect(resolveModelId(null, [model(7), model(12)])).toBe(12);
    expect(resolveModelId(3, [model(7), model(12)])).toBe(12);
    expect(resolveModelId(null, [model(7)])).toBeNull();
  });

  it('drops the model, version and roles of the old type', () => {
    const values: DeviceFormValues = { ...beacon };
    expect(withDeviceType(values, 'BEACON')).toBe(values);
    expect(withDeviceType(values, 'DISPENSER')).toMatchObject({ type: 'DISPENSER', modelId: null, firmwareVersionId: null, physicalRole: null, role: null });
    expect(withDeviceModel(values, 13)).toMatchObject({ modelId: 13, firmwareVersionId: null });
  });

  it('hands back the device with the form values and the name trimmed', () => {
    expect(deviceDraftOf(beacon, { ...beacon, name: ' Bed 9 ', modelId: null }, 12)).toEqual({ ...beacon, name: 'Bed 9', modelId: 12 });
  });
});
