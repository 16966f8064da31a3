export type SortDirection = 'asc' | 'desc';

/** The column a table is sorted by, and which way. */
export interface SortState {
  column: string;
  direction: SortDirection;
}

/** A click on a column header: a new column sorts ascending first, the sorted one flips. */
export const nextSort = (current: SortState | null | undefined, column: string): SortState =>
  current?.column === column
    ? { column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
    : { column, direction: 'asc' };

export type SortValue = string | number | null | undefined;

/**
 * The rows in the order `sort` asks for, by each row's `keyOf`. Text compares the way the UI
 * language orders it, with digits as numbers ("Fund 2" before "Fund 10"); empty values go last
 * either way. The sort is stable, so equal rows keep the order the API gave.
 */
export const sortRows = <T>(
  rows: readonly T[],
  keyOf: (row: T) => SortValue,
  direction: SortDirection,
  lang: string,
): T[] => {
  const collator = new Intl.Collator(lang, { numeric: true, sensitivity: 'base' });
  const sign = direction === 'asc' ? 1 : -1;
  return rows.toSorted((a, b) => {
    const x = keyOf(a);
    const y = keyOf(b);
    const xEmpty = x === null || x === undefined || x === '';
    const yEmpty = y === null || y === undefined || y === '';
    if (xEmpty || yEmpty) return xEmpty === yEmpty ? 0 : xEmpty ? 1 : -1;
    if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
    return sign * collator.compare(String(x), String(y));
  });
};
