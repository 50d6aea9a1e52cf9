import { Box, Button, Checkbox, Group, Loader, Pagination, Skeleton, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { useMedia } from '@/lib/use-media';
import { LoadError } from '../load-error';
import type { UnitConversion } from '@/lib/units';
import { downloadCsv, exportFileName, toCsv } from './csv';
import { CheckTarget, DataRow, PINNED_CLASS, ROW_HEIGHT, type RowActions } from './data-row';
import { FOLD_QUERY } from './row-details';
import { type CellValue, defaultCell, sortRows } from './sort-rows';

export type RowKey = string | number;

/** One column of a DataTable. */
export interface DataColumn<T> {
  key: string;
  header: string;
  /** The cell's raw value: used to sort and to export. */
  value: (row: T) => CellValue;
  /** How the cell shows on screen (defaults to the value as text, '—' when null). */
  render?: (row: T) => ReactNode;
  /** Whether the header sorts the table (default true). */
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  /** Exported with this conversion (and the unit in the header). */
  unit?: UnitConversion;
  /** The unit of a number exported as it is, named in the CSV header only (the cells say it on screen). */
  exportUnit?: string;
  /** Leave out of the CSV export (default true: exported). */
  exportable?: boolean;
  /**
   * A secondary column: on layouts narrower than 1200 px (iPads, tablets, phones) it leaves the
   * table for the row's details, opened by the button at the row's start, so that the name, the
   * key figure and the row menu stay on screen. It is still exported.
   */
  fold?: boolean;
  /** 'end': stays at the table's right edge while the table scrolls sideways (row menus). */
  pin?: 'end';
}

/** A sort order of a DataTable. */
export interface DataTableSort {
  key: string;
  direction: 'asc' | 'desc';
}

/** Row selection with checkboxes. */
export interface DataTableSelection<T> {
  selected: ReadonlySet<RowKey>;
  onChange: (next: Set<RowKey>) => void;
  isSelectable?: (row: T) => boolean;
}

/** Props of DataTable. */
export interface DataTableProps<T> {
  /** Accessible name of the table (aria-label) and the CSV file's base name. */
  label: string;
  columns: DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => RowKey;
  /** Rows per page (default 10). */
  pageSize?: number;
  /** Shows skeleton rows (or, over rows already shown, a loader); never the empty text. */
  loading?: boolean;
  /** Shows why the rows are missing instead of them: the server's message, or that it could not be reached. */
  error?: Error | string | null;
  /** Offline (the server unreachable): what the missing list is and what still works (default: not loaded on this device yet). */
  unavailableText?: string;
  /** Shown when there are no rows (default 'No data'). */
  emptyText?: string;
  initialSort?: DataTableSort;
  /** Told the order the user chose by a header (an export that follows the table's order). */
  onSortChange?: (sort: DataTableSort) => void;
  /** Selection with checkboxes (header checkbox selects the current page's rows). */
  selection?: DataTableSelection<T>;
  /** Makes rows clickable and keyboard-activatable (Tab, then Enter or Space). */
  onRowClick?: (row: T) => void;
  /** Which rows `onRowClick` applies to (default: every row); the others are plain rows. */
  isRowClickable?: (row: T) => boolean;
  /** Shows an 'Export CSV' button; the export holds every row of the table in the current sort order (all pages), with the exportable columns. */
  exportable?: boolean;
  /** Extra controls on the toolbar row, left of the export button. */
  toolbar?: ReactNode;
  /** Called with the new page index (0-based) — lets a caller fetch more when fewer than 2 pages remain. */
  onPageChange?: (page: number) => void;
  /** Names a row for its details button (default: the first column's value). */
  rowLabel?: (row: T) => string;
}

const NO_COLUMNS: never[] = [];

/** A sortable, paginated table with optional row selection and CSV export; on narrow layouts its secondary columns fold into row details. */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  pageSize = 10,
  loading = false,
  error = null,
  emptyText = 'No data',
  initialSort,
  onSortChange,
  selection,
  onRowClick: rowClick,
  isRowClickable,
  exportable = false,
  toolbar,
  onPageChange,
  rowLabel,
  unavailableText = 'This list has not been loaded on this device yet.',
}: DataTableProps<T>) {
  const narrow = useMedia(FOLD_QUERY);
  const shown = useMemo(() => (narrow ? columns.filter((column) => !column.fold) : columns), [narrow, columns]);
  const folded = useMemo(() => (narrow ? columns.filter((column) => column.fold) : NO_COLUMNS), [narrow, columns]) as DataColumn<T>[];
  const [openDetails, setOpenDetails] = useState<ReadonlySet<RowKey>>(new Set());
  const detailsId = useId();
  const [sort, setSort] = useState<DataTableSort | null>(initialSort ?? null);
  const [page, setPage] = useState(0);

  const sortColumn = columns.find((column) => column.key === sort?.key && column.sortable !== false);
  const sorted = useMemo(() => sortRows(rows, sortColumn?.value, sort?.direction ?? 'asc'), [rows, sortColumn, sort?.direction]);

  const pageCount = Math.max(1, Math.ceil(sorted.length / pageSize));
  // Fewer rows than before can leave the page past the end: start again from the first page.
  if (page >= pageCount) setPage(0);
  const current = page < pageCount ? page : 0;
  const start = current * pageSize;
  const pageRows = sorted.slice(start, start + pageSize);

  const changePage = (next: number) => {
    setPage(next);
    onPageChange?.(next);
  };

  // A new order starts from its first page: page 12 of the old order shows unrelated rows.
  const toggleSort = (key: string) => {
    const next: DataTableSort = { key, direction: sort?.key === key && sort.direction === 'asc' ? 'desc' : 'asc' };
    setSort(next);
    onSortChange?.(next);
    if (current !== 0) changePage(0);
  };

  const exportCsv = () => {
    const exported = columns.filter((column) => column.exportable !== false);
    downloadCsv(exportFileName(label), toCsv(exported, sorted));
  };

  const selectable = selection ? pageRows.filter((row) => selection.isSelectable?.(row) ?? true).map(rowKey) : [];
  const selectedOnPage = selection ? selectable.filter((key) => selection.selected.has(key)).length : 0;
  const allOnPageSelected = selectable.length > 0 && selectedOnPage === selectable.length;

  const togglePage = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const key of selectable) {
      if (allOnPageSelected) next.delete(key);
      else next.add(key);
    }
    selection.onChange(next);
  };

  const toggleRow = (key: RowKey) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };

  const toggleDetails = (key: RowKey) =>
    setOpenDetails((previous) => {
      const next = new Set(previous);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const labelOf = (row: T) => rowLabel?.(row) ?? String(defaultCell(columns[0]?.value(row)));

  const columnCount = shown.length + (selection ? 1 : 0) + (folded.length > 0 ? 1 : 0);
  const showSkeleton = loading && rows.length === 0;

  // The rows' actions stay the same object from one render to the next (each row is memoized),
  // and call the table's latest handlers.
  const latest = useRef({ toggleRow, toggleDetails, rowClick });
  latest.current = { toggleRow, toggleDetails, rowClick };
  const actions = useMemo<RowActions<T>>(
    () => ({
      toggleRow: (key) => latest.current.toggleRow(key),
      toggleDetails: (key) => latest.current.toggleDetails(key),
      click: (row) => latest.current.rowClick?.(row),
    }),
    [],
  );

  const head = (
    <Table.Thead>
      <Table.Tr h={ROW_HEIGHT}>
        {selection && (
          <Table.Th w={48} p={0} ta="center">
            <CheckTarget>
              <Checkbox
                aria-label="Select all rows on this page"
                checked={allOnPageSelected}
                indeterminate={selectedOnPage > 0 && !allOnPageSelected}
                disabled={selectable.length === 0}
                onChange={togglePage}
              />
            </CheckTarget>
          </Table.Th>
        )}
        {folded.length > 0 && (
          <Table.Th w={52}>
            <VisuallyHidden>Details</VisuallyHidden>
          </Table.Th>
        )}
        {shown.map((column) => {
          const direction = sort?.key === column.key && column.sortable !== false ? sort.direction : null;
          return (
            <Table.Th
              key={column.key}
              ta={column.align}
              className={column.pin === 'end' ? PINNED_CLASS : undefined}
              aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
            >
              {column.sortable === false ? (
                column.header
              ) : (
                <UnstyledButton
                  onClick={() => toggleSort(column.key)}
                  aria-label={`Sort by ${column.header}`}
                  data-touch-target
                  fw={700}
                  fz="sm"
                  style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minWidth: 44 }}
                >
                  {column.header}
                  <Text component="span" aria-hidden fz="xs" c={direction ? undefined : 'dimmed'}>
                    {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
                  </Text>
                </UnstyledButton>
              )}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );

  const skeletonRows = Array.from({ length: Math.min(pageSize, 5) }, (_, index) => (
    <Table.Tr key={`skeleton-${index}`} h={ROW_HEIGHT}>
      {Array.from({ length: columnCount }, (__, cell) => (
        <Table.Td key={cell}>
          <Skeleton height={12} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));

  const bodyRows = pageRows.map((row) => {
    const key = rowKey(row);
    return (
      <DataRow
        key={key}
        row={row}
        rowKey={key}
        shown={shown}
        folded={folded}
        selection={selection ? { selected: selection.selected.has(key), selectable: selection.isSelectable?.(row) ?? true } : null}
        detailsOpen={folded.length > 0 && openDetails.has(key)}
        detailsId={detailsId}
        label={labelOf(row)}
        clickable={Boolean(rowClick) && (isRowClickable?.(row) ?? true)}
        columnCount={columnCount}
        actions={actions}
      />
    );
  });

  const emptyRow = (
    <Table.Tr h={ROW_HEIGHT}>
      <Table.Td colSpan={columnCount}>
        <Text c="dimmed" ta="center" py="md">
          {emptyText}
        </Text>
      </Table.Td>
    </Table.Tr>
  );

  const hasToolbar = exportable || toolbar !== undefined;

  return (
    <Box>
      {hasToolbar && (
        <Group justify="flex-end" gap="sm" mb="sm" wrap="wrap">
          {toolbar}
          {exportable && (
            <Button variant="default" onClick={exportCsv} disabled={sorted.length === 0 || Boolean(error)}>
              Export CSV
            </Button>
          )}
        </Group>
      )}
      {error ? (
        <LoadError error={error} unavailable={unavailableText} />
      ) : (
        <>
          {/* Folded (tablets, phones), the columns left are chosen to fit: no width of its own to scroll sideways to. */}
          <Table.ScrollContainer minWidth={narrow ? 0 : 640} type="native">
            <Table aria-label={label} aria-busy={loading || undefined} highlightOnHover={Boolean(rowClick)} verticalSpacing="xs">
              {head}
              <Table.Tbody>{showSkeleton ? skeletonRows : pageRows.length > 0 ? bodyRows : emptyRow}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" align="center" mt="sm" gap="sm" wrap="wrap">
            <Group gap="xs">
              {sorted.length > 0 && (
                <Text size="sm" c="dimmed">
                  Showing {start + 1} to {start + pageRows.length} of {sorted.length}
                </Text>
              )}
              {loading && !showSkeleton && <Loader size="xs" role="status" aria-label="Loading" />}
            </Group>
            {pageCount > 1 && (
              <Box component="nav" aria-label={`${label} pages`}>
                <Pagination
                  total={pageCount}
                  value={current + 1}
                  onChange={(value) => changePage(value - 1)}
                  getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
                  getControlProps={(control) => ({ 'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : `${control} page` })}
                />
              </Box>
            )}
          </Group>
        </>
      )}
    </Box>
  );
}
