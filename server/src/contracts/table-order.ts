// The order a table's column sorts its rows in, written once for both sides: the app's tables
// (src/components/data-table/sort-rows.ts) and the exports that write a table's rows in the order
// the user sees (the users CSV).

/** What a sorted cell may hold. */
export type CellValue = string | number | boolean | null | undefined;

/** A cell without a value (also a number that is not one): such rows go last whichever the direction. */
export function isMissing(value: CellValue): value is null | undefined {
  return value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value));
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Ascending order of two present values: numbers numerically, the rest as text. */
function compareValues(a: string | number | boolean, b: string | number | boolean): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/** The rows in a column's order; rows without a value go last whichever the direction; equal values keep their order. */
export function sortByValue<T>(rows: readonly T[], value: (row: T) => CellValue, direction: 'asc' | 'desc'): T[] {
  const factor = direction === 'asc' ? 1 : -1;
  return rows
    .map((row) => ({ row, value: value(row) }))
    .sort((a, b) => {
      if (isMissing(a.value)) return isMissing(b.value) ? 0 : 1;
      if (isMissing(b.value)) return -1;
      return factor * compareValues(a.value, b.value);
    })
    .map(({ row }) => row);
}
