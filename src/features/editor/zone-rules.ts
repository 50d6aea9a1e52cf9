import { zoneTypeSchema, type ZoneType } from '@contracts/devices';
import { textField } from '@contracts/fields';
import { z } from 'zod';
import type { ZoneDraft } from './editor-drafts';

// The rules of the Zone form (docs/SCREENS.md 'Zone form').

export const ZONE_TYPE_LABELS: Record<ZoneType, string> = {
  PATIENT_ROOM: 'Patient room',
  OTHER: 'Other',
  CDIFF: 'C. diff',
  REMINDER: 'Reminder',
  PRIVATE: 'Private (no presence kept)',
};

const option = (type: ZoneType) => ({ value: type, label: ZONE_TYPE_LABELS[type] });

/** The Type options as the spec groups them: CDIFF under Diagnosis, REMINDER under MISC. */
export const ZONE_TYPE_GROUPS = [
  { group: 'Rooms', items: [option('PATIENT_ROOM'), option('OTHER')] },
  { group: 'Diagnosis', items: [option('CDIFF')] },
  { group: 'MISC', items: [option('REMINDER')] },
  // Breakrooms and restrooms: their beacons' presence is dropped at ingest (docs/PRIVACY.md 'Private zones').
  { group: 'Privacy', items: [option('PRIVATE')] },
];

/** A REMINDER zone reminds every `interval` minutes. */
export const REMINDER_INTERVAL = { min: 1, max: 1440, default: 1 } as const;
export const REMINDER_INTERVAL_MESSAGE = `Enter whole minutes from ${REMINDER_INTERVAL.min} to ${REMINDER_INTERVAL.max}.`;

export interface ZoneFormValues {
  name: string;
  type: ZoneType;
  /** As typed: a number, or text while it is being typed (NumberInput). */
  interval: number | string;
  active: boolean;
}

export function zoneFormValuesOf(zone: ZoneDraft): ZoneFormValues {
  return { name: zone.name, type: zone.type, interval: zone.meta?.interval ?? REMINDER_INTERVAL.default, active: zone.active };
}

const intervalSchema = z.coerce
  .number(REMINDER_INTERVAL_MESSAGE)
  .int(REMINDER_INTERVAL_MESSAGE)
  .min(REMINDER_INTERVAL.min, REMINDER_INTERVAL_MESSAGE)
  .max(REMINDER_INTERVAL.max, REMINDER_INTERVAL_MESSAGE);

export const zoneFormSchema = z
  .object({
    name: textField(100, { min: 1, minMessage: 'Name is required' }),
    type: zoneTypeSchema,
    interval: z.union([z.number(), z.string()]),
    active: z.boolean(),
  })
  .superRefine((values, ctx) => {
    // The interval counts for reminders only; other types keep none.
    if (values.type !== 'REMINDER') return;
    const empty = typeof values.interval === 'string' && values.interval.trim() === '';
    if (empty || !intervalSchema.safeParse(values.interval).success) ctx.addIssue({ code: 'custom', path: ['interval'], message: REMINDER_INTERVAL_MESSAGE });
  });
export type ZoneFormField = 'name' | 'type' | 'interval';

/** The message of each invalid field: name and type required, a reminder's interval whole minutes 1–1440. */
export function zoneFieldErrors(values: ZoneFormValues): Partial<Record<ZoneFormField, string>> {
  const parsed = zoneFormSchema.safeParse(values);
  const errors: Partial<Record<ZoneFormField, string>> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ZoneFormField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Whether the form differs from the zone it opened with; the interval counts only for reminders. */
export function isZoneDirty(initial: ZoneFormValues, current: ZoneFormValues): boolean {
  if (initial.name.trim() !== current.name.trim() || initial.type !== current.type || initial.active !== current.active) return true;
  return current.type === 'REMINDER' && Number(initial.interval) !== Number(current.interval);
}

/** Why Save is disabled, or null: the form is valid and changed. */
export function zoneSaveBlocker(errors: Partial<Record<ZoneFormField, string>>, dirty: boolean): string | null {
  return errors.name ?? errors.type ?? errors.interval ?? (dirty ? null : 'No changes to save.');
}

/** The draft the dialog hands back: a reminder's interval in meta.interval; other types carry none. */
export function zoneDraftOf(zone: ZoneDraft, values: ZoneFormValues): ZoneDraft {
  const { interval: _old, ...otherMeta } = zone.meta ?? {};
  const meta = values.type === 'REMINDER' ? { ...otherMeta, interval: Number(values.interval) } : Object.keys(otherMeta).length > 0 ? otherMeta : null;
  return { ...zone, name: values.name.trim(), type: values.type, active: values.active, meta };
}
