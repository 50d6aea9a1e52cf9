import type { JobParameter, JobParameters, PackageVersion, ParameterValue } from '../../contracts/iot';
import { HttpError } from '../../core/http-error';

// A job's parameters checked against its template's (docs/IOT.md 'Job form'): a required input, select,
// switch or version must be given ('Required'); an input has at most maxLength characters ('Max N
// chars'); a number lies between minValue and maxValue ('Min N', 'Max N'); a select picks among its
// options (several only when multiple); a version is one of its package's versions; a date is a
// range with both ends ('Start date required', 'End date required') inside minDate and maxDate.
// A parameter left out takes the template's default. A parameter the template does not have is refused.

type Versions = (packageName: string) => Promise<PackageVersion[] | null>;

const isBlank = (value: ParameterValue | undefined) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/** The error of one parameter's value, or null when it is fine. */
async function problemOf(parameter: JobParameter, value: ParameterValue | undefined, versions: Versions): Promise<string | null> {
  if (parameter.type === 'date') {
    if (value === undefined && parameter.optional) return null;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be a date range {startDate, endDate}';
    if (!value.startDate) return 'Start date required';
    if (!value.endDate) return 'End date required';
    if (value.startDate > value.endDate) return 'the start date must not be after the end date';
    if (parameter.minDate && value.startDate < parameter.minDate.slice(0, 10)) return `must start on ${parameter.minDate.slice(0, 10)} or later`;
    if (parameter.maxDate && value.endDate > parameter.maxDate.slice(0, 10)) return `must end on ${parameter.maxDate.slice(0, 10)} or earlier`;
    return null;
  }
  if (isBlank(value)) return parameter.optional || parameter.type === 'number' ? null : 'Required';
  switch (parameter.type) {
    case 'input':
      if (typeof value !== 'string') return 'must be text';
      return parameter.maxLength !== undefined && value.length > parameter.maxLength ? `Max ${parameter.maxLength} chars` : null;
    case 'number':
      if (typeof value !== 'number') return 'must be a number';
      if (parameter.minValue !== undefined && value < parameter.minValue) return `Min ${parameter.minValue}`;
      return parameter.maxValue !== undefined && value > parameter.maxValue ? `Max ${parameter.maxValue}` : null;
    case 'switch':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'select': {
      const picked = Array.isArray(value) && parameter.multiple ? value : typeof value === 'string' ? [value] : null;
      if (!picked) return parameter.multiple ? 'must be a list of options' : 'must be one option';
      const unknown = picked.find((p) => !(parameter.options ?? []).includes(p));
      return unknown === undefined ? null : `'${unknown}' is not one of ${(parameter.options ?? []).join(', ')}`;
    }
    case 'version': {
      if (typeof value !== 'string') return 'must be a version';
      const known = parameter.packageName ? await versions(parameter.packageName) : null;
      return known?.some((v) => v.version === value) ? null : `'${value}' is not a version of ${parameter.packageName ?? 'the package'}`;
    }
  }
}

/** The parameters a job runs with: those given, the defaults for those left out; a 400 naming the first one wrong. */
export async function checkJobParameters(parameters: readonly JobParameter[], given: JobParameters, versions: Versions): Promise<JobParameters> {
  const known = new Set(parameters.map((p) => p.name));
  const unknown = Object.keys(given).find((name) => !known.has(name));
  if (unknown !== undefined) throw new HttpError(400, `parameters.${unknown}: the template has no such parameter`);
  const result: JobParameters = {};
  for (const parameter of parameters) {
    const value = given[parameter.name] ?? parameter.defaultValue;
    const problem = await problemOf(parameter, value, versions);
    if (problem) throw new HttpError(400, `parameters.${parameter.name}: ${problem}`);
    if (value !== undefined) result[parameter.name] = value;
  }
  return result;
}
