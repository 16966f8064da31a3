import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { renderWithApp } from '@/test/render';
import { PHONE_QUERY } from './data-table';
import { DataTable, type DataTableColumn } from './index';
import { nextSort, sortRows } from './sort';

interface Fund {
  id: string;
  name: string;
  size: number;
}

const FUNDS: Fund[] = [
  { id: 'a', name: 'Fund 10', size: 5 },
  { id: 'b', name: 'alpine', size: 30 },
  { id: 'c', name: 'Fund 2', size: 12 },
];

const columns: DataTableColumn<Fund>[] = [
  { key: 'name', header: 'Name', rowHeader: true, sortValue: (f) => f.name, render: (f) => f.name },
  { key: 'size', header: 'Size', align: 'end', sortValue: (f) => f.size, render: (f) => String(f.size) },
  { key: 'note', header: 'Note', render: () => '-' },
];

/** The row headers (first cell of each body row), top to bottom. */
const rowNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('DataTable', () => {
  it('is a named table with column headers, row headers and row actions', () => {
    const onEdit = vi.fn();
    renderWithApp(
      <DataTable
        label="Funds"
        columns={columns}
        rows={FUNDS}
        rowKey={(f) => f.id}
        rowActions={(f) => (
          <button type="button" onClick={() => onEdit(f.id)}>
            Edit {f.name}
          </button>
        )}
      />,
    );
    const table = screen.getByRole('table', { name: 'Funds' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Size', 'Note', 'Actions']);
    expect(rowNames()).toEqual(['Fund 10', 'alpine', 'Fund 2']);
    fireEvent.click(screen.getByRole('button', { name: 'Edit alpine' }));
    expect(onEdit).toHaveBeenCalledWith('b');
    // The scroll region is named too, so keyboard users can find and scroll it.
    expect(screen.getByRole('group', { name: 'Funds' })).toHaveProperty('tabIndex', 0);
  });

  it('sorts by a column when its header button is pressed, and says so with aria-sort', () => {
    renderWithApp(<DataTable label="Funds" columns={columns} rows={FUNDS} rowKey={(f) => f.id} />);
    const nameHeader = screen.getByRole('columnheader', { name: 'Name' });
    expect(nameHeader.getAttribute('aria-sort')).toBeNull();
    // Only sortable columns get a button.
    expect(within(screen.getByRole('columnheader', { name: 'Note' })).queryByRole('button')).toBeNull();

    fireEvent.click(within(nameHeader).getByRole('button', { name: 'Name' }));
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    // Language order, numbers in text as numbers, case ignored.
    expect(rowNames()).toEqual(['alpine', 'Fund 2', 'Fund 10']);

    fireEvent.click(within(nameHeader).getByRole('button', { name: 'Name' }));
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending');
    expect(rowNames()).toEqual(['Fund 10', 'Fund 2', 'alpine']);

    const sizeHeader = screen.getByRole('columnheader', { name: 'Size' });
    fireEvent.click(within(sizeHeader).getByRole('button', { name: 'Size' }));
    expect(sizeHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(nameHeader.getAttribute('aria-sort')).toBeNull();
    expect(rowNames()).toEqual(['Fund 10', 'Fund 2', 'alpine']);
  });

  it('leaves the order to the caller when the sort is controlled (server-side)', () => {
    const onSortChange = vi.fn();
    renderWithApp(
      <DataTable
        label="Funds"
        columns={columns}
        rows={FUNDS}
        rowKey={(f) => f.id}
        sort={{ column: 'size', direction: 'desc' }}
        onSortChange={onSortChange}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Size' }).getAttribute('aria-sort')).toBe('descending');
    expect(rowNames()).toEqual(['Fund 10', 'alpine', 'Fund 2']);
    fireEvent.click(screen.getByRole('button', { name: 'Size' }));
    expect(onSortChange).toHaveBeenCalledWith({ column: 'size', direction: 'asc' });
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'name', direction: 'asc' });
  });

  it('announces loading, and shows the empty state when there are no rows', () => {
    const { rerender } = renderWithApp(
      <DataTable label="Funds" columns={columns} rows={[]} rowKey={(f) => f.id} loading empty={<p>No funds yet</p>} />,
    );
    expect(screen.getByRole('status').textContent).toContain('Loading Funds…');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('No funds yet')).toBeNull();

    rerender(<DataTable label="Funds" columns={columns} rows={[]} rowKey={(f) => f.id} empty={<p>No funds yet</p>} />);
    expect(screen.getByText('No funds yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a failed load in the catalogue language with a retry, in place of or under the rows', () => {
    const onRetry = vi.fn();
    const error = new ApiError({ code: 'SERVICE_UNAVAILABLE', status: 503, lang: 'en' });
    renderWithApp(
      <DataTable label="Funds" columns={columns} rows={[]} rowKey={(f) => f.id} error={error} onRetry={onRetry} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(error.message);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('table')).toBeNull();

    // A failed next page keeps what was loaded, and offers no "Show more" until the retry.
    const paging = { hasMore: true, loadingMore: false, onLoadMore: vi.fn() };
    cleanup();
    renderWithApp(
      <DataTable
        label="Funds"
        columns={columns}
        rows={FUNDS}
        rowKey={(f) => f.id}
        error={error}
        onRetry={onRetry}
        paging={paging}
      />,
    );
    expect(rowNames()).toHaveLength(3);
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('asks for the next page while there is one', () => {
    const onLoadMore = vi.fn();
    renderWithApp(
      <DataTable
        label="Funds"
        columns={columns}
        rows={FUNDS}
        rowKey={(f) => f.id}
        paging={{ hasMore: true, loadingMore: false, onLoadMore, label: 'Show more funds' }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show more funds' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    cleanup();
    renderWithApp(
      <DataTable
        label="Funds"
        columns={columns}
        rows={FUNDS}
        rowKey={(f) => f.id}
        paging={{ hasMore: false, loadingMore: false, onLoadMore }}
      />,
    );
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
  });
});

/** A phone-sized window for `useMediaQuery`: only PHONE_QUERY matches. */
const onPhone = () => {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === PHONE_QUERY,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
};

/** Each card's title, top to bottom. */
const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Funds' }))
    .getAllByRole('listitem')
    .map((card) => card.firstElementChild?.textContent);

describe('DataTable on a phone', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows each row as a card: its row header as title, every other column as a label and value, its actions', () => {
    onPhone();
    const onEdit = vi.fn();
    renderWithApp(
      <DataTable
        label="Funds"
        columns={columns}
        rows={FUNDS}
        rowKey={(f) => f.id}
        rowActions={(f) => (
          <button type="button" onClick={() => onEdit(f.id)}>
            Edit {f.name}
          </button>
        )}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    // No sideways scrolling, so no hint that says to.
    expect(screen.queryByText('Scroll sideways to see every column.')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Funds' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const second = cards[1] as HTMLElement;
    expect(second.firstElementChild?.textContent).toBe('alpine');
    expect(
      within(second)
        .getAllByRole('term')
        .map((dt) => dt.textContent),
    ).toEqual(['Size', 'Note']);
    expect(
      within(second)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(['30', '-']);
    fireEvent.click(within(second).getByRole('button', { name: 'Edit alpine' }));
    expect(onEdit).toHaveBeenCalledWith('b');
  });

  it('offers the sortable columns in a "Sort by" select, both ways', () => {
    onPhone();
    renderWithApp(<DataTable label="Funds" columns={columns} rows={FUNDS} rowKey={(f) => f.id} />);
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Default order', 'Name (ascending)', 'Name (descending)', 'Size (ascending)', 'Size (descending)']);
    expect(cardTitles()).toEqual(['Fund 10', 'alpine', 'Fund 2']);
    fireEvent.change(select, { target: { value: 'name:asc' } });
    expect(cardTitles()).toEqual(['alpine', 'Fund 2', 'Fund 10']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'size:desc' } });
    expect(cardTitles()).toEqual(['alpine', 'Fund 2', 'Fund 10']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'size:asc' } });
    expect(cardTitles()).toEqual(['Fund 10', 'Fund 2', 'alpine']);
  });

  it('hands a server-sorted list its sort, and keeps "Show more" under the cards', () => {
    onPhone();
    const onSortChange = vi.fn();
    const onLoadMore = vi.fn();
    renderWithApp(
      <DataTable
        label="Funds"
        columns={columns}
        rows={FUNDS}
        rowKey={(f) => f.id}
        sort={{ column: 'size', direction: 'desc' }}
        onSortChange={onSortChange}
        paging={{ hasMore: true, loadingMore: false, onLoadMore }}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect((select as HTMLSelectElement).value).toBe('size:desc');
    // The caller orders server-sorted rows: they stay as given.
    expect(cardTitles()).toEqual(['Fund 10', 'alpine', 'Fund 2']);
    fireEvent.change(select, { target: { value: 'name:asc' } });
    expect(onSortChange).toHaveBeenCalledWith({ column: 'name', direction: 'asc' });
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('has no sort select for two cards or fewer', () => {
    onPhone();
    renderWithApp(<DataTable label="Funds" columns={columns} rows={FUNDS.slice(0, 2)} rowKey={(f) => f.id} />);
    expect(cardTitles()).toEqual(['Fund 10', 'alpine']);
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull();
  });

  it('has no sort select when no column sorts', () => {
    onPhone();
    renderWithApp(
      <DataTable
        label="Funds"
        columns={columns.map(({ sortValue: _, ...c }) => c)}
        rows={FUNDS}
        rowKey={(f) => f.id}
      />,
    );
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(cardTitles()).toEqual(['Fund 10', 'alpine', 'Fund 2']);
  });
});

describe('sortRows / nextSort', () => {
  it('puts empty values last in both directions and keeps equal rows in API order', () => {
    const rows = [
      { id: 1, v: 'b' },
      { id: 2, v: '' },
      { id: 3, v: 'a' },
      { id: 4, v: 'b' },
    ];
    expect(sortRows(rows, (r) => r.v, 'asc', 'en').map((r) => r.id)).toEqual([3, 1, 4, 2]);
    expect(sortRows(rows, (r) => r.v, 'desc', 'en').map((r) => r.id)).toEqual([1, 4, 3, 2]);
  });

  it('starts a new column ascending and flips the sorted one', () => {
    expect(nextSort(null, 'name')).toEqual({ column: 'name', direction: 'asc' });
    expect(nextSort({ column: 'name', direction: 'asc' }, 'name')).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSort({ column: 'name', direction: 'desc' }, 'size')).toEqual({ column: 'size', direction: 'asc' });
  });
});
