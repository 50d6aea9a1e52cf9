import type { Group } from '@contracts/entities';
import { groupBodySchema } from '@contracts/organizations';
import { z } from 'zod';

// The location form's rules (docs/SCREENS.md 'Locations').

/** Placeholder hints of the form. */
export const LOCATION_PLACEHOLDERS = {
  requiredHandWashDuration: '30',
  requiredVisitDuration: '30',
  beforeEntrySecondsToComply: '40',
  afterEntrySecondsToComply: '120',
  beforeExitSecondsToComply: '40',
  afterExitSecondsToComply: '120',
  shiftLengthHours: '8',
  mapScale: '1',
} as const;

/** Floor plans the form accepts: the server checks the content too. */
export const FLOORPLAN_ACCEPT = 'image/png,image/jpeg';

/** Whether a picked file is a png or jpeg by its type or name (the server reads its bytes). */
export function isFloorplanFile(file: Pick<File, 'name' | 'type'>): boolean {
  return ['image/png', 'image/jpeg'].includes(file.type) || /\.(png|jpe?g)$/i.test(file.name);
}

/**
 * Whether the visit duration may be edited: only when the parent is the root, that is the
 * location is a top location or the child of one. Elsewhere it is the top location's.
 */
export function visitDurationEditable(parentId: number | null, locations: readonly Pick<Group, 'id' | 'parentId'>[]): boolean {
  if (parentId === null) return true;
  const parent = locations.find((l) => l.id === parentId);
  return parent?.parentId === null;
}

const required = (label: string) => z.string().trim().min(1, `${label} is required`);
const whole = (label: string, min: number, max: number, unit: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, `${label} must be a whole number of ${unit} from ${min} to ${max}`);

/** The form's fields as typed (text inputs keep text; the save turns them into numbers). */
export const locationFormSchema = z.object({
  // The request's own text fields: required, and nothing invisible in them.
  name: groupBodySchema.shape.name,
  type: groupBodySchema.shape.type,
  organizationId: required('Organization'),
  address: groupBodySchema.shape.address,
  timeZone: groupBodySchema.shape.timeZone,
  shiftLengthHours: whole('Shift length', 1, 24, 'hours'),
  requiredHandWashDuration: whole('Wash duration', 1, 3600, 'seconds'),
  requiredVisitDuration: z.string().trim().refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 3600), 'Visit duration must be a whole number of seconds from 1 to 3600'),
  beforeEntrySecondsToComply: whole('Before entry', 1, 3600, 'seconds'),
  afterEntrySecondsToComply: whole('After entry', 1, 3600, 'seconds'),
  beforeExitSecondsToComply: whole('Before exit', 1, 3600, 'seconds'),
  afterExitSecondsToComply: whole('After exit', 1, 3600, 'seconds'),
  mapScale: z.string().trim().refine((v) => v === '' || (/^\d+(\.\d+)?$/.test(v) && Number(v) >= 0.01 && Number(v) <= 100_000), 'Map scale must be a number from 0.01 to 100000'),
});
export type LocationFormValues = z.infer<typeof locationFormSchema>;

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The form's starting values: the location's own, or for a new child its parent's settings (empty for a top location). */
export function locationFormDefaults(location: Group | null, parent: Group | null): LocationFormValues {
  const source = location ?? parent;
  return {
    name: location?.name ?? '',
    type: location?.type ?? '',
    organizationId: text(location?.organizationId ?? parent?.organizationId),
    address: location?.address ?? parent?.address ?? '',
    timeZone: source?.timeZone ?? '',
    shiftLengthHours: text(source?.shiftLengthHours),
    requiredHandWashDuration: text(source?.requiredHandWashDuration),
    requiredVisitDuration: text(source?.requiredVisitDuration),
    beforeEntrySecondsToComply: text(source?.beforeEntrySecondsToComply),
    afterEntrySecondsToComply: text(source?.afterEntrySecondsToComply),
    beforeExitSecondsToComply: text(source?.beforeExitSecondsToComply),
    afterExitSecondsToComply: text(source?.afterExitSecondsToComply),
    mapScale: text(location?.mapScale),
  };
}
