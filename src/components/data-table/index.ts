export { type CsvColumn, downloadCsv, exportFileName, toCsv } from './csv';
export { type DataColumn, DataTable, type DataTableProps, type DataTableSelection, type DataTableSort, type RowKey } from './data-table';
export { CheckTarget } from './data-row';
export { PagedDataTable, type PagedDataTableProps } from './paged-data-table';
