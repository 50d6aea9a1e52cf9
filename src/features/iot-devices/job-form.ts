import { textProblem } from '@contracts/fields';
import { IOT_MESSAGES, type CreateJobBody, type JobParameter, type JobParameters, type JobTemplate, type ParameterValue } from '@contracts/iot';

// The job form's rules (docs/IOT.md 'Job form'), checked on the device as the server checks them
// (docs/IOT.md 'Job form'), so a refusal is rare and the form says what to fix first.

/** A parameter's value in the form: empty (null) until chosen. */
export type FormValue = ParameterValue | null;
export type FormValues = Record<string, FormValue>;

export interface JobFormState {
  name: string;
  description: string;
  templateId: number | null;
  values: FormValues;
  /** Run now (false) or at a later date and time. */
  scheduled: boolean;
  /** 'YYYY-MM-DD' and 'HH:mm', in the device's time zone. */
  startDate: string | null;
  startTime: string;
}

export interface JobFormErrors {
  name?: string;
  description?: string;
  devices?: string;
  startAt?: string;
  parameters: Record<string, string>;
}

export const emptyJobForm = (): JobFormState => ({ name: '', description: '', templateId: null, values: {}, scheduled: false, startDate: null, startTime: '' });

/** Each parameter's starting value: its default, else empty (a switch starts off). */
export function defaultValues(template: JobTemplate): FormValues {
  return Object.fromEntries(
    template.template.parameters.map((p): [string, FormValue] => {
      if (p.defaultValue !== undefined) return [p.name, p.defaultValue];
      if (p.type === 'switch') return [p.name, false];
      if (p.type === 'date') return [p.name, { startDate: null, endDate: null }];
      if (p.type === 'select' && p.multiple) return [p.name, []];
      return [p.name, null];
    }),
  );
}

const isEmpty = (value: FormValue): boolean => value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** What is wrong with one parameter's value, or null. */
export function parameterError(parameter: JobParameter, value: FormValue): string | null {
  const required = !parameter.optional;
  switch (parameter.type) {
    case 'input': {
      if (isEmpty(value)) return required ? 'Required' : null;
      const text = String(value);
      if (required && text.trim() === '') return 'Required';
      return parameter.maxLength !== undefined && text.length > parameter.maxLength ? `Max ${parameter.maxLength} chars` : null;
    }
    case 'number': {
      if (isEmpty(value)) return null;
      const n = Number(value);
      if (!Number.isFinite(n)) return 'Required';
      if (parameter.minValue !== undefined && n < parameter.minValue) return `Min ${parameter.minValue}`;
      if (parameter.maxValue !== undefined && n > parameter.maxValue) return `Max ${parameter.maxValue}`;
      return null;
    }
    case 'select':
    case 'version':
      return required && isEmpty(value) ? 'Required' : null;
    case 'switch':
      return required && typeof value !== 'boolean' ? 'Required' : null;
    case 'date': {
      const range = value && typeof value === 'object' && !Array.isArray(value) ? value : { startDate: null, endDate: null };
      if (!required && !range.startDate && !range.endDate) return null;
      if (!range.startDate) return 'Start date required';
      if (!range.endDate) return 'End date required';
      return null;
    }
  }
}

/** The scheduled start as an instant, from a local day and time; null when either is missing or unreadable. */
export function startInstant(day: string | null, time: string): Date | null {
  if (!day || !/^\d{2}:\d{2}$/.test(time)) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const at = new Date(year, month - 1, date, hours, minutes);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Every error of the form; none means Submit may send it. */
export function validateJobForm(form: JobFormState, template: JobTemplate | null, deviceCount: number, now: number): JobFormErrors {
  const errors: JobFormErrors = { parameters: {} };
  const nameProblem = form.name.trim() === '' ? IOT_MESSAGES.jobNameRequired : textProblem(form.name);
  if (nameProblem) errors.name = nameProblem;
  const descriptionProblem = textProblem(form.description, { multiLine: true });
  if (descriptionProblem) errors.description = descriptionProblem;
  if (deviceCount === 0) errors.devices = IOT_MESSAGES.devicesRequired;
  for (const parameter of template?.template.parameters ?? []) {
    const error = parameterError(parameter, form.values[parameter.name] ?? null);
    if (error) errors.parameters[parameter.name] = error;
  }
  if (form.scheduled) {
    const at = startInstant(form.startDate, form.startTime);
    if (!form.startDate) errors.startAt = 'Start date required';
    else if (!at) errors.startAt = 'Start time required';
    else if (at.getTime() < now) errors.startAt = IOT_MESSAGES.startAtPast;
  }
  return errors;
}

export const hasErrors = (errors: JobFormErrors, template: JobTemplate | null): boolean =>
  template === null || !!errors.name || !!errors.description || !!errors.devices || !!errors.startAt || Object.keys(errors.parameters).length > 0;

/** The parameters as sent: empty optional ones left out (the server then takes the template's default). */
export function parametersOf(template: JobTemplate, values: FormValues): JobParameters {
  const out: JobParameters = {};
  for (const parameter of template.template.parameters) {
    const value = values[parameter.name] ?? null;
    if (value === null || isEmpty(value)) continue;
    if (parameter.type === 'number') out[parameter.name] = Number(value);
    else if (parameter.type === 'date' && typeof value === 'object' && !Array.isArray(value) && !value.startDate && !value.endDate) continue;
    else out[parameter.name] = value as ParameterValue;
  }
  return out;
}

/** POST /iot/jobs's body for a valid form. */
export function jobBody(form: JobFormState, template: JobTemplate, groupId: number, thingAwsIds: readonly string[]): CreateJobBody {
  const at = form.scheduled ? startInstant(form.startDate, form.startTime) : null;
  return {
    name: form.name.trim(),
    groupId,
    templateId: template.id,
    description: form.description.trim() || null,
    startAt: at ? at.toISOString() : null,
    thingAwsIds: [...thingAwsIds],
    parameters: parametersOf(template, form.values),
  };
}
