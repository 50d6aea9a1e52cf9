import { z } from 'zod';
import { EMAIL_SUBSCRIPTION_TYPES, type EmailSubscriptionType } from './email-subscriptions';
import { endpoint } from './endpoint';
import { bodyObject, MAX_ID, textField } from './fields';

// The Import Users file (docs/SCREENS.md 'Screens', Import Users) and POST /users/bulk. The client
// checks every row with this schema before sending; the server checks again with the same one, so
// a row shows the same words on either side.

/** The columns the header must name, in this order. */
export const USER_IMPORT_COLUMNS = [
  'organizationId',
  'userName',
  'clientUserId',
  'firstName',
  'lastName',
  'email',
  'phone',
  'permissionsTemplate',
  'grantAccess',
  'profession',
  'complianceReport',
] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];

/** The columns a row must fill. */
export const USER_IMPORT_REQUIRED: readonly UserImportColumn[] = [
  'organizationId',
  'userName',
  'firstName',
  'lastName',
  'permissionsTemplate',
  'grantAccess',
  'profession',
];

/** At most this many rows in one import (the body of a full one is a few megabytes). */
export const MAX_IMPORT_ROWS = 10_000;

export const USER_IMPORT_MESSAGES = {
  onlyCsv: 'Only .csv files are accepted.',
  header: `The first row must name the columns ${USER_IMPORT_COLUMNS.join(', ')}, in this order.`,
  empty: 'The file has no users to import',
  tooMany: `At most ${MAX_IMPORT_ROWS} users can be imported at once`,
  required: (column: string) => `${column} is required`,
  organizationId: 'Invalid organizationId',
  email: 'Invalid email address',
  rowLength: 'Row length does not match columns',
  grantAccessEmail: 'Granting site access requires an email',
  grantAccessUserName: 'Granting site access requires the userName to be an email address',
  userName: 'Must be at least 4 characters, no spaces',
  phone: 'phone must contain digits only',
  complianceReport: 'complianceReport letters are f, d and i, separated by /',
  duplicateInFile: 'Another row of the file has the same userName',
  userNameTaken: 'Username already exists. Select a new username',
  permissionsTemplate: 'Unknown permissionsTemplate',
  notImported: 'Not imported: another row has an error',
  inviteFailed: 'Error sending invite email',
  /** The result toast. */
  imported: (n: number, total: number) => `${n}/${total} users imported`,
} as const;

/** complianceReport letters and the subscription each stands for. */
export const COMPLIANCE_REPORT_LETTERS: Readonly<Record<string, EmailSubscriptionType>> = {
  f: 'FACILITY_COMPLIANCE_REPORT',
  d: 'DEPARTMENT_COMPLIANCE_REPORT',
  i: 'USER_COMPLIANCE_REPORT',
};

/** The subscriptions a complianceReport cell asks for ('f/d' → facility and department), without repeats. */
export function subscriptionsOf(complianceReport: string | null): EmailSubscriptionType[] {
  if (!complianceReport) return [];
  const types = complianceReport
    .split('/')
    .map((letter) => COMPLIANCE_REPORT_LETTERS[letter.trim().toLowerCase()])
    .filter((t): t is EmailSubscriptionType => t !== undefined);
  return EMAIL_SUBSCRIPTION_TYPES.filter((t) => types.includes(t));
}

const required = (column: UserImportColumn) => (issue: { input?: unknown }) =>
  issue.input === null || issue.input === undefined ? USER_IMPORT_MESSAGES.required(column) : undefined;

/** A required text column: null or blank is '{column} is required'. */
const requiredText = (column: UserImportColumn, max: number) =>
  z.string({ error: required(column) }).pipe(textField(max, { min: 1, minMessage: USER_IMPORT_MESSAGES.required(column) }));

/** An optional text column: null when blank. */
const optionalText = (max: number) =>
  textField(max)
    .nullable()
    .transform((v) => (v === '' ? null : v));

/** One row of the file as the client sends it: blank cells are null, grantAccess a boolean. */
export const userImportRowSchema = bodyObject({
  organizationId: z
    .number({ error: (issue) => required('organizationId')(issue) ?? USER_IMPORT_MESSAGES.organizationId })
    .int(USER_IMPORT_MESSAGES.organizationId)
    .positive(USER_IMPORT_MESSAGES.organizationId)
    .max(MAX_ID, USER_IMPORT_MESSAGES.organizationId),
  // Sign-in names are lower-case (the sign-in form lower-cases what is typed).
  userName: requiredText('userName', 128)
    .pipe(z.string().regex(/^\S{4,}$/, USER_IMPORT_MESSAGES.userName))
    .transform((v) => v.toLowerCase()),
  clientUserId: optionalText(64),
  firstName: requiredText('firstName', 100),
  lastName: requiredText('lastName', 100),
  email: textField(320)
    .pipe(z.email(USER_IMPORT_MESSAGES.email))
    .transform((v) => v.toLowerCase())
    .nullable(),
  phone: z.string().regex(/^\d{1,20}$/, USER_IMPORT_MESSAGES.phone).nullable(),
  permissionsTemplate: requiredText('permissionsTemplate', 100),
  grantAccess: z.boolean({ error: required('grantAccess') }),
  profession: requiredText('profession', 100),
  complianceReport: textField(100)
    .regex(/^\s*[fdi]\s*(\/\s*[fdi]\s*)*$/i, USER_IMPORT_MESSAGES.complianceReport)
    .nullable(),
}).superRefine((row, ctx) => {
  if (row.grantAccess === true && !row.email) {
    ctx.addIssue({ code: 'custom', message: USER_IMPORT_MESSAGES.grantAccessEmail, path: ['email'] });
  }
  // The identity provider signs people in by email: a sign-in account's name is an address.
  if (row.grantAccess === true && typeof row.userName === 'string' && !z.email().safeParse(row.userName).success) {
    ctx.addIssue({ code: 'custom', message: USER_IMPORT_MESSAGES.grantAccessUserName, path: ['userName'] });
  }
});
export type UserImportRow = z.infer<typeof userImportRowSchema>;
export type UserImportRowInput = z.input<typeof userImportRowSchema>;

/**
 * The messages of a row's problems: the schema's own messages name their column already; the
 * shared building blocks' ('must be at most 100 characters') get the column put in front.
 */
export function rowErrorsOf(error: z.ZodError): string[] {
  const messages = error.issues.map((issue) => {
    const column = String(issue.path[0] ?? '');
    return column && !issue.message.includes(column) && !Object.values(USER_IMPORT_MESSAGES).includes(issue.message as never)
      ? `${column} ${issue.message}`
      : issue.message;
  });
  return [...new Set(messages)];
}

/**
 * The body of POST /users/bulk. A row the schema refuses makes the whole request a 400 (the client
 * checks every row before sending); per-row errors in the answer are what only the server can
 * tell: organizations outside the caller's scope, templates, user names already taken.
 */
export const userBulkBodySchema = bodyObject({
  data: z.array(userImportRowSchema).min(1, USER_IMPORT_MESSAGES.empty).max(MAX_IMPORT_ROWS, USER_IMPORT_MESSAGES.tooMany),
});

/** What became of one row: created, refused with its errors, or not imported because another row was refused. */
export const userBulkResultSchema = z.object({
  status: z.enum(['created', 'failed', 'skipped']),
  errors: z.array(z.string()),
  newUser: z.object({ id: z.number().int() }).nullable(),
});
export type UserBulkResult = z.infer<typeof userBulkResultSchema>;

export const userImportEndpoints = {
  bulk: endpoint({ method: 'POST', path: '/users/bulk', body: userBulkBodySchema, response: z.array(userBulkResultSchema) }),
};
