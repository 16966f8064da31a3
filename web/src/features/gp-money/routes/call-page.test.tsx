import { fireEvent, screen, within } from '@testing-library/react';
import type { Role } from '@tranche/shared/auth/roles';
import type { CallNotice, CapitalCall } from '@tranche/shared/money/money.schema';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useGpMoneyLocales } from '@/features/gp-money/locales';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { CallPage } from './call-page';

const ME = '01HZY3C9W8ZK1N6S2B7QK5V4GP';
const OTHER = '01HZY3C9W8ZK1N6S2B7QK5V4GQ';
const CALL_ID = '01HZY3C9W8ZK1N6S2B7QK5V4CC';

const notice = (over: Partial<CallNotice>): CallNotice => ({
  subscriptionId: '01HZY3C9W8ZK1N6S2B7QK5V4S1',
  investorId: '01HZY3C9W8ZK1N6S2B7QK5V4U1',
  investorName: 'Erin Example',
  state: 'DRAFT',
  items: { investment: '500000.05', managementFee: '0.00', expenses: '0.00' },
  amount: '500000.05',
  paid: '0.00',
  outstanding: '500000.05',
  commitment: '5000000.00',
  ...over,
});

// DOMAIN.md's split: 500,000.05 / 300,000.03 / 199,999.92 of 1,000,000.00.
const call = (over: Partial<CapitalCall>): CapitalCall => ({
  callId: CALL_ID,
  productId: '01HZY3C9W8ZK1N6S2B7QK5V4XM',
  fund: 'Glacier Infrastructure',
  currency: 'USD',
  state: 'DRAFT',
  basis: 'AMOUNT',
  totals: { investment: '1000000.00', managementFee: '0.00', expenses: '0.00', amount: '1000000.00' },
  paid: '0.00',
  preparedBy: ME,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  version: 1,
  parts: 3,
  notices: [
    notice({}),
    notice({
      subscriptionId: '01HZY3C9W8ZK1N6S2B7QK5V4S2',
      investorName: 'Finn Example',
      items: { investment: '300000.03', managementFee: '0.00', expenses: '0.00' },
      amount: '300000.03',
      outstanding: '300000.03',
      commitment: '3000000.00',
    }),
    notice({
      subscriptionId: '01HZY3C9W8ZK1N6S2B7QK5V4S3',
      investorName: 'Gus Example',
      items: { investment: '199999.92', managementFee: '0.00', expenses: '0.00' },
      amount: '199999.92',
      outstanding: '199999.92',
      commitment: '1999999.00',
    }),
  ],
  allowedEvents: [],
  ...over,
});

const fetchMock = mockFetch({ csrf: true });

const serve = (role: Role, current: CapitalCall, answers: Record<string, () => Response> = {}) =>
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const answer = answers[`${init?.method ?? 'GET'} ${url.pathname}`];
    if (answer) return answer();
    if (url.pathname === '/api/user-center/get')
      return json(200, {
        userId: ME,
        tenantId: '01HZY3C9W8ZK1N6S2B7QK5V4XA',
        email: 'admin@alpine.example',
        displayName: 'Ada Admin',
        role,
        inviteStatus: 'REGISTERED',
        accountState: 'normal',
        mfaMethods: [],
        language: 'en',
        currency: 'USD',
      });
    if (url.pathname === `/api/gp/capital-calls/${CALL_ID}`) return json(200, current);
    return json(404, { code: 'NOT_FOUND', message: 'x', requestId: 'r' });
  });

const Page = () => {
  useGpMoneyLocales();
  return (
    <Routes>
      <Route path="/gp/money/calls/:callId" element={<CallPage />} />
    </Routes>
  );
};
const open = () => renderWithApp(<Page />, { path: `/gp/money/calls/${CALL_ID}` });

const sent = (path: string) => {
  const found = fetchMock.mock.calls.find(([u, i]) => String(u).endsWith(path) && i?.method === 'POST');
  return { body: JSON.parse(String(found?.[1]?.body)), headers: new Headers(found?.[1]?.headers) };
};

describe('the capital call page', { timeout: 15_000 }, () => {
  it('tells the preparer that someone else approves, offers no Approve, and shows the parts add up', async () => {
    serve('GP_ADMIN', call({ allowedEvents: ['CANCEL'] }));
    open();
    await screen.findByRole('heading', { level: 1, name: 'Capital call: Glacier Infrastructure' });
    expect(screen.getByText('You prepared this call: another admin approves it (four eyes).')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel the call' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Allocation per investor' });
    expect(within(table).getByRole('rowheader', { name: 'Gus Example' })).toBeTruthy();
    expect(screen.getByText(/total \$1,000,000\. This equals the call’s total exactly\./)).toBeTruthy();
  });

  it('lets a second admin approve, and shows the answer', async () => {
    const draft = call({ preparedBy: OTHER, allowedEvents: ['APPROVE', 'CANCEL'] });
    serve('GP_ADMIN', draft, {
      [`POST /api/gp/capital-calls/${CALL_ID}/decision`]: () =>
        json(200, {
          ...draft,
          state: 'APPROVED',
          approvedBy: ME,
          allowedEvents: ['ISSUE', 'RETURN_TO_DRAFT', 'CANCEL'],
        }),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await screen.findByRole('button', { name: 'Issue the notices' });
    expect(sent('/decision').body).toEqual({ event: 'APPROVE' });
    expect(screen.queryByText(/four eyes/)).toBeNull();
  });

  it('records a payment with an Idempotency-Key, shows a refusal under the amount, and offers receipt once paid', async () => {
    const issued = call({
      state: 'PARTLY_PAID',
      preparedBy: OTHER,
      allowedEvents: ['RECORD_PART_PAYMENT', 'RECORD_FINAL_PAYMENT'],
      notices: [
        notice({ state: 'OUTSTANDING' }),
        notice({
          subscriptionId: '01HZY3C9W8ZK1N6S2B7QK5V4S2',
          investorName: 'Finn Example',
          state: 'FUNDS_RECEIVED',
          amount: '300000.03',
          paid: '300000.03',
          outstanding: '0.00',
        }),
      ],
    });
    serve('GP_ADMIN', issued, {
      [`POST /api/gp/capital-calls/${CALL_ID}/payments`]: () =>
        json(422, {
          code: 'paymentExceedsOutstanding',
          message: 'x',
          requestId: 'r',
          details: { field: 'amount', outstanding: '500000.05' },
        }),
    });
    open();
    // Finn has paid in full: receipt can be confirmed; Erin still owes: a payment can be recorded.
    expect(await screen.findByRole('button', { name: 'Confirm receipt from Finn Example' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record a payment from Finn Example' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Record a payment from Erin Example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment from Erin Example' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount received/ }) as HTMLInputElement;
    expect(amount.value).toBe('500000.05');
    fireEvent.change(amount, { target: { value: '600000.00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    await within(dialog).findByText(/more than the 500000\.05 still outstanding/);
    const { body, headers } = sent('/payments');
    expect(body).toMatchObject({ subscriptionId: '01HZY3C9W8ZK1N6S2B7QK5V4S1', amount: '600000.00', currency: 'USD' });
    expect(headers.get('Idempotency-Key')).toMatch(/.{16,}/);
  });
});
