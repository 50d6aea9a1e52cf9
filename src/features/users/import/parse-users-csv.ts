import {
  MAX_IMPORT_ROWS,
  rowErrorsOf,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MESSAGES,
  userImportRowSchema,
  type UserImportRow,
  type UserImportRowInput,
} from '@contracts/user-import';
import { trimSpaces } from '@contracts/fields';
import Papa from 'papaparse';

/** One data row of the file: what it holds, and what is wrong with it (nothing: it can be sent). */
export interface UserImportLine {
  /** The row's line in the file (the header is line 1; empty lines are counted). */
  line: number;
  /** The cells as the schema takes them: blank cells null, grantAccess a boolean. */
  input: UserImportRowInput;
  /** The checked row, when the row is valid. */
  row: UserImportRow | null;
  errors: string[];
}

export interface UserImportFile {
  /** Set when the file as a whole cannot be read (wrong header, no rows); then `lines` is empty. */
  fileError: string | null;
  lines: UserImportLine[];
}

type Cells = Partial<Record<(typeof USER_IMPORT_COLUMNS)[number], string | null>>;

/**
 * A cell as the schema takes it: trimmed, blank as null. A byte-order mark in a cell is kept (as
 * the schema's own trimming keeps it), so the row is refused for it rather than imported without it.
 */
const cellOf = (value: string | undefined): string | null => {
  const trimmed = trimSpaces(value ?? '');
  return trimmed === '' ? null : trimmed;
};

/** organizationId: digits (with a sign) become a number; anything else stays text, which the schema refuses. */
const organizationIdOf = (value: string | null): unknown => (value !== null && /^[+-]?\d+$/.test(value) ? Number(value) : value);

/** The row the schema checks, from the cells of one line. */
export function inputOf(cells: Cells): UserImportRowInput {
  const grantAccess = cells.grantAccess ?? null;
  return {
    organizationId: organizationIdOf(cells.organizationId ?? null) as number,
    userName: cells.userName ?? null,
    clientUserId: cells.clientUserId ?? null,
    firstName: cells.firstName ?? null,
    lastName: cells.lastName ?? null,
    email: cells.email ?? null,
    // The phone is stored as digits; '(555) 123-4567' is taken as 5551234567.
    phone: cells.phone ? cells.phone.replace(/\D/g, '') || cells.phone : null,
    permissionsTemplate: cells.permissionsTemplate ?? null,
    // TRUE in any case grants access; anything else written does not.
    grantAccess: grantAccess === null ? null : grantAccess.toUpperCase() === 'TRUE',
    profession: cells.profession ?? null,
    complianceReport: cells.complianceReport ?? null,
  } as unknown as UserImportRowInput;
}

/**
 * Reads an Import Users file (docs/SCREENS.md 'Import Users'): a byte-order mark before the header
 * (as Excel writes) and CRLF line ends are taken, empty lines are dropped, the header must name the columns in order, and every row is
 * checked with the same schema the server uses, its errors in the spec's words.
 */
export function parseUsersCsv(text: string): UserImportFile {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  // Papa leaves an empty last line when the file ends with a line break; a line of blank cells is empty too.
  const numbered = parsed.data
    .map((cells, index) => ({ cells, line: index + 1 }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  const [header, ...data] = numbered;
  const headerOk =
    header !== undefined &&
    header.cells.length === USER_IMPORT_COLUMNS.length &&
    header.cells.every((cell, i) => cell.trim() === USER_IMPORT_COLUMNS[i]);
  if (!headerOk) return { fileError: USER_IMPORT_MESSAGES.header, lines: [] };
  if (data.length === 0) return { fileError: USER_IMPORT_MESSAGES.empty, lines: [] };
  if (data.length > MAX_IMPORT_ROWS) return { fileError: USER_IMPORT_MESSAGES.tooMany, lines: [] };

  const seen = new Set<string>();
  return {
    fileError: null,
    lines: data.map(({ cells, line }): UserImportLine => {
      const named: Cells = Object.fromEntries(USER_IMPORT_COLUMNS.map((column, i) => [column, cellOf(cells[i])]));
      const input = inputOf(named);
      const errors: string[] = [];
      if (cells.length !== USER_IMPORT_COLUMNS.length) errors.push(USER_IMPORT_MESSAGES.rowLength);
      const checked = userImportRowSchema.safeParse(input);
      if (!checked.success) errors.push(...rowErrorsOf(checked.error));
      const row = checked.success ? checked.data : null;
      if (row) {
        if (seen.has(row.userName)) errors.push(USER_IMPORT_MESSAGES.duplicateInFile);
        seen.add(row.userName);
      }
      return { line, input, row: errors.length ? null : row, errors };
    }),
  };
}

/** Whether the file may be sent: readable, and every row valid. */
export function canImport(file: UserImportFile | null): file is UserImportFile {
  return file !== null && file.fileError === null && file.lines.length > 0 && file.lines.every((l) => l.errors.length === 0);
}
