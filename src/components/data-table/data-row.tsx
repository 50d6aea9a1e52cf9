import { Box, Checkbox, Table } from '@mantine/core';
import { type CSSProperties, type KeyboardEvent, memo, type MouseEvent, type ReactNode } from 'react';
import type { DataColumn, RowKey } from './data-table';
import { DetailsRow, DetailsToggle } from './row-details';
import classes from './data-table.module.css';
import { defaultCell } from './sort-rows';

export const ROW_HEIGHT = 44;
/** The class of a pinned column's cells (data-table.module.css). */
export const PINNED_CLASS = classes.pinned;
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="checkbox"]';
const SELECTED_BG = 'var(--mantine-primary-color-light)';
const POINTER: CSSProperties = { cursor: 'pointer' };

export const cellOf = <T,>(column: DataColumn<T>, row: T): ReactNode => (column.render ? column.render(row) : defaultCell(column.value(row)));

/** A 44 px target around a selection checkbox: a finger anywhere on it toggles the box (touch layouts, touch.css). */
export function CheckTarget({ children }: { children: ReactNode }) {
  return (
    <Box component="label" display="inline-flex" miw={44} mih={44} style={{ alignItems: 'center', justifyContent: 'center', cursor: 'pointer' }}>
      {children}
    </Box>
  );
}

/** What a row does when used: stable from one render of the table to the next. */
export interface RowActions<T> {
  toggleRow: (key: RowKey) => void;
  toggleDetails: (key: RowKey) => void;
  click: (row: T) => void;
}

export interface DataRowProps<T> {
  row: T;
  rowKey: RowKey;
  shown: readonly DataColumn<T>[];
  folded: readonly DataColumn<T>[];
  /** Null without selection; else whether the row is selected and may be. */
  selection: { selected: boolean; selectable: boolean } | null;
  detailsOpen: boolean;
  detailsId: string;
  label: string;
  clickable: boolean;
  columnCount: number;
  actions: RowActions<T>;
}

function DataRowView<T>({ row, rowKey, shown, folded, selection, detailsOpen, detailsId, label, clickable, columnCount, actions }: DataRowProps<T>) {
  const onClick = (event: MouseEvent<HTMLTableRowElement>) => {
    // A click on a control inside the row (a checkbox, a link, an action button) is that control's.
    const control = (event.target as HTMLElement).closest(INTERACTIVE);
    if (control && control !== event.currentTarget && event.currentTarget.contains(control)) return;
    actions.click(row);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    actions.click(row);
  };
  const rowDetailsId = `${detailsId}-${String(rowKey)}`;
  const line = (
    <Table.Tr
      h={ROW_HEIGHT}
      tabIndex={clickable ? 0 : undefined}
      onClick={clickable ? onClick : undefined}
      onKeyDown={clickable ? onKeyDown : undefined}
      style={clickable ? POINTER : undefined}
      bg={selection?.selected ? SELECTED_BG : undefined}
      className={classes.row}
      data-selected={selection?.selected || undefined}
    >
      {selection && (
        <Table.Td p={0} ta="center">
          <CheckTarget>
            <Checkbox aria-label="Select row" checked={selection.selected} disabled={!selection.selectable} onChange={() => actions.toggleRow(rowKey)} />
          </CheckTarget>
        </Table.Td>
      )}
      {folded.length > 0 && (
        <Table.Td px={4}>
          <DetailsToggle open={detailsOpen} label={label} controls={rowDetailsId} onToggle={() => actions.toggleDetails(rowKey)} />
        </Table.Td>
      )}
      {shown.map((column) => (
        <Table.Td key={column.key} ta={column.align} className={column.pin === 'end' ? PINNED_CLASS : undefined}>
          {cellOf(column, row)}
        </Table.Td>
      ))}
    </Table.Tr>
  );
  if (!detailsOpen) return line;
  const items = folded.map((column) => ({ key: column.key, header: column.header, cell: cellOf(column, row) }));
  return (
    <>
      {line}
      <DetailsRow id={rowDetailsId} colSpan={columnCount} items={items} />
    </>
  );
}

/**
 * One row of a DataTable (and its details when open), re-rendered only when its row, its columns
 * or its state change: a live update of one row of a page re-renders that row alone.
 */
export const DataRow = memo(DataRowView, (a, b) => {
  return (
    a.row === b.row &&
    a.rowKey === b.rowKey &&
    a.shown === b.shown &&
    a.folded === b.folded &&
    a.selection?.selected === b.selection?.selected &&
    a.selection?.selectable === b.selection?.selectable &&
    (a.selection === null) === (b.selection === null) &&
    a.detailsOpen === b.detailsOpen &&
    a.detailsId === b.detailsId &&
    a.label === b.label &&
    a.clickable === b.clickable &&
    a.columnCount === b.columnCount &&
    a.actions === b.actions
  );
}) as <T>(props: DataRowProps<T>) => ReactNode;
