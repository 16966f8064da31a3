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
    if (path === '/api/transactions') return json(200, { items: ITEMS });
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
    await waitFor(() => expect(rows()).toHaveLength(4));
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
      expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/api/transactions?from=2026-10-12'))).toBe(true),
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
