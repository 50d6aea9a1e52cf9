import Papa from 'papaparse';
import { CONVERTED_UNIT, convertUnit, type UnitConversion } from '@/lib/units';

/** One column of a CSV export. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
  /** Numbers are exported converted, and the header names the unit, e.g. 'Duration (min)'. */
  unit?: UnitConversion;
  /** The unit of numbers exported as they are, named in the header ('s': 'Avg Soap (s)'); the screen says it in each cell. */
  exportUnit?: string;
}

/**
 * The CSV text of rows: a header row, then one line per row. Empty values give empty cells.
 * Text starting with =, +, -, @ is prefixed with ' so a spreadsheet never runs it as a formula.
 */
export function toCsv<T>(columns: CsvColumn<T>[], rows: readonly T[]): string {
  const fields = columns.map((column) => {
    const unit = column.unit ? CONVERTED_UNIT[column.unit] : column.exportUnit;
    return unit ? `${column.header} (${unit})` : column.header;
  });
  const data = rows.map((row) =>
    columns.map((column) => {
      const value = column.value(row);
      if (value === null || value === undefined) return null;
      return typeof value === 'number' && column.unit ? convertUnit(value, column.unit) : value;
    }),
  );
  return Papa.unparse({ fields, data }, { escapeFormulae: true });
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The download name of an export, e.g. 'Compliance_by_unit_2026-11-20_08-05-09_Export.csv',
 * stamped with the device's local time (the time the user sees on their clock).
 */
export function exportFileName(base: string, now = new Date()): string {
  const slug =
    base
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'Data';
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}-${pad(now.getMinutes())}-${pad(now.getSeconds())}`;
  return `${slug}_${date}_${time}_Export.csv`;
}

/** Saves CSV text as a file; the UTF-8 byte order mark lets Excel read accented names. */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers still read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
