import { textProblem } from '@contracts/fields';
import type { UpdateFallDeviceBody } from '@contracts/iot';

/** The IoT device form's editable fields: name and location required; x and y on the floor plan. */
export interface DeviceForm {
  name: string;
  groupId: number | null;
  x: number;
  y: number;
}

/** The editor's coordinate range, as the server checks it. */
export const COORDINATE_MAX = 100_000;

export function deviceFormError(form: DeviceForm): { name?: string; groupId?: string; x?: string; y?: string } {
  const errors: { name?: string; groupId?: string; x?: string; y?: string } = {};
  const nameProblem = form.name.trim() === '' ? 'A name is required' : textProblem(form.name);
  if (nameProblem) errors.name = nameProblem;
  if (form.groupId === null) errors.groupId = 'A location is required';
  for (const axis of ['x', 'y'] as const) {
    if (!Number.isFinite(form[axis]) || form[axis] < 0 || form[axis] > COORDINATE_MAX) errors[axis] = `Between 0 and ${COORDINATE_MAX}`;
  }
  return errors;
}

/** PATCH /iot/things/falls/{id}'s body for a valid form (x and y rounded), else null. */
export function deviceFormBody(form: DeviceForm): UpdateFallDeviceBody | null {
  if (Object.keys(deviceFormError(form)).length > 0 || form.groupId === null) return null;
  return { groupId: form.groupId, name: form.name.trim(), posX: Math.round(form.x), posY: Math.round(form.y) };
}
