import { describe, expect, it } from 'vitest';
import { canImport, checkNfcImport, NFC_IMPORT_MESSAGES as M } from './csv-import';

const context = { groupIds: new Set([5, 7]), userIdsByName: new Map([['dana.ortiz', 41]]) };
const HEADER = 'groupId,nfcId,active,userName';
const ID = '04A1B2C3D4E5F6A7B8C9D';

const check = (...lines: string[]) => checkNfcImport([HEADER, ...lines].join('\n'), context);

describe('NFC CSV import', () => {
  it('reads valid rows, splitting the 21-character id at 14 and resolving user names', () => {
    const result = check(`5,${ID.toLowerCase()},true,Dana.Ortiz`, `7,${ID.replace('04', '05')},false,`);
    expect(result.fileError).toBeNull();
    expect(result.rows[0]).toMatchObject({ line: 2, groupId: 5, nfcId: '04A1B2C3D4E5F6', nfcShortId: 'A7B8C9D', active: true, userId: 41, errors: [] });
    expect(result.rows[1]).toMatchObject({ groupId: 7, active: false, userId: null, errors: [] });
    expect(canImport(result)).toBe(true);
  });

  it('refuses a header that does not name the columns in order', () => {
    expect(checkNfcImport(`nfcId,groupId,active,userName\n5,${ID},true,`, context)).toEqual({ fileError: M.header, rows: [] });
    expect(checkNfcImport('', context).fileError).toBe(M.header);
    expect(checkNfcImport(HEADER, context)).toEqual({ fileError: M.empty, rows: [] });
  });

  it('gives each broken rule its message, and Import stays disabled while any row is invalid', () => {
    const result = check(
      `5,${ID},true`,
      `x,${ID.replace('04', '06')},true,`,
      `99,${ID.replace('04', '07')},true,`,
      `,,,dana.ortiz`,
      `5,04A1,true,`,
      `5,0FA1B2C3D4E5F6A7B8C9-,true,`,
      `5,${ID.replace('04', '08')},true,nobody`,
      `5,${ID.replace('04', '09')},maybe,`,
    );
    expect(result.rows.map((r) => r.errors)).toEqual([
      [M.rowLength],
      [M.groupId],
      [M.groupId],
      [M.required('groupId'), M.required('nfcId'), M.required('active')],
      [M.idLength],
      [M.alphanumeric],
      [M.userName],
      [M.active],
    ]);
    expect(canImport(result)).toBe(false);
    expect(canImport(check(`5,${ID},true,`))).toBe(true);
  });

  it('flags a row whose 14-character NFC id another row already has', () => {
    const result = check(`5,${ID},true,`, `7,${ID},true,`, `7,${ID.slice(0, 14)}ZZZZZZZ,true,`, `7,${ID.replace('04', '05')},true,`);
    expect(result.rows.map((r) => r.errors)).toEqual([[], [M.duplicateInFile], [M.duplicateInFile], []]);
  });
});
