export type { DataTableColumn, DataTablePaging, DataTableProps } from './data-table';
export { DataTable } from './data-table';
export { cursorPaging } from './paging';
export type { SortDirection, SortState, SortValue } from './sort';
export { nextSort, sortRows } from './sort';
