import { z } from 'zod';
import { endpoint } from '../endpoint';
import { bodyObject, checkDayRange, dayField, idField, idParam, multiLineTextField, textField } from '../fields';

// Data exports (docs/SCREENS.md 'Screens', Data Exports): SQL an employee defines over the report views
// (schema export_views), offered to the users of its organizations, run on request as a job that
// writes a CSV. The definition form's rules are here once, for the form and the server.

/** Page sizes of the two lists. */
export const DATA_EXPORTS_PAGE_SIZE = 15;
export const EXPORT_REQUESTS_PAGE_SIZE = 12;
/** How long the "Data export complete." toast stays. */
export const EXPORT_TOAST_MS = 10_000;

/** The real-time event on the requester's private channel when a request finishes. */
export const DATA_EXPORT_EVENT = 'data-export';
export const DATA_EXPORT_COMPLETE_MESSAGE = 'Data export complete.';

/** The definition form's messages, word for word. */
export const EXPORT_MESSAGES = {
  nameRequired: 'a name is required',
  sqlRequired: 'an SQL query is required',
  sqlSemicolon: 'SQL query must end with a semicolon (;)',
  sqlForbidden: 'delete or drop detected, please remove!',
  organizationsRequired: "you haven't assigned the query to any organizations!",
  parameterTypes: "it looks like you didn't finish assigning all the parameter types",
  dateRange: 'a valid date range is required',
} as const;

export const EXPORT_PARAMETER_TYPES = ['integer', 'boolean', 'text', 'date'] as const;
export type ExportParameterType = (typeof EXPORT_PARAMETER_TYPES)[number];

/** The parameters every request binds from its date range (as dates): they need no type. */
export const DATE_RANGE_PARAMETERS = ['startDate', 'endDate'] as const;

/** A parameter: a colon and a name, not part of a '::' cast. */
const PARAMETER = /(?<![:\w]):([A-Za-z_][A-Za-z0-9_]{0,62})/g;

/** The distinct parameter names of a query, in order of first use. */
export function queryParameters(sqlQuery: string): string[] {
  return [...new Set([...sqlQuery.matchAll(PARAMETER)].map((m) => m[1] as string))];
}

/** The parameters of a query that need a declared type (all but the date range's). */
export const typedParameters = (sqlQuery: string) => queryParameters(sqlQuery).filter((p) => !(DATE_RANGE_PARAMETERS as readonly string[]).includes(p));

/** A parameter a request may leave empty (bound as null): one about an organization or a group. */
export const isOptionalParameter = (name: string) => /organization|group/i.test(name);

/** Splits a query at its parameters: text, name, text, name, ..., text. */
export function splitAtParameters(sqlQuery: string): { texts: string[]; names: string[] } {
  const texts: string[] = [];
  const names: string[] = [];
  let last = 0;
  for (const match of sqlQuery.matchAll(PARAMETER)) {
    texts.push(sqlQuery.slice(last, match.index));
    names.push(match[1] as string);
    last = (match.index ?? 0) + match[0].length;
  }
  texts.push(sqlQuery.slice(last));
  return { texts, names };
}

export const nameMessage = (name: string) => (name.trim() ? null : EXPORT_MESSAGES.nameRequired);

/** The first of the form's messages a query earns, or null. */
export function sqlMessage(sqlQuery: string): string | null {
  const text = sqlQuery.trim();
  if (!text) return EXPORT_MESSAGES.sqlRequired;
  if (!text.endsWith(';')) return EXPORT_MESSAGES.sqlSemicolon;
  if (/\b(delete|drop|insert)\b/i.test(text)) return EXPORT_MESSAGES.sqlForbidden;
  return null;
}

export const organizationsMessage = (ids: readonly number[]) => (ids.length ? null : EXPORT_MESSAGES.organizationsRequired);

/** Whether every parameter of the query got a type (and no type names a parameter it lacks). */
export function parametersMessage(sqlQuery: string, parameters: readonly { parameter: string; type?: string | null }[]): string | null {
  const typed = new Map(parameters.map((p) => [p.parameter, p.type]));
  return typedParameters(sqlQuery).every((name) => EXPORT_PARAMETER_TYPES.includes(typed.get(name) as ExportParameterType))
    ? null
    : EXPORT_MESSAGES.parameterTypes;
}

/** Every message of a definition, in the order of the form's steps; the first is the one shown. */
export function definitionMessages(d: { name: string; sqlQuery: string; organizationsIds: readonly number[]; parameters: readonly { parameter: string; type?: string | null }[] }): string[] {
  return [nameMessage(d.name), sqlMessage(d.sqlQuery), organizationsMessage(d.organizationsIds), parametersMessage(d.sqlQuery, d.parameters)].filter(
    (m): m is string => m !== null,
  );
}

/** What a value must look like for its type: the message when it does not, else null. */
export function parameterValueMessage(type: ExportParameterType, value: string): string | null {
  switch (type) {
    case 'integer': {
      if (!/^-?\d{1,10}$/.test(value)) return 'must be a whole number';
      const n = Number(value);
      return n >= -2_147_483_648 && n <= 2_147_483_647 ? null : 'must be a whole number from -2147483648 to 2147483647';
    }
    case 'boolean':
      return value === 'true' || value === 'false' ? null : "must be 'true' or 'false'";
    case 'date':
      return dayField.safeParse(value).success ? null : 'must be a date (YYYY-MM-DD)';
    case 'text':
      return value.length <= 500 ? null : 'must be at most 500 characters';
  }
}

// ---- Endpoints -------------------------------------------------------------------------------

export const exportParameterSchema = z.object({
  parameter: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'must be a parameter name (letters, digits and _)'),
  type: z.enum(EXPORT_PARAMETER_TYPES, `must be one of ${EXPORT_PARAMETER_TYPES.join(', ')}`),
});
export type ExportParameter = z.infer<typeof exportParameterSchema>;

export const dataExportSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Employees only (docs/PERMISSIONS.md 'Decisions'); null for everyone else. */
  sqlQuery: z.string().nullable(),
  organizationsIds: z.array(z.number().int()),
  organizations: z.array(z.object({ id: z.number().int(), name: z.string() })),
  parameters: z.array(exportParameterSchema),
  lastRequestedAt: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const EXPORT_REQUEST_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type ExportRequestStatus = (typeof EXPORT_REQUEST_STATUSES)[number];

export const exportRequestSchema = z.object({
  id: z.number().int(),
  dataExportId: z.number().int(),
  name: z.string(),
  executionParameters: z.record(z.string(), z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.enum(EXPORT_REQUEST_STATUSES),
  /** 0 to 100. */
  progress: z.number().int(),
  /** Why it failed, for the requester. */
  error: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Where the CSV downloads from once DONE: a presigned link, or this API's file route (with the sign-in). */
  s3DownloadLink: z.string().nullable(),
  rowCount: z.number().int().nullable(),
  truncated: z.boolean(),
});
export type ExportRequest = z.infer<typeof exportRequestSchema>;

export const createDataExportBodySchema = bodyObject({
  name: textField(200),
  /** Written in a textarea: line breaks and tabs are kept. */
  sqlQuery: multiLineTextField(20_000),
  organizationsIds: z.array(idField).max(500, 'at most 500 organizations'),
  parameters: z.array(exportParameterSchema).max(50, 'at most 50 parameters'),
});
export type CreateDataExportBody = z.input<typeof createDataExportBodySchema>;

const PARAMETER_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * POST data-exports/requests/{id}?startDate=…&endDate=…&{param}={value}: the date range and each
 * parameter's value as text. Each value is checked against its declared type once the export is
 * known; a parameter the export does not define is ignored.
 */
export const requestExportQuerySchema = z
  .object({ startDate: dayField, endDate: dayField })
  .catchall(textField(500))
  .superRefine((q, ctx) => {
    checkDayRange(q, ctx);
    const names = Object.keys(q);
    if (names.length > 52) ctx.addIssue({ code: 'custom', message: 'at most 50 parameters' });
    for (const name of names) if (!PARAMETER_NAME.test(name)) ctx.addIssue({ code: 'custom', message: 'parameter names are letters, digits and _', path: [name] });
  });

/**
 * The spec's body names the requester's cognitoId. The server knows the requester from the
 * verified token alone: the field is accepted for compatibility and never read.
 */
export const requestExportBodySchema = bodyObject({ cognitoId: textField(128).optional() }).optional();

export const dataExportEndpoints = {
  list: endpoint({ method: 'GET', path: '/data-exports', response: z.object({ data: z.array(dataExportSchema) }) }),
  create: endpoint({ method: 'POST', path: '/data-exports', body: createDataExportBodySchema, response: dataExportSchema, status: 201 }),
  requests: endpoint({ method: 'GET', path: '/data-exports/requests', response: z.object({ data: z.array(exportRequestSchema) }) }),
  request: endpoint({
    method: 'POST',
    path: '/data-exports/requests/:id',
    params: z.object({ id: idParam }),
    query: requestExportQuerySchema,
    body: requestExportBodySchema,
    response: exportRequestSchema,
    status: 201,
  }),
} as const;

/** The file of a finished request, for its requester (local storage; S3 links go to the bucket). */
export const exportFilePath = (requestId: number) => `/api/data-exports/requests/${requestId}/file`;
