import type { ReactNode } from 'react';
import { EMPTY_VALUE } from '@/lib/units';

/** What a column's `value` may be. */
export type CellValue = string | number | boolean | null | undefined;

export function isMissing(value: CellValue): value is null | undefined {
  return value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value));
}

/** Ascending order of two present values: numbers numerically, the rest as text. */
function compareValues(a: string | number | boolean, b: string | number | boolean): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/** The rows in a column's order; rows without a value go last whichever the direction. */
export function sortRows<T>(rows: readonly T[], value: ((row: T) => CellValue) | undefined, direction: 'asc' | 'desc'): readonly T[] {
  if (!value) return rows;
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

/** A cell without its own render: the value as text, '—' when missing. */
export function defaultCell(value: CellValue): ReactNode {
  return isMissing(value) ? EMPTY_VALUE : String(value);
}
