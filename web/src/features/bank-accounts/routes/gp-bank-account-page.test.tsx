import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERROR_CATALOGUE } from '@tranche/shared/errors/catalogue';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import GpBankAccountPage from './gp-bank-account-page';

const PROFILE = '01HZY3C9W8ZK1N6S2B7QK5V4XA';
const BANK = '01HZY3C9W8ZK1N6S2B7QK5V4XB';
const pending = {
  profileId: PROFILE,
  profileName: 'Ada Family',
  investorName: 'Ada Investor',
  bankId: BANK,
  kind: 'BANK',
  bankName: 'Harbour Bank',
  accountName: 'Ada Investor',
  accountNumberMasked: '•••• 9012',
  currency: 'USD',
  bankCountry: 'HK',
  status: 'PENDING',
  updatedAt: '2026-11-20T10:00:00.000Z',
  allowedDecisions: ['APPROVED', 'REJECTED'],
};
const fetchMock = mockFetch({ csrf: true });
const decisions = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/decision'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

const renderPage = () =>
  renderWithApp(
    <Routes>
      <Route path="/gp/profiles/:profileId/bank-accounts/:bankId" element={<GpBankAccountPage />} />
    </Routes>,
    { path: `/gp/profiles/${PROFILE}/bank-accounts/${BANK}` },
  );

describe('the team’s bank account approval page', () => {
  it('shows the account masked and approves it with a reason, on the version read', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/decision')
        ? json(200, {
            ...pending,
            status: 'OPEN',
            allowedDecisions: [],
            review: { decision: 'APPROVED', reason: 'Letter matches', decidedBy: 'x', decidedAt: pending.updatedAt },
          })
        : json(200, pending),
    );
    renderPage();
    expect(await screen.findByText('•••• 9012')).toBeTruthy();
    expect(screen.getByText('Pending approval')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Give the reason for the decision.')).toBeTruthy();
    expect(decisions()).toEqual([]);

    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Letter matches' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('heading', { name: 'Approved' })).toBeTruthy();
    expect(decisions()).toEqual([{ decision: 'APPROVED', reason: 'Letter matches', updatedAt: pending.updatedAt }]);
  });

  it('says when the account changed meanwhile', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/decision')
        ? json(409, { code: 'BANK_ACCOUNT_NOT_PENDING', message: 'x', requestId: 'r' })
        : json(200, pending),
    );
    renderPage();
    fireEvent.change(await screen.findByLabelText(/^Reason/), { target: { value: 'Unsigned letter' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(ERROR_CATALOGUE.BANK_ACCOUNT_NOT_PENDING.messages.en)).toBeTruthy();
    await waitFor(() => expect(decisions()).toHaveLength(1));
  });
});
