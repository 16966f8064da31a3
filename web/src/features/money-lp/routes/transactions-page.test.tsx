import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Transaction } from '@tranche/shared/money/money.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FUND, investor, notFound, pathOf, SUB } from '@/features/money-lp/test/fixtures';
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

const serve = () =>
  fetchMock.mockImplementation(async (input) => {
    const path = pathOf(input);
    if (path === '/api/user-center/get') return json(200, investor);
    // The server's pages, newest first: the two newest, then (from the cursor) the two oldest.
    if (path === '/api/transactions') {
      const cursor = new URL(String(input), 'http://x').searchParams.get('cursor');
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
