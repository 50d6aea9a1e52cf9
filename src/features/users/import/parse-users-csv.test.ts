import { USER_IMPORT_COLUMNS } from '@contracts/user-import';
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { canImport, parseUsersCsv } from './parse-users-csv';

const HEADER = USER_IMPORT_COLUMNS.join(',');
const VALID = '3,jdoe,E1,Jane,Doe,jane@example.org,(555) 123-4567,Individual User,false,Nurse,f/d';

describe('parseUsersCsv', () => {
  it('reads a valid row: blank cells null, grantAccess by TRUE in any case, the phone as digits', () => {
    const file = parseUsersCsv(`${HEADER}\n${VALID}\n4,ann.lee@example.org,,Ann,Lee,ann.lee@example.org,,2,True,Doctor,\n`);
    expect(file.fileError).toBeNull();
    expect(file.lines.map((l) => l.errors)).toEqual([[], []]);
    expect(file.lines[0]?.row).toEqual({
      organizationId: 3,
      userName: 'jdoe',
      clientUserId: 'E1',
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.org',
      phone: '5551234567',
      permissionsTemplate: 'Individual User',
      grantAccess: false,
      profession: 'Nurse',
      complianceReport: 'f/d',
    });
    expect(file.lines[1]?.row).toMatchObject({ clientUserId: null, phone: null, grantAccess: true, complianceReport: null });
    expect(canImport(file)).toBe(true);
  });

  it("gives each row the spec's messages", () => {
    const file = parseUsersCsv(
      [
        HEADER,
        ',jdoe,E1,Jane,,jane@example.org,,Individual User,false,Nurse,',
        '0,jdoe2,E1,Jane,Doe,jane@example.org,,Individual User,false,Nurse,',
        'x,jdoe3,E1,Jane,Doe,not-an-email,,Individual User,false,Nurse,',
        '3,jdoe4,E1,Jane,Doe',
        '3,jdoe5,E1,Jane,Doe,,,Individual User,TRUE,Nurse,',
        '3,jdoe6,E1,Jane,Doe,,,Individual User,false,Nurse,f/x',
        '3,JDOE6,E1,Jane,Doe,,,Individual User,false,Nurse,',
      ].join('\n'),
    );
    expect(file.lines.map((l) => l.errors)).toEqual([
      ['organizationId is required', 'lastName is required'],
      ['Invalid organizationId'],
      ['Invalid organizationId', 'Invalid email address'],
      ['Row length does not match columns', 'permissionsTemplate is required', 'grantAccess is required', 'profession is required'],
      ['Granting site access requires an email', 'Granting site access requires the userName to be an email address'],
      ['complianceReport letters are f, d and i, separated by /'],
      [],
    ]);
    expect(canImport(file)).toBe(false);
  });

  it('refuses a file whose header differs or that has no rows', () => {
    const reordered = [...USER_IMPORT_COLUMNS].reverse().join(',');
    expect(parseUsersCsv(`${reordered}\n${VALID}`).fileError).toMatch(/^The first row must name the columns organizationId, userName/);
    expect(parseUsersCsv(`${HEADER}\n\n`).fileError).toBe('The file has no users to import');
    expect(parseUsersCsv('').fileError).not.toBeNull();
  });

  it('takes the byte-order mark Excel puts before the header, and refuses a row whose cells hide invisible characters', () => {
    const hidden = [
      VALID.replace('jdoe', '\uFEFFjdoe'),
      VALID.replace('jdoe', 'jd\u200Boe').replace('Jane', 'Jane\u202E'),
      VALID.replace('Doe', '\u2066Doe\u2069'),
      VALID.replace('jane@example.org', 'jane@exam\u00ADple.org'),
      VALID.replace('E1', 'E\u200D1'),
    ];
    const file = parseUsersCsv(`\uFEFF${HEADER}\r\n${[VALID.replace('jdoe', 'jdoe0'), ...hidden].join('\r\n')}\r\n`);
    expect(file.fileError).toBeNull();
    expect(file.lines.map((l) => l.errors)).toEqual([
      [],
      ['userName must not contain invisible or control characters (it has U+FEFF)'],
      ['userName must not contain invisible or control characters (it has U+200B)', 'firstName must not contain invisible or control characters (it has U+202E)'],
      ['lastName must not contain invisible or control characters (it has U+2066)'],
      ['email must not contain invisible or control characters (it has U+00AD)'],
      ['clientUserId must not contain invisible or control characters (it has U+200D)'],
    ]);
    expect(file.lines.slice(1).map((l) => l.row)).toEqual([null, null, null, null, null]);
    expect(canImport(file)).toBe(false);
  });

  it('flags a user name used twice in the file', () => {
    const file = parseUsersCsv(`${HEADER}\n${VALID}\n${VALID.replace('Jane', 'Janet')}`);
    expect(file.lines.map((l) => l.errors)).toEqual([[], ['Another row of the file has the same userName']]);
  });
});

// Text a cell may hold: printable, with the characters CSV must quote (comma, quote) mixed in.
const cellText = (min: number) =>
  fc
    .string({ unit: fc.constantFrom(...'abcXYZ09 ,"\'-.éß'), minLength: min, maxLength: 12 })
    .filter((s) => s.trim().length >= min && s.trim() === s);

const validRow = fc.record({
  organizationId: fc.integer({ min: 1, max: 2_147_483_647 }),
  userName: fc.stringMatching(/^[a-z0-9._]{4,16}$/),
  clientUserId: fc.option(cellText(1), { nil: null }),
  firstName: cellText(1),
  lastName: cellText(1),
  email: fc.constant(null),
  phone: fc.option(fc.stringMatching(/^\d{1,12}$/), { nil: null }),
  permissionsTemplate: cellText(1),
  grantAccess: fc.constant(false),
  profession: cellText(1),
  complianceReport: fc.option(fc.constantFrom('f', 'd', 'i', 'f/d', 'F/D/I'), { nil: null }),
});

/** A file of `rows` as a spreadsheet may save it: any quoting, LF or CRLF, a BOM or not, empty lines anywhere. */
function fileOf(rows: readonly Record<string, unknown>[], opts: { crlf: boolean; bom: boolean; quotes: boolean; blanks: readonly number[] }) {
  const newline = opts.crlf ? '\r\n' : '\n';
  const lines = [
    HEADER,
    ...rows.map((row) => Papa.unparse([USER_IMPORT_COLUMNS.map((c) => (row[c] === null ? '' : String(row[c])))], { quotes: opts.quotes, newline })),
  ];
  for (const at of opts.blanks) lines.splice(1 + (at % lines.length), 0, '');
  return (opts.bom ? '\uFEFF' : '') + lines.join(newline) + newline;
}

const options = fc.record({ crlf: fc.boolean(), bom: fc.boolean(), quotes: fc.boolean(), blanks: fc.array(fc.nat(), { maxLength: 4 }) });

describe('parseUsersCsv, for any file', () => {
  it('gives back every row as written, whatever the quoting, line ends, BOM and empty lines', () => {
    fc.assert(
      fc.property(fc.uniqueArray(validRow, { minLength: 1, maxLength: 20, selector: (r) => r.userName }), options, (rows, opts) => {
        const file = parseUsersCsv(fileOf(rows, opts));
        expect(file.fileError).toBeNull();
        expect(file.lines.map((l) => l.errors)).toEqual(rows.map(() => []));
        expect(file.lines.map((l) => l.row)).toEqual(rows.map((r) => ({ ...r, grantAccess: false })));
      }),
      { numRuns: 150 },
    );
  });

  it('never lets a row with a blank required cell through', () => {
    const required = ['organizationId', 'userName', 'firstName', 'lastName', 'permissionsTemplate', 'grantAccess', 'profession'] as const;
    fc.assert(
      fc.property(validRow, fc.constantFrom(...required), options, (row, column, opts) => {
        const file = parseUsersCsv(fileOf([{ ...row, [column]: null }], opts));
        expect(file.lines[0]?.errors).toContain(`${column} is required`);
        expect(canImport(file)).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('reads 10,000 rows', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      organizationId: 3,
      userName: i % 2 === 0 ? `user${i}@example.org` : `user${i}`,
      clientUserId: `E${i}`,
      firstName: 'First, "quoted"',
      lastName: `Last ${i}`,
      email: `user${i}@example.org`,
      phone: '5551234567',
      permissionsTemplate: 'Individual User',
      grantAccess: i % 2 === 0 ? 'TRUE' : 'false',
      profession: 'Nurse',
      complianceReport: 'f/d/i',
    }));
    const file = parseUsersCsv(fileOf(rows, { crlf: true, bom: true, quotes: false, blanks: [5, 500] }));
    expect(file.lines).toHaveLength(10_000);
    expect(canImport(file)).toBe(true);
    expect(file.lines[9_999]?.row).toMatchObject({ userName: 'user9999', firstName: 'First, "quoted"', grantAccess: false });
    expect(parseUsersCsv(fileOf([...rows, rows[0] as (typeof rows)[number]], { crlf: false, bom: false, quotes: false, blanks: [] })).fileError).toBe(
      'At most 10000 users can be imported at once',
    );
  });
});
