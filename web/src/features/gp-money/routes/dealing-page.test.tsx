import { screen, within } from '@testing-library/react';
import type { DealingRun } from '@tranche/shared/money/money.schema';
import { describe, expect, it } from 'vitest';
import { useGpMoneyLocales } from '@/features/gp-money/locales';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { DealingPage } from './dealing-page';

const PRODUCT = '01HZY3C9W8ZK1N6S2B7QK5V4XM';
const CLASS = '01HZY3C9W8ZK1N6S2B7QK5V4XC';
const ERIN = '01HZY3C9W8ZK1N6S2B7QK5V4U1';
const FINN = '01HZY3C9W8ZK1N6S2B7QK5V4U2';

const fund = {
  productId: PRODUCT,
  name: { en: 'Glacier Income' },
  currency: 'USD',
  redemptionGatePercent: '25',
  shareClasses: [{ shareClassId: CLASS, productId: PRODUCT, name: { en: 'Class A' }, currency: 'USD' }],
};

// docs/money.md's gate vector: 300 + 100 units asked under a 250-unit gate deal 187.5 / 62.5 and
// carry 112.5 / 37.5 to the next dealing date.
const run: DealingRun = {
  runId: '01HZY3C9W8ZK1N6S2B7QK5V4R1',
  productId: PRODUCT,
  shareClassId: CLASS,
  fund: 'Glacier Income',
  currency: 'USD',
  dealingDate: '2026-09-30',
  navPerUnit: '10.000000',
  gatePercent: '25',
  unitsOutstanding: '1000.000000',
  gateUnits: '250.000000',
  gated: true,
  fills: [
    {
      redemptionId: '01HZY3C9W8ZK1N6S2B7QK5V4D1',
      subscriptionId: '01HZY3C9W8ZK1N6S2B7QK5V4S1',
      investorId: ERIN,
      asked: '300.000000',
      dealt: '187.500000',
      carried: '112.500000',
      gross: '1875.00',
      fee: '0.00',
      net: '1875.00',
      nextDealingDate: '2026-12-31',
    },
    {
      redemptionId: '01HZY3C9W8ZK1N6S2B7QK5V4D2',
      subscriptionId: '01HZY3C9W8ZK1N6S2B7QK5V4S2',
      investorId: FINN,
      asked: '100.000000',
      dealt: '62.500000',
      carried: '37.500000',
      gross: '625.00',
      fee: '0.00',
      net: '625.00',
      nextDealingDate: '2026-12-31',
    },
  ],
  totals: { asked: '400.000000', dealt: '250.000000', carried: '150.000000', net: '2500.00' },
  posted: 2,
  createdBy: '01HZY3C9W8ZK1N6S2B7QK5V4GP',
  createdAt: '2026-10-01T09:00:00.000Z',
};

const fetchMock = mockFetch({ csrf: true });

const serve = (role: 'GP_ADMIN' | 'GP_MEMBER', shown: DealingRun = run) =>
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    switch (url.pathname) {
      case '/api/user-center/get':
        return json(200, {
          userId: '01HZY3C9W8ZK1N6S2B7QK5V4GP',
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
      case '/api/gp/products':
        return json(200, { items: [fund] });
      case `/api/gp/products/${PRODUCT}`:
        return json(200, fund);
      case `/api/gp/products/${PRODUCT}/contract-notes`:
        return json(200, { items: [] });
      case `/api/gp/products/${PRODUCT}/share-classes/${CLASS}/dealing`:
        return json(200, { items: [shown] });
      case '/api/gp/users':
        return json(200, { items: [{ userId: '01HZY3C9W8ZK1N6S2B7QK5V4GP', displayName: 'Ada Admin' }] });
      case '/api/gp/investors':
        return json(200, {
          items: [
            { userId: ERIN, displayName: 'Erin Example' },
            { userId: FINN, displayName: 'Finn Example' },
          ],
        });
      default:
        return json(404, { code: 'NOT_FOUND', message: 'x', requestId: 'r' });
    }
  });

const Page = () => {
  useGpMoneyLocales();
  return <DealingPage />;
};

describe('the dealing page', { timeout: 15_000 }, () => {
  it('shows the gate, and what each request dealt and carried forward to the next dealing date', async () => {
    serve('GP_ADMIN');
    renderWithApp(<Page />, { path: `/gp/money/dealing?productId=${PRODUCT}` });
    expect(await screen.findByText('Gate: 25% of the units outstanding per dealing date.')).toBeTruthy();
    const article = await screen.findByRole('article', { name: 'Dealing date Sep 30, 2026' });
    expect(within(article).getByText('Gated')).toBeTruthy();
    const table = within(article).getByRole('table', { name: 'Requests dealt on Sep 30, 2026' });
    const erin = within(table).getByRole('row', { name: /Erin Example/ });
    expect(within(erin).getByText('187.5')).toBeTruthy();
    expect(within(erin).getByText('112.5')).toBeTruthy();
    expect(within(erin).getByText('Dec 31, 2026')).toBeTruthy();
    expect(
      within(article).getByText('Totals: 250 of 400 units dealt, 150 carried forward, net proceeds $2,500.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Run dealing' })).toBeTruthy();
    expect(await screen.findByText('No order of this share class has dealt yet.')).toBeTruthy();
    expect(await within(article).findByText(/^Run by Ada Admin on Oct 1, 2026/)).toBeTruthy();
  });

  it('says when the daily schedule ran a date rather than a person', async () => {
    serve('GP_MEMBER', { ...run, createdBy: 'SYSTEM' });
    renderWithApp(<Page />, { path: `/gp/money/dealing?productId=${PRODUCT}` });
    const article = await screen.findByRole('article', { name: 'Dealing date Sep 30, 2026' });
    expect(within(article).getByText(/^Run by the daily schedule on Oct 1, 2026/)).toBeTruthy();
  });

  it('offers running a dealing date to admins only', async () => {
    serve('GP_MEMBER');
    renderWithApp(<Page />, { path: `/gp/money/dealing?productId=${PRODUCT}` });
    await screen.findByRole('article', { name: 'Dealing date Sep 30, 2026' });
    expect(screen.queryByRole('button', { name: 'Run dealing' })).toBeNull();
  });
});
