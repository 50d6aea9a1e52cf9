import { DISPENSER_ROLES, type DeviceType } from '@contracts/devices';
import { EDITOR_DEVICE_TYPES, editorDeviceTypeSchema, replacementTypeMessage, type EditorDeviceType } from '@contracts/editor';
import { textField } from '@contracts/fields';
import type { DeviceModel, MacLookup } from '@contracts/device-registry';
import { z } from 'zod';
import { isCompleteMac } from '@/components/scanning';
import type { DeviceDraft } from './editor-drafts';

// The rules of the Device form (docs/SCREENS.md 'Device form'), apart from the
// dialog so each is tested on its own.

/** The model a device gets when its type has it. */
export const DEFAULT_MODEL_ID = 12;

export const DEVICE_TYPE_LABELS: Record<EditorDeviceType, string> = {
  BEACON: 'Beacon',
  DISPENSER: 'Dispenser',
  GATEWAY: 'Gateway',
  TABLET: 'Tablet',
};
export const DEVICE_TYPE_OPTIONS = EDITOR_DEVICE_TYPES.map((type) => ({ value: type, label: DEVICE_TYPE_LABELS[type] }));
export const DISPENSER_ROLE_OPTIONS = DISPENSER_ROLES.map((role) => ({ value: role, label: role }));
export const PHYSICAL_ROLE_OPTIONS = [
  { value: 'ROOM', label: 'Room' },
  { value: 'BED', label: 'Bed' },
] as const;

/** The Device form's notices, word for word. */
export const DEVICE_NOTICES = {
  macExists:
    'A device with this MAC already exists in the system. Submitting this form will overwrite its existing configuration and assign it to a new location. This current device will be moved to the "Replaced Devices" group.',
  stagedMacExists:
    'This MAC already exists. When published, this staged device will inherit the MAC, settings, and other properties from the existing device...',
  resetsSettings: 'Changing the MAC, model or version resets the device settings to their defaults.',
  offline: 'Offline: the MAC cannot be checked until the connection is back. You can go on; the save is checked when it is sent.',
} as const;

/** The form's state: the draft, with a model still to choose after a change of type. */
export type DeviceFormValues = Omit<DeviceDraft, 'modelId'> & { modelId: number | null };

export const deviceFormSchema = z.object({
  mac: z.string().refine(isCompleteMac, 'Enter or scan the complete MAC.'),
  name: textField(100, { min: 1, minMessage: 'Name is required' }),
  type: editorDeviceTypeSchema,
  modelId: z.number('Choose a model.').int().positive('Choose a model.'),
});
export type DeviceFormField = keyof z.infer<typeof deviceFormSchema>;

/** The message of each invalid field (mac exactly 17 characters, name, type and model). */
export function deviceFieldErrors(values: DeviceFormValues): Partial<Record<DeviceFormField, string>> {
  const parsed = deviceFormSchema.safeParse(values);
  const errors: Partial<Record<DeviceFormField, string>> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as DeviceFormField;
    errors[field] ??= issue.message;
  }
  return errors;
}

const EDITED_FIELDS = ['mac', 'type', 'modelId', 'firmwareVersionId', 'role', 'physicalRole', 'zoneId', 'active'] as const;

/** Whether the form differs from the device it opened with (a name differing only by spaces does not count). */
export function isDeviceDirty(initial: DeviceFormValues, current: DeviceFormValues): boolean {
  return initial.name.trim() !== current.name.trim() || EDITED_FIELDS.some((field) => initial[field] !== current[field]);
}

/** The MAC of an existing device is locked until unlocked; a new device's and a dispenser's never are. */
export const isMacLockable = (device: DeviceDraft, isNew: boolean) => !isNew && device.type !== 'DISPENSER';

/** A published device keeps its type; a new or staged one may change it. */
export const isTypeEditable = (device: DeviceDraft, isNew: boolean) => isNew || device.staged;

/** A device not live yet: a new one is saved staged, and neither may take another device's MAC until published. */
export const isStagedLike = (device: DeviceDraft, isNew: boolean) => isNew || device.staged;

/** The MAC to look up: a complete one that is not the device's own. */
export const macToLookUp = (mac: string, ownMac: string) => (isCompleteMac(mac) && mac !== ownMac ? mac : null);

/** Where the check of the entered MAC stands. */
export type MacCheck =
  /** Incomplete, or the device's own: nothing to check. */
  | { state: 'none' }
  | { state: 'checking' }
  | { state: 'free' }
  /** Another device has it; its type, name and location when it is in the caller's scope. */
  | { state: 'found'; type: DeviceType | null; holder?: { name: string; groupName: string } }
  /** Offline: the server is asked when the save is sent. */
  | { state: 'unchecked' }
  | { state: 'error'; message: string };

export function macCheckOf(input: { mac: string; ownMac: string; online: boolean; lookup: MacLookup | undefined; lookupError: Error | null }): MacCheck {
  if (macToLookUp(input.mac, input.ownMac) === null) return { state: 'none' };
  if (input.lookup) {
    const device = input.lookup.device;
    if (!input.lookup.exists) return { state: 'free' };
    return device ? { state: 'found', type: device.type, holder: { name: device.name, groupName: device.groupName } } : { state: 'found', type: null };
  }
  if (!input.online) return { state: 'unchecked' };
  if (input.lookupError) return { state: 'error', message: `The MAC could not be checked: ${input.lookupError.message}` };
  return { state: 'checking' };
}

/** The notice for a MAC another device has. */
export type MacNotice = { kind: 'replace'; message: string } | { kind: 'inherit'; message: string } | { kind: 'typeMismatch'; message: string };

/**
 * A staged (or new) device inherits the existing device when published; a live one replaces it,
 * which needs the same type.
 */
export function macNoticeOf(check: MacCheck, type: EditorDeviceType, stagedLike: boolean): MacNotice | null {
  if (check.state !== 'found') return null;
  if (stagedLike) return { kind: 'inherit', message: DEVICE_NOTICES.stagedMacExists };
  if (check.type !== null && check.type !== type) return { kind: 'typeMismatch', message: replacementTypeMessage(type, check.type) };
  // The device being replaced, named where the caller may see it: 'It is Beacon 12 in ICU – 3 North.'
  const holder = check.holder ? ` It is ${check.holder.name} in ${check.holder.groupName}.` : '';
  return { kind: 'replace', message: `${DEVICE_NOTICES.macExists}${holder}` };
}

const FIELD_ORDER: readonly DeviceFormField[] = ['mac', 'name', 'type', 'modelId'];

/**
 * Why Save is disabled, or null when it is enabled: the form is valid and dirty, the MAC is not
 * being checked, a replacement keeps the type, and a staged device takes no existing MAC.
 */
export function deviceSaveBlocker(input: {
  errors: Partial<Record<DeviceFormField, string>>;
  dirty: boolean;
  check: MacCheck;
  notice: MacNotice | null;
}): string | null {
  const field = FIELD_ORDER.find((f) => input.errors[f] !== undefined);
  if (field) return input.errors[field] ?? null;
  if (input.check.state === 'checking') return 'Checking the MAC…';
  if (input.notice?.kind === 'typeMismatch') return input.notice.message;
  if (input.notice?.kind === 'inherit') return 'A staged device cannot be saved with the MAC of an existing device.';
  return input.dirty ? null : 'No changes to save.';
}

/** The model shown: the chosen one when the type has it, else the default model when the type has that. */
export function resolveModelId(modelId: number | null, models: readonly DeviceModel[] | undefined): number | null {
  // Until the models load (or offline), the device's own model stands.
  if (models === undefined) return modelId;
  if (modelId !== null && models.some((m) => m.id === modelId)) return modelId;
  return models.some((m) => m.id === DEFAULT_MODEL_ID) ? DEFAULT_MODEL_ID : null;
}

/** A change of type: the model, version and roles of the old type go. */
export function withDeviceType(values: DeviceFormValues, type: EditorDeviceType): DeviceFormValues {
  if (type === values.type) return values;
  return {
    ...values,
    type,
    modelId: null,
    firmwareVersionId: null,
    role: type === 'DISPENSER' ? values.role : null,
    physicalRole: type === 'BEACON' ? values.physicalRole : null,
  };
}

/** A change of model: its versions differ, so the version goes. */
export const withDeviceModel = (values: DeviceFormValues, modelId: number | null): DeviceFormValues =>
  modelId === values.modelId ? values : { ...values, modelId, firmwareVersionId: null };

/** The draft the dialog hands back: the device with the form's values, the name trimmed. */
export function deviceDraftOf(device: DeviceDraft, values: DeviceFormValues, modelId: number): DeviceDraft {
  return { ...device, ...values, name: values.name.trim(), modelId };
}
