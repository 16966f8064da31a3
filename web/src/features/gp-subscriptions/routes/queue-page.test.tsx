import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Role } from '@tranche/shared/auth/roles';
import type { SubscriptionSummary } from '@tranche/shared/subscription/subscription.schema';
import { describe, expect, it } from 'vitest';
import { useGpSubscriptionsLocales } from '@/features/gp-subscriptions/locales';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { QueuePage } from './queue-page';

const base = {
  productId: '01HZY3C9W8ZK1N6S2B7QK5V4XM',
  type: 'INVEST_SUBSCRIPTION',
  currency: 'USD',
  fund: 'Glacier Infrastructure',
  investorUserId: '01HZY3C9W8ZK1N6S2B7QK5V4XU',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
} as const;
const row = (id: string, investorName: string, status: SubscriptionSummary['status'], version: number) =>
  ({ ...base, subscriptionId: id, investorName, status, version, amount: '250000.00' }) as SubscriptionSummary;

const ERIN = row('01HZY3C9W8ZK1N6S2B7QK5V4S1', 'Erin Example', 'SUBMITTED', 4);
const FINN = row('01HZY3C9W8ZK1N6S2B7QK5V4S2', 'Finn Example', 'REVIEWING', 7);
const GUS = row('01HZY3C9W8ZK1N6S2B7QK5V4S3', 'Gus Example', 'INVESTING', 2);

const fetchMock = mockFetch({ csrf: true });

const serve = (role: Role) =>
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/user-center/get')
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
    if (url.pathname === '/api/gp/products') return json(200, { items: [] });
    if (url.pathname === '/api/product-subscription/subscriptions/bulk-approve' && init?.method === 'POST')
      return json(200, {
        results: [
          { subscriptionId: ERIN.subscriptionId, ok: true, status: 'APPROVED' },
          { subscriptionId: FINN.subscriptionId, ok: false, code: 'VERSION_CONFLICT' },
        ],
      });
    if (url.pathname === '/api/product-subscription/subscriptions') return json(200, { items: [ERIN, FINN, GUS] });
    return json(404, { code: 'NOT_FOUND', message: 'x', requestId: 'r' });
  });

const Queue = () => {
  useGpSubscriptionsLocales();
  return <QueuePage />;
};

const listCalls = () =>
  fetchMock.mock.calls.filter(
    ([u]) => new URL(String(u), 'http://x').pathname === '/api/product-subscription/subscriptions',
  );

describe('the subscription queue', { timeout: 15_000 }, () => {
  it('lets an admin approve the subscriptions in review together, each on the version read', async () => {
    serve('GP_ADMIN');
    renderWithApp(<Queue />, { path: '/gp/subscriptions' });
    const table = await screen.findByRole('table', { name: 'Subscriptions, newest first' });
    await within(table).findByRole('link', { name: 'Erin Example' });
    // Only what the lifecycle lets an admin approve can be ticked: not the one still investing.
    expect(within(table).getByRole('checkbox', { name: 'Select Erin Example, Glacier Infrastructure' })).toBeTruthy();
    expect(within(table).queryByRole('checkbox', { name: /Gus Example/ })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every subscription that can be approved' }));
    const before = listCalls().length;
    fireEvent.click(screen.getByRole('button', { name: 'Approve 2 subscriptions' }));
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
    const bulk = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/bulk-approve'));
    expect(JSON.parse(String(bulk?.[1]?.body))).toEqual({
      items: [
        { subscriptionId: ERIN.subscriptionId, version: 4 },
        { subscriptionId: FINN.subscriptionId, version: 7 },
      ],
    });
    // The one that changed meanwhile stays ticked, to be opened.
    expect(
      (screen.getByRole('checkbox', { name: 'Select Finn Example, Glacier Infrastructure' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
  });

  it('gives a team member, who cannot approve, no selection', async () => {
    serve('GP_MEMBER');
    renderWithApp(<Queue />, { path: '/gp/subscriptions' });
    await screen.findByRole('link', { name: 'Erin Example' });
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
  });

  it('keeps the filters in the address and asks the API for them', async () => {
    serve('GP_ADMIN');
    renderWithApp(<Queue />, { path: '/gp/subscriptions?status=SUBMITTED&type=INVEST_SUBSCRIPTION' });
    await screen.findByRole('link', { name: 'Erin Example' });
    const url = new URL(String(listCalls()[0]?.[0]), 'http://x');
    expect(url.searchParams.get('status')).toBe('SUBMITTED');
    expect(url.searchParams.get('type')).toBe('INVEST_SUBSCRIPTION');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('SUBMITTED');
  });
});
