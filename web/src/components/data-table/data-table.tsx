import { Button, Center, Group, Skeleton, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/error-state';
import { ScrollX } from '@/components/scroll-x';
import { useLang } from '@/i18n/use-lang';
import classes from './data-table.module.css';
import { nextSort, type SortState, type SortValue, sortRows } from './sort';

export interface DataTableColumn<T> {
  /** Stable id of the column: the React key and what `SortState.column` names. */
  key: string;
  /** The column header, also the name of its sort button. */
  header: string;
  render: (row: T) => ReactNode;
  /**
   * The cell that names the row (rendered as `<th scope="row">`), so a screen reader announces e.g.
   * the fund's name with each of its cells. One column per table, usually the first.
   */
  rowHeader?: boolean;
  /** `end` for numbers and amounts, so digits line up. */
  align?: 'start' | 'end';
  noWrap?: boolean;
  /**
   * Makes the column sortable. Without `onSortChange` the table sorts the rows it has by this value;
   * with it the caller sorts (on the server) and this only has to be present.
   */
  sortValue?: (row: T) => SortValue;
}

/** The cursor paging of `useCursorPages`: the table offers "Show more" while there is a next page. */
export interface DataTablePaging {
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** The button's text, e.g. "Show more funds"; "Show more" when omitted. */
  label?: string;
}

export interface DataTableProps<T> {
  /** Names the table (its caption, visually hidden) and its scroll region. */
  label: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The first page is loading: skeleton rows, announced as "Loading <label>…". */
  loading?: boolean;
  /** A failed load. With no rows it replaces the table; after a page has loaded it shows under it. */
  error?: unknown;
  onRetry?: () => void;
  /** Shown instead of the table when there are no rows (e.g. a NoticePanel with the way forward). */
  empty?: ReactNode;
  /** The buttons at the end of each row (edit, delete…), in an "Actions" column. */
  rowActions?: (row: T) => ReactNode;
  actionsHeader?: string;
  /** Controlled sort (server-side). Leave out for a table that sorts its own rows from `defaultSort`. */
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  defaultSort?: SortState;
  paging?: DataTablePaging;
  /** Below this width the table scrolls sideways (with a visible hint) instead of squeezing columns. */
  minWidth?: number;
  highlightOnHover?: boolean;
  /** Off for tables inside a bordered section (the fund page), where a second frame is noise. */
  withTableBorder?: boolean;
}

const SortIcon = ({ direction }: { direction: 'asc' | 'desc' | null }) => (
  <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false" className={classes.sortIcon}>
    <path d="M6 1 L10 5 H2 Z" opacity={direction === 'desc' ? 0.25 : 1} fill="currentColor" />
    <path d="M6 11 L2 7 H10 Z" opacity={direction === 'asc' ? 0.25 : 1} fill="currentColor" />
  </svg>
);

/**
 * THE list table of the app: a real `<table>` (caption, column and row headers), sortable columns
 * whose headers are buttons and carry `aria-sort`, row actions, "Show more" for cursor-paged lists,
 * and the loading, empty and error states every list needs. Wide tables scroll sideways on phones.
 */
export const DataTable = <T,>({
  label,
  columns,
  rows,
  rowKey,
  loading = false,
  error,
  onRetry,
  empty,
  rowActions,
  actionsHeader,
  sort: controlledSort,
  onSortChange,
  defaultSort,
  paging,
  minWidth,
  highlightOnHover = false,
  withTableBorder = true,
}: DataTableProps<T>) => {
  const { t } = useTranslation();
  const lang = useLang();
  const [ownSort, setOwnSort] = useState<SortState | null>(defaultSort ?? null);
  const serverSorted = onSortChange !== undefined;
  const sort = serverSorted ? (controlledSort ?? null) : ownSort;

  const shown = useMemo(() => {
    if (serverSorted || !sort) return rows;
    const keyOf = columns.find((c) => c.key === sort.column)?.sortValue;
    return keyOf ? sortRows(rows, keyOf, sort.direction, lang) : rows;
  }, [rows, columns, sort, serverSorted, lang]);

  const failed = error !== undefined && error !== null;
  if (loading && rows.length === 0)
    return (
      <div role="status" aria-busy="true">
        <VisuallyHidden>{t('dataTable.loading', { name: label })}</VisuallyHidden>
        <Stack gap="xs" aria-hidden>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={44} />
          ))}
        </Stack>
      </div>
    );
  if (failed && rows.length === 0) return <LoadError error={error} onRetry={() => onRetry?.()} />;
  if (rows.length === 0)
    return (
      empty ?? (
        <Text c="dimmed" size="sm" role="status">
          {t('dataTable.empty')}
        </Text>
      )
    );

  const onHeader = (column: string) => {
    const next = nextSort(sort, column);
    if (serverSorted) onSortChange(next);
    else setOwnSort(next);
  };

  return (
    <Stack gap="sm">
      <ScrollX label={label}>
        <Table
          miw={minWidth}
          verticalSpacing="sm"
          highlightOnHover={highlightOnHover}
          withTableBorder={withTableBorder}
          bg="var(--mantine-color-body)"
        >
          <Table.Caption>
            <VisuallyHidden>{label}</VisuallyHidden>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const direction = sort?.column === column.key ? sort.direction : null;
                const sortable = column.sortValue !== undefined;
                return (
                  <Table.Th
                    key={column.key}
                    scope="col"
                    ta={column.align === 'end' ? 'end' : undefined}
                    aria-sort={direction ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {sortable ? (
                      <UnstyledButton className={classes.sortButton} onClick={() => onHeader(column.key)}>
                        {column.header}
                        <SortIcon direction={direction} />
                      </UnstyledButton>
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                );
              })}
              {rowActions && (
                <Table.Th scope="col" ta="end">
                  {actionsHeader ?? t('dataTable.actions')}
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => {
                  const Cell = column.rowHeader ? Table.Th : Table.Td;
                  return (
                    <Cell
                      key={column.key}
                      scope={column.rowHeader ? 'row' : undefined}
                      ta={column.align === 'end' ? 'end' : undefined}
                      fw={column.rowHeader ? 500 : undefined}
                      style={column.noWrap ? { whiteSpace: 'nowrap' } : undefined}
                    >
                      {column.render(row)}
                    </Cell>
                  );
                })}
                {rowActions && (
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {rowActions(row)}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollX>
      {failed && <LoadError error={error} onRetry={() => onRetry?.()} />}
      {paging?.hasMore && !failed && (
        <Center>
          <Button variant="default" loading={paging.loadingMore} onClick={paging.onLoadMore}>
            {paging.label ?? t('dataTable.loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
};
