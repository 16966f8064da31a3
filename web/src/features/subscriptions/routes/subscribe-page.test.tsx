import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ProductDetail } from '@tranche/shared/product/product.schema';
import type { ProfileSummary } from '@tranche/shared/profile/profile.schema';
import type { CurrentUser } from '@tranche/shared/user/user.schema';
import { Route, Routes, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import SubscribePage from './subscribe-page';

const FUND = '01HZY3C9W8ZK1N6S2B7QK5V4XM';
const CLASS_A = '01HZY3C9W8ZK1N6S2B7QK5V4XA';
const PROFILE = '01HZY3C9W8ZK1N6S2B7QK5V4PP';
const SUB = '01HZY3C9W8ZK1N6S2B7QK5V4SS';

const product = (over: Partial<ProductDetail> = {}): ProductDetail => ({
  productId: FUND,
  kind: 'FUND',
  name: { en: 'Glacier Infrastructure' },
  summary: { en: 'Core infrastructure.' },
  fundType: 'CLOSE_ENDED',
  dealingFrequency: 'QUARTERLY',
  investmentPermission: 'ALLOW_INVESTMENT',
  openness: 'OPEN',
  objectives: ['INCOME'],
  strategies: ['INFRASTRUCTURE'],
  regions: ['EUROPE'],
  investorTypes: ['ANY'],
  currency: 'EUR',
  minInvestment: '100000',
  targetSize: '250000000',
  state: 'PUBLISHED',
  allowedSubscriptionTypes: ['EXPRESSED_INTEREST_SUBSCRIPTION', 'RESERVE_SUBSCRIPTION', 'INVEST_SUBSCRIPTION'],
  shareClasses: [
    {
      shareClassId: CLASS_A,
      productId: FUND,
      name: { en: 'Class A' },
      currency: 'EUR',
      minInvestment: '100000',
      maxInvestment: '5000000',
      managementFee: { type: 'PERCENTAGE', display: 'FLAT', value: '1' },
      subscriptionFee: { type: 'PERCENTAGE', display: 'FLAT', value: '0' },
    },
  ],
  ...over,
});

const investor: CurrentUser = {
  userId: '01HZY3C9W8ZK1N6S2B7QK5V4XU',
  tenantId: '01HZY3C9W8ZK1N6S2B7QK5V4XA',
  email: 'erin@investor.example',
  displayName: 'Erin Example',
  role: 'LP',
  inviteStatus: 'REGISTERED',
  accountState: 'normal',
  mfaMethods: [],
  language: 'en',
  currency: 'EUR',
};

const profile = (over: Partial<ProfileSummary> = {}): ProfileSummary =>
  ({
    profileId: PROFILE,
    type: 'INDIVIDUAL',
    name: 'Erin Example',
    state: 'SUCCESS',
    validationStatus: 'VALID',
    version: 3,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    ...over,
  }) as ProfileSummary;

const fetchMock = mockFetch({ csrf: true });

const serve = ({
  profiles = [profile()],
  create = () => json(201, { subscriptionId: SUB }),
}: {
  profiles?: ProfileSummary[];
  create?: (body: unknown) => Response;
} = {}) =>
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://x').pathname;
    if (path === '/api/user-center/get') return json(200, investor);
    if (path === '/api/product/get') return json(200, product());
    if (path === '/api/subscription/profile/list-profile-info') return json(200, { items: profiles });
    if (path === '/api/product-subscription/subscriptions' && init?.method === 'POST')
      return create(JSON.parse(String(init.body)));
    return json(404, { code: 'NOT_FOUND', message: 'x', requestId: 'r' });
  });

const Opened = () => <p>Opened subscription {useParams().subscriptionId}</p>;

const renderPage = (action = 'invest') =>
  renderWithApp(
    <Routes>
      <Route path="/products/:productId/subscribe/:action" element={<SubscribePage />} />
      <Route path="/subscriptions/:subscriptionId" element={<Opened />} />
    </Routes>,
    { path: `/products/${FUND}/subscribe/${action}` },
  );

const posts = () =>
  fetchMock.mock.calls.filter(
    ([u, init]) => String(u).endsWith('/api/product-subscription/subscriptions') && init?.method === 'POST',
  );

describe('starting a subscription from a fund page', { timeout: 15_000 }, () => {
  it('creates it with the profile, share class and amount under one idempotency key, then opens it', async () => {
    serve();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Invest: Glacier Infrastructure' });
    const amount = await screen.findByRole('textbox', { name: /Amount \(EUR\)/ });
    expect(screen.getByText(/^Between .*100,000.* and .*5,000,000/)).toBeTruthy();

    fireEvent.change(amount, { target: { value: '250,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start investing' }));
    expect(await screen.findByText(/without separators/)).toBeTruthy();
    expect(posts()).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '250000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start investing' }));
    expect(await screen.findByText(`Opened subscription ${SUB}`)).toBeTruthy();
    const [call] = posts();
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      productId: FUND,
      type: 'INVEST_SUBSCRIPTION',
      profileId: PROFILE,
      shareClassId: CLASS_A,
      amount: '250000',
    });
    expect(new Headers(call?.[1]?.headers).get('Idempotency-Key')).toMatch(/.{16,}/);
  });

  it('puts the API’s refusal of the amount on the amount field, and reuses the key for the same answers', async () => {
    serve({
      create: () =>
        json(422, {
          code: 'subscriptionAmountBelowMinimum',
          message: 'x',
          requestId: 'r',
          details: { field: 'amount', minimum: '100000', currency: 'EUR', fields: [{ field: 'amount', rule: 'min' }] },
        }),
    });
    renderPage();
    const amount = await screen.findByRole('textbox', { name: /Amount \(EUR\)/ });
    fireEvent.change(amount, { target: { value: '50000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start investing' }));
    expect(await screen.findByText('The amount must be at least 100000 EUR.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start investing' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    const keys = posts().map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys[0]).toBe(keys[1]);
  });

  it('lets an expression of interest go without an amount', async () => {
    serve();
    renderPage('express-interest');
    await screen.findByRole('heading', { level: 1, name: 'Express interest: Glacier Infrastructure' });
    fireEvent.click(await screen.findByRole('button', { name: 'Send my interest' }));
    expect(await screen.findByText(`Opened subscription ${SUB}`)).toBeTruthy();
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).not.toHaveProperty('amount');
  });

  it('sends an investor without a submitted profile to create one first', async () => {
    serve({ profiles: [profile({ state: 'DRAFT' })] });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Create your investor profile first' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your profiles' }).getAttribute('href')).toBe('/profiles');
  });
});
