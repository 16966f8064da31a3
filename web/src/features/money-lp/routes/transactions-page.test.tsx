import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Transaction } from '@tranche/shared/money/money.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FUND, investment, investor, notFound, pathOf, SUB, statistics } from '@/features/money-lp/test/fixtures';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import TransactionsPage from './transactions-page';

const fetchMock = mockFetch();
afterEach(() => vi.restoreAllMocks());

const tx = (seq: number, kind: Transaction['kind'], amount: string, over: Partial<Transaction> = {}): Transaction =>
  ({
    entryId: `e${seq}`,
    seq,
    subscriptionId: SUB,
    productId: '01HZY3C9W8ZK1N6S2B7QK5V4XM',
    fund: FUND,
    kind,
    amount,
    currency: 'HKD',
    effectiveDate: `2026-10-${String(10 + seq).padStart(2, '0')}`,
    ...over,
  }) as Transaction;

const ITEMS = [
  tx(1, 'COMMITMENT', '3000000.00'),
  tx(2, 'CALL', '301250.00', { type: 'TRANSFER_FUNDS', status: 'PENDING' }),
  tx(3, 'PAYMENT', '301250.00', { type: 'TRANSFER_FUNDS', status: 'RECEIVED', units: '300000.000000' }),
  tx(4, 'PAYMENT', '-1000.00', { type: 'TRANSFER_FUNDS', status: 'RECEIVED', reverses: 'e3' }),
];

const BIRCH = '01HZY3C9W8ZK1N6S2B7QK5BRCH';
const birchEntry = tx(9, 'CALL', '5000.00', {
  entryId: 'birch-1',
  subscriptionId: '01HZY3C9W8ZK1N6S2B7QK5BSXB',
  productId: BIRCH,
  fund: 'Birch Growth Fund',
  type: 'TRANSFER_FUNDS',
  status: 'PENDING',
});
const query = (input: unknown) => new URL(String(input), 'http://x').searchParams;

const serve = () =>
  fetchMock.mockImplementation(async (input) => {
    const path = pathOf(input);
    if (path === '/api/user-center/get') return json(200, investor);
    // Three investments in two funds; Birch has no entry on the first pages read.
    if (path === '/api/dashboard/statistics-subscription')
      return json(
        200,
        statistics([
          investment(),
          investment({ subscriptionId: '01HZY3C9W8ZK1N6S2B7QK5V4S2' }),
          investment({ subscriptionId: '01HZY3C9W8ZK1N6S2B7QK5BSXB', productId: BIRCH, fund: 'Birch Growth Fund' }),
        ]),
      );
    // The server filters by fund (here: Birch's one entry).
    if (path === '/api/transactions' && query(input).get('productId') === BIRCH)
      return json(200, { items: [birchEntry] });
    // The server's pages, newest first: the two newest, then (from the cursor) the two oldest.
    if (path === '/api/transactions') {
      const cursor = query(input).get('cursor');
      const newest = [...ITEMS].reverse();
      return json(
        200,
        cursor === 'page-2' ? { items: newest.slice(2) } : { items: newest.slice(0, 2), nextCursor: 'page-2' },
      );
    }
    if (path === '/api/transactions/export')
      return json(200, { fileName: 'transactions.csv', contentType: 'text/csv', content: 'Date,Type\n' });
    return notFound();
  });

describe('transactions', { timeout: 15_000 }, () => {
  it('lists the ledger newest first, filters by type, and asks the server for a date range', async () => {
    serve();
    renderWithApp(<TransactionsPage />, { path: '/transactions' });
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const first = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => pathOf(u) === '/api/transactions')!;
    expect(new URL(first, 'http://x').searchParams.get('order')).toBe('desc');
    expect(new URL(first, 'http://x').searchParams.get('limit')).toBe('50');
    // The next page comes from the server, asked with the cursor of the first.
    fireEvent.click(screen.getByRole('button', { name: 'Show more transactions' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('cursor=page-2'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Show more transactions' })).toBeNull();
    expect(rows()[0]?.textContent).toContain('Payment (Reversal)');
    expect(rows()[0]?.textContent).toContain('-HK$1,000');
    expect(rows()[1]?.textContent).toContain('300,000');
    expect(rows()[3]?.textContent).toContain('Commitment');
    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'CALL' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]?.textContent).toContain('Capital call');
    expect(rows()[0]?.textContent).toContain('Pending');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-12' } });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u]) =>
            pathOf(u) === '/api/transactions' &&
            new URL(String(u), 'http://x').searchParams.get('from') === '2026-10-12',
        ),
      ).toBe(true),
    );
  });

  it('offers the funds of the investments and asks the server for one fund’s pages and CSV', async () => {
    serve();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    renderWithApp(<TransactionsPage />, { path: '/transactions' });
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const fund = screen.getByRole('combobox', { name: 'Fund' });
    // Each fund once (two investments in Beacon), Birch too though no page read holds it.
    await waitFor(() =>
      expect(
        within(fund)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All funds', FUND, 'Birch Growth Fund']),
    );
    expect(within(table).queryByText('Birch Growth Fund')).toBeNull();
    fireEvent.change(fund, { target: { value: BIRCH } });
    // The table is drawn again for the new list (a skeleton while it loads): find it afresh.
    const birch = async () => screen.findByRole('table', { name: 'Transactions' });
    await waitFor(async () =>
      expect(
        within(await birch())
          .getAllByRole('row')
          .slice(1),
      ).toHaveLength(1),
    );
    expect(within(await birch()).getByText('Birch Growth Fund')).toBeTruthy();
    const asked = fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => pathOf(u) === '/api/transactions');
    expect(query(asked.at(-1)).get('productId')).toBe(BIRCH);
    expect(query(asked.at(-1)).get('limit')).toBe('50');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const exported = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => pathOf(u) === '/api/transactions/export');
    expect(query(exported).get('productId')).toBe(BIRCH);
  });

  it('exports the same range as the server’s CSV, as a file download', async () => {
    serve();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    renderWithApp(<TransactionsPage />, { path: '/transactions' });
    await screen.findByRole('table', { name: 'Transactions' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const anchor = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(anchor.download).toBe('transactions.csv');
    expect(created).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls.some(([u]) => pathOf(u) === '/api/transactions/export')).toBe(true);
  });
});
