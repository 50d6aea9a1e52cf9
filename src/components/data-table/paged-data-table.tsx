import { Button } from '@mantine/core';
import { useMemo, useState } from 'react';
import { pagedRows, type PagedQuery, ShowMore } from '../show-more';
import { errorText, showError } from '../toasts';
import { downloadCsv, exportFileName, toCsv } from './csv';
import { DataTable, type DataTableProps } from './data-table';

/** Props of PagedDataTable: a DataTable's, its rows read from `query`. */
export interface PagedDataTableProps<T> extends Omit<DataTableProps<T>, 'rows' | 'pageSize' | 'loading' | 'error' | 'exportable' | 'toolbar'> {
  query: PagedQuery<T>;
  /** Rows a page asks for: the table's page until rows are read; then every row read shows on one page. */
  take: number;
  /** Every row, every page, for Export CSV. */
  fetchAll: () => Promise<T[]>;
  /** The title of the toast when the export fails ('The audit trail could not be exported.'). */
  exportFailed: string;
  /** What a row is, plural, for the line when the next page fails to come. */
  noun: string;
}

/**
 * A table of a list the server pages (docs/SCREENS.md 'Audit Trail', 'My Account'): the pages read
 * so far on one page of the table, Show more under it for the next, and Export CSV above it that
 * fetches every row of every page into `{label}_{date}_{time}_Export.csv`. A failure of a next page
 * leaves the rows read in place.
 */
export function PagedDataTable<T>({ query, take, fetchAll, exportFailed, noun, ...table }: PagedDataTableProps<T>) {
  // The same rows from one render to the next while no page comes: the table sorts and draws them once.
  const { data } = query;
  const { rows, total } = useMemo(() => pagedRows({ data }), [data]);
  const [exporting, setExporting] = useState(false);
  const exportAll = async () => {
    setExporting(true);
    try {
      const exported = table.columns.filter((column) => column.exportable !== false);
      downloadCsv(exportFileName(table.label), toCsv(exported, await fetchAll()));
    } catch (error) {
      showError(errorText(error), exportFailed);
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <DataTable
        {...table}
        rows={rows}
        pageSize={rows.length || take}
        loading={query.isPending}
        error={query.data ? null : query.error}
        toolbar={
          <Button variant="default" mih={44} onClick={() => void exportAll()} loading={exporting} disabled={total === 0}>
            Export CSV
          </Button>
        }
      />
      <ShowMore query={query} noun={noun} />
    </>
  );
}
