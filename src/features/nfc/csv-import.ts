import Papa from 'papaparse';

/** The NFC import's columns, in the order the header must have (docs/OFFLINE.md 'NFC Tag Assignment'). */
export const NFC_CSV_COLUMNS = ['groupId', 'nfcId', 'active', 'userName'] as const;
/** A CSV row's NFC id: the 14-character id and its 7-character short id together. */
export const NFC_CSV_ID_LENGTH = 21;
const NFC_ID_SPLIT = 14;

export const NFC_IMPORT_MESSAGES = {
  onlyCsv: 'Only .csv files are accepted.',
  header: `The first row must name the columns ${NFC_CSV_COLUMNS.join(', ')}, in this order.`,
  empty: 'No valid NFC tags to import',
  rowLength: 'Row length does not match columns',
  groupId: 'Invalid groupId',
  required: (column: string) => `Column ${column} is Required`,
  idLength: 'Invalid NFC ID Length',
  alphanumeric: 'NFC ID Must Contain Only Alphanumeric Characters',
  userName: 'Invalid or non-existent UserName',
  active: 'Column active must be true or false',
  duplicateInFile: 'Another row of the file has the same NFC ID (its first 14 characters)',
} as const;

/** One data row of the file, with what is wrong with it (nothing: it can be imported). */
export interface NfcImportRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  groupId: number | null;
  nfcId: string;
  nfcShortId: string;
  /** The full id as written in the file. */
  rawId: string;
  active: boolean;
  userName: string;
  userId: number | null;
  errors: string[];
}

export interface NfcImportCheck {
  /** Set when the file as a whole cannot be read (wrong header, no rows); then `rows` is empty. */
  fileError: string | null;
  rows: NfcImportRow[];
}

export interface NfcImportContext {
  /** Locations the user may add tags to. */
  groupIds: ReadonlySet<number>;
  /** Users by user name, lower-cased. */
  userIdsByName: ReadonlyMap<string, number>;
}

const ACTIVE_WORDS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false, yes: true, no: false };

/** Reads an NFC import file and checks every row against the spec's rules, in the spec's words. */
export function checkNfcImport(text: string, context: NfcImportContext): NfcImportCheck {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...data] = parsed.data;
  const headerOk =
    header !== undefined &&
    header.length === NFC_CSV_COLUMNS.length &&
    header.every((cell, i) => cell.trim() === NFC_CSV_COLUMNS[i]);
  if (!headerOk) return { fileError: NFC_IMPORT_MESSAGES.header, rows: [] };
  if (data.length === 0) return { fileError: NFC_IMPORT_MESSAGES.empty, rows: [] };

  const seen = new Map<string, number>();
  const rows = data.map((cells, index): NfcImportRow => {
    const errors: string[] = [];
    const [groupText = '', idText = '', activeText = '', userName = ''] = cells.map((c) => c.trim());
    if (cells.length !== NFC_CSV_COLUMNS.length) errors.push(NFC_IMPORT_MESSAGES.rowLength);
    for (const [column, value] of [
      ['groupId', groupText],
      ['nfcId', idText],
      ['active', activeText],
    ] as const) {
      if (!value) errors.push(NFC_IMPORT_MESSAGES.required(column));
    }
    let groupId: number | null = null;
    if (groupText) {
      const n = Number(groupText);
      if (Number.isInteger(n) && context.groupIds.has(n)) groupId = n;
      else errors.push(NFC_IMPORT_MESSAGES.groupId);
    }
    const id = idText.toUpperCase();
    if (idText) {
      if (id.length !== NFC_CSV_ID_LENGTH) errors.push(NFC_IMPORT_MESSAGES.idLength);
      if (!/^[0-9A-Z]*$/.test(id)) errors.push(NFC_IMPORT_MESSAGES.alphanumeric);
      // The server keeps one tag per 14-character NFC id, whatever follows it.
      const key = id.slice(0, NFC_ID_SPLIT);
      if (seen.has(key)) errors.push(NFC_IMPORT_MESSAGES.duplicateInFile);
      else seen.set(key, index);
    }
    const active = ACTIVE_WORDS[activeText.toLowerCase()];
    if (activeText && active === undefined) errors.push(NFC_IMPORT_MESSAGES.active);
    let userId: number | null = null;
    if (userName) {
      userId = context.userIdsByName.get(userName.toLowerCase()) ?? null;
      if (userId === null) errors.push(NFC_IMPORT_MESSAGES.userName);
    }
    return {
      line: index + 2,
      groupId,
      nfcId: id.slice(0, NFC_ID_SPLIT),
      nfcShortId: id.slice(NFC_ID_SPLIT),
      rawId: idText,
      active: active ?? true,
      userName,
      userId,
      errors,
    };
  });
  return { fileError: null, rows };
}

/** Whether Import may run: a readable file whose every row is valid. */
export function canImport(check: NfcImportCheck): boolean {
  return check.fileError === null && check.rows.length > 0 && check.rows.every((row) => row.errors.length === 0);
}
