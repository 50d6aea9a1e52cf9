import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CsvColumn, downloadCsv, exportFileName, toCsv } from './csv';

interface Row {
  name: string | null;
  washSeconds: number | null;
  wornMs?: number;
  active: boolean;
}

const columns: CsvColumn<Row>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Wash', value: (row) => row.washSeconds, unit: 's-to-m' },
  { header: 'Worn', value: (row) => row.wornMs, unit: 'ms-to-h' },
  { header: 'Active', value: (row) => row.active },
];

describe('toCsv', () => {
  it('writes the header row first, with the unit of converted columns', () => {
    expect(toCsv(columns, []).split('\r\n')[0]).toBe('Name,Wash (min),Worn (h),Active');
    const units: CsvColumn<number>[] = [
      { header: 'A', value: (n) => n, unit: 'm-to-h' },
      { header: 'B', value: (n) => n, unit: 'ms-to-s' },
      { header: 'C', value: (n) => n },
    ];
    expect(toCsv(units, [1500])).toBe('A (h),B (s),C\r\n25,1.5,1500');
    // A number exported as it is names its unit in the header only.
    expect(toCsv([{ header: 'Avg Soap', value: (n: number) => n, exportUnit: 's' }], [27.5])).toBe('Avg Soap (s)\r\n27.5');
  });

  it('converts numbers, quotes commas and quotes, and leaves missing values empty', () => {
    const rows: Row[] = [
      { name: 'Ward 3, East', washSeconds: 90, wornMs: 5_400_000, active: true },
      { name: 'The "quiet" room', washSeconds: null, active: false },
      { name: null, washSeconds: 100, wornMs: 0, active: true },
    ];
    expect(toCsv(columns, rows)).toBe(
      [
        'Name,Wash (min),Worn (h),Active',
        '"Ward 3, East",1.5,1.5,true',
        '"The ""quiet"" room",,,false',
        ',1.67,0,true',
      ].join('\r\n'),
    );
  });

  it('keeps accents and defuses text a spreadsheet would run as a formula', () => {
    const names: CsvColumn<string>[] = [{ header: 'Name', value: (s) => s }];
    expect(toCsv(names, ['Hélène', '=HYPERLINK("x")'])).toBe('Name\r\nHélène\r\n"\'=HYPERLINK(""x"")"');
  });
});

describe('exportFileName', () => {
  const at = new Date(2026, 10, 20, 8, 5, 9);

  it('slugs the base name and stamps the local date and time', () => {
    expect(exportFileName('Compliance by unit', at)).toBe('Compliance_by_unit_2026-11-20_08-05-09_Export.csv');
  });

  it('collapses and trims separators, and drops accents', () => {
    expect(exportFileName('  Staff — rounding / exposure!  ', at)).toBe('Staff_rounding_exposure_2026-11-20_08-05-09_Export.csv');
    expect(exportFileName('Hygiène', at)).toBe('Hygiene_2026-11-20_08-05-09_Export.csv');
    expect(exportFileName('***', at)).toBe('Data_2026-11-20_08-05-09_Export.csv');
  });

  it('always ends with a timestamp and _Export.csv', () => {
    expect(exportFileName('Devices')).toMatch(/^Devices_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}_Export\.csv$/);
  });
});

/** The bytes of a Blob (jsdom's Blob has no arrayBuffer()). */
function readBytes(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

describe('downloadCsv', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('saves a UTF-8 CSV file with a byte order mark through a temporary link', async () => {
    vi.useFakeTimers();
    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((b: Blob) => {
      blob = b;
      return 'blob:lavo/1';
    });
    const revoke = vi.fn();
    URL.revokeObjectURL = revoke;
    let inDocumentAtClick = false;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      inDocumentAtClick = this.isConnected;
    });

    downloadCsv('Devices_Export.csv', 'Name\r\nHélène');

    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('Devices_Export.csv');
    expect(link.href).toBe('blob:lavo/1');
    expect(inDocumentAtClick).toBe(true);
    expect(link.isConnected).toBe(false);
    expect(revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:lavo/1');

    vi.useRealTimers();
    expect(blob?.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await readBytes(blob!));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('Name\r\nHélène');
  });
});
