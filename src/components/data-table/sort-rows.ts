import type { ReactNode } from 'react';
import { type CellValue, isMissing, sortByValue } from '@contracts/table-order';
import { EMPTY_VALUE } from '@/lib/units';

export { type CellValue, isMissing } from '@contracts/table-order';

/** The rows in a column's order (the order the exports follow too); without a column, as given. */
export function sortRows<T>(rows: readonly T[], value: ((row: T) => CellValue) | undefined, direction: 'asc' | 'desc'): readonly T[] {
  return value ? sortByValue(rows, value, direction) : rows;
}

/** A cell without its own render: the value as text, '—' when missing. */
export function defaultCell(value: CellValue): ReactNode {
  return isMissing(value) ? EMPTY_VALUE : String(value);
}
