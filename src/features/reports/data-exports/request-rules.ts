import { EXPORT_MESSAGES, isOptionalParameter, parameterValueMessage, type ExportParameter } from '@contracts/reports/data-exports';
import { dayField } from '@contracts/fields';

/** The request dialog's values: the date range and one text per parameter. */
export interface RequestValues {
  startDate: string;
  endDate: string;
  values: Record<string, string>;
}

/** "a valid date range is required" unless both days are valid and the start is not after the end. */
export function dateRangeMessage(startDate: string, endDate: string): string | null {
  const ok = dayField.safeParse(startDate).success && dayField.safeParse(endDate).success && startDate <= endDate;
  return ok ? null : EXPORT_MESSAGES.dateRange;
}

/** The message of one parameter's value, or null (an organization or group parameter may stay empty). */
export function valueMessage(parameter: ExportParameter, value: string): string | null {
  if (value === '') return isOptionalParameter(parameter.parameter) ? null : 'a value is required';
  return parameterValueMessage(parameter.type, value);
}

/** Whether the run button enables: a valid range and every parameter filled and well formed. */
export function requestReady(parameters: readonly ExportParameter[], request: RequestValues): boolean {
  if (dateRangeMessage(request.startDate, request.endDate)) return false;
  return parameters.every((p) => valueMessage(p, request.values[p.parameter] ?? '') === null);
}

/** The query of the request: the range and each filled parameter. */
export function requestQuery(parameters: readonly ExportParameter[], request: RequestValues): Record<string, string> {
  const query: Record<string, string> = { startDate: request.startDate, endDate: request.endDate };
  for (const p of parameters) {
    const value = request.values[p.parameter] ?? '';
    if (value !== '') query[p.parameter] = value;
  }
  return query;
}
