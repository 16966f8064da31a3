import {
  Button,
  Center,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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
  /**
   * Below this width the table scrolls sideways (with a visible hint and its row-header column
   * pinned) instead of squeezing columns. Under PHONE_QUERY it is a list of cards instead.
   */
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
 * Under 600 px a table becomes a list of cards: one per row, its row header as the title, every
 * other column as a "label: value" line, its actions below. A phone never clips a figure
 * mid-number nor hides an action behind a sideways scroll.
 */
export const PHONE_QUERY = '(max-width: 599.98px)';

/**
 * THE list table of the app: a real `<table>` (caption, column and row headers), sortable columns
 * whose headers are buttons and carry `aria-sort`, row actions, "Show more" for cursor-paged lists,
 * and the loading, empty and error states every list needs. Phones get cards (PHONE_QUERY); wider
 * screens too narrow for `minWidth` scroll sideways with the row-header column pinned.
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
  // Read at the first render (no effect round-trip), so a phone never shows the table first and then jumps.
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
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
  const chooseSort = (next: SortState) => {
    if (serverSorted) onSortChange(next);
    else setOwnSort(next);
  };

  const footer = (
    <>
      {failed && <LoadError error={error} onRetry={() => onRetry?.()} />}
      {paging?.hasMore && !failed && (
        <Center>
          <Button variant="default" loading={paging.loadingMore} onClick={paging.onLoadMore}>
            {paging.label ?? t('dataTable.loadMore')}
          </Button>
        </Center>
      )}
    </>
  );

  if (phone)
    return (
      <Stack gap="sm">
        {/* Two cards need no sorting: the select would only push them down. */}
        {shown.length > 2 && <CardSort columns={columns} sort={sort} onChange={chooseSort} />}
        <ul aria-label={label} className={classes.cards}>
          {shown.map((row) => {
            const title = columns.find((c) => c.rowHeader);
            return (
              <li key={rowKey(row)} className={classes.card}>
                {title && <div className={classes.cardTitle}>{title.render(row)}</div>}
                <dl className={classes.cardFields}>
                  {columns
                    .filter((c) => c !== title)
                    .map((column) => (
                      <div key={column.key} className={classes.cardField}>
                        <dt>{column.header}</dt>
                        <dd data-align={column.align}>{column.render(row)}</dd>
                      </div>
                    ))}
                </dl>
                {rowActions && (
                  <Group gap="xs" wrap="wrap" className={classes.cardActions}>
                    {rowActions(row)}
                  </Group>
                )}
              </li>
            );
          })}
        </ul>
        {footer}
      </Stack>
    );

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
                    className={pinned(column, columns) ? classes.pinned : undefined}
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
                      className={pinned(column, columns) ? classes.pinned : undefined}
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
      {footer}
    </Stack>
  );
};

/** The row-header column stays in view while the others scroll under it, when it is the first one. */
const pinned = <T,>(column: DataTableColumn<T>, columns: readonly DataTableColumn<T>[]) =>
  column.rowHeader === true && columns[0] === column;

/** Cards have no column headers to press: a select offers the same sorts. */
const CardSort = <T,>({
  columns,
  sort,
  onChange,
}: {
  columns: readonly DataTableColumn<T>[];
  sort: SortState | null;
  onChange: (sort: SortState) => void;
}) => {
  const { t } = useTranslation();
  const sortable = columns.filter((c) => c.sortValue !== undefined);
  if (sortable.length === 0) return null;
  const value = sort ? `${sort.column}:${sort.direction}` : '';
  return (
    <NativeSelect
      label={t('dataTable.sortBy')}
      size="sm"
      value={value}
      onChange={(e) => {
        const [column, direction] = e.currentTarget.value.split(':');
        if (column && (direction === 'asc' || direction === 'desc')) onChange({ column, direction });
      }}
    >
      {!sort && <option value="">{t('dataTable.defaultOrder')}</option>}
      {sortable.flatMap((c) => [
        <option key={`${c.key}:asc`} value={`${c.key}:asc`}>
          {t('dataTable.sortAscending', { column: c.header })}
        </option>,
        <option key={`${c.key}:desc`} value={`${c.key}:desc`}>
          {t('dataTable.sortDescending', { column: c.header })}
        </option>,
      ])}
    </NativeSelect>
  );
};
