import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SubscriptionSummary } from '@tranche/shared/subscription/subscription.schema';
import type { CurrentUser } from '@tranche/shared/user/user.schema';
import type { WatchlistItem } from '@tranche/shared/watchlist/watchlist.schema';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import HomePage from './home-page';

const FUND = '01HZY3C9W8ZK1N6S2B7QK5V4XM';

const investor = (over: Partial<CurrentUser> = {}): CurrentUser => ({
  userId: '01HZY3C9W8ZK1N6S2B7QK5V4XU',
  tenantId: '01HZY3C9W8ZK1N6S2B7QK5V4XA',
  email: 'erin@investor.example',
  displayName: 'Erin Example',
  role: 'LP',
  inviteStatus: 'REGISTERED',
  accountState: 'normal',
  mfaMethods: [],
  language: 'en',
  currency: 'USD',
  ...over,
});

const saved: WatchlistItem = {
  productId: FUND,
  kind: 'FUND',
  name: { en: 'Glacier Infrastructure', 'zh-CN': '冰川基础设施基金' },
  summary: { en: 'Core infrastructure.' },
  fundType: 'CLOSE_ENDED',
  openness: 'OPEN',
  investmentPermission: 'ALLOW_INVESTMENT',
  dealingFrequency: 'QUARTERLY',
  objectives: ['INCOME'],
  strategies: ['INFRASTRUCTURE'],
  regions: ['EUROPE'],
  investorTypes: ['ANY'],
  currency: 'USD',
  minInvestment: '250000.00',
  targetSize: '100000000.00',
  state: 'PUBLISHED',
  savedAt: '2026-03-02T10:00:00.000Z',
};

const fetchMock = mockFetch({ csrf: true });

/** The API as the home page meets it: who is signed in, a watchlist that a DELETE empties, no tasks. */
const serve = (user: CurrentUser | 401, initial: WatchlistItem[], subscriptions: SubscriptionSummary[] = []) => {
  let items = initial;
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://x').pathname;
    if (path === '/api/user-center/get')
      return user === 401 ? json(401, { code: 'UNAUTHENTICATED', message: 'x', requestId: 'r' }) : json(200, user);
    if (path === '/api/lp/watchlist') return json(200, { items });
    // The tasks section's list (the inbox's): none open.
    if (path === '/api/tasks/query-tasks') return json(200, { items: [] });
    // The subscriptions section's list: the investor's, none unless a test gives some.
    if (path === '/api/product-subscription/subscriptions') return json(200, { items: subscriptions });
    // The investments section's figures (issue 14): no investment yet.
    if (path === '/api/dashboard/statistics-subscription')
      return json(200, { asOf: '2026-03-03', investments: [], totals: [] });
    if (path === `/api/lp/watchlist/${FUND}` && init?.method === 'DELETE') {
      items = [];
      return json(200, { productId: FUND, saved: false });
    }
    return json(404, { code: 'NOT_FOUND', message: 'x', requestId: 'r' });
  });
};

describe('the investor home page', () => {
  it('welcomes the investor and says which first steps are done', async () => {
    serve(investor({ phone: '+85291234567' }), [saved]);
    renderWithApp(<HomePage />, { path: '/home' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Erin Example' })).toBeTruthy();
    const steps = screen.getByRole('region', { name: 'Next steps' });
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/Complete your profile.*Done/),
      expect.stringMatching(/Browse the funds.*Done/),
      expect.stringMatching(/Set up two-step verification.*To do/),
      expect.stringMatching(/Create your investor profile.*To do/),
    ]);
    expect(within(steps).getByRole('link', { name: 'Create a profile' }).getAttribute('href')).toBe('/profiles');
    expect(within(steps).getByRole('link', { name: 'Set it up' }).getAttribute('href')).toBe('/account?tab=security');
    expect(within(steps).queryByRole('link', { name: 'Open your profile' })).toBeNull();
  });

  it('lists saved funds and takes one off with its bookmark', async () => {
    serve(investor(), [saved]);
    renderWithApp(<HomePage />, { path: '/home' });
    const watchlist = await screen.findByRole('region', { name: 'Your watchlist' });
    const link = await within(watchlist).findByRole('link', { name: 'Glacier Infrastructure' });
    expect(link.getAttribute('href')).toBe(`/products/${FUND}`);
    expect(within(watchlist).getByText('1 saved fund')).toBeTruthy();

    fireEvent.click(
      within(watchlist).getByRole('button', { name: 'Remove Glacier Infrastructure from your watchlist' }),
    );
    expect(await within(watchlist).findByText('No saved funds yet')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([u, init]) => String(u) === `/api/lp/watchlist/${FUND}` && init?.method === 'DELETE'),
    ).toBe(true);
  });

  it('says what each empty section will hold', async () => {
    serve(investor(), []);
    renderWithApp(<HomePage />, { path: '/home' });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Erin Example' });
    for (const [region, text] of [
      ['Your watchlist', 'Press the bookmark on a fund card'],
      ['Your subscriptions', 'When you express interest in a fund'],
      ['Your tasks', 'When Alpine Capital needs something from you'],
      ['Your investments', 'Once you invest'],
    ] as const) {
      await waitFor(() => expect(screen.getByRole('region', { name: region }).textContent).toContain(text));
    }
  });

  it('lists the investor’s subscriptions with their status and the next step asked of them', async () => {
    const base = {
      productId: FUND,
      currency: 'USD',
      fund: 'Glacier Infrastructure',
      investorUserId: investor().userId,
      investorName: 'Erin Example',
      version: 2,
      createdAt: '2026-03-02T10:00:00.000Z',
      updatedAt: '2026-03-03T10:00:00.000Z',
    } as const;
    serve(
      investor(),
      [],
      [
        {
          ...base,
          subscriptionId: '01HZY3C9W8ZK1N6S2B7QK5V4S1',
          type: 'INVEST_SUBSCRIPTION',
          status: 'INVESTING',
          amount: '300000.00',
        },
        {
          ...base,
          subscriptionId: '01HZY3C9W8ZK1N6S2B7QK5V4S2',
          type: 'RESERVE_SUBSCRIPTION',
          status: 'REVIEW',
          amount: '250000.00',
          waitlistPosition: 2,
        },
      ],
    );
    renderWithApp(<HomePage />, { path: '/home' });
    const region = await screen.findByRole('region', { name: 'Your subscriptions' });
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(2));
    const items = within(region).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Investing');
    expect(items[0]?.textContent).toContain('Continue where you left off');
    expect(items[0]?.querySelector('a')?.getAttribute('href')).toBe('/subscriptions/01HZY3C9W8ZK1N6S2B7QK5V4S1');
    expect(items[1]?.textContent).toContain('Review');
    expect(items[1]?.textContent).toContain('waiting for a place in the fund');
  });

  it('asks a visitor to sign in and come back here', async () => {
    serve(401, []);
    renderWithApp(<HomePage />, { path: '/home' });
    const signIn = await screen.findByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe(`/sign-in?next=${encodeURIComponent('/home')}`);
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/lp/watchlist'))).toBe(false);
  });

  it('speaks Simplified Chinese', async () => {
    serve(investor(), [saved]);
    const { i18n } = renderWithApp(<HomePage />, { path: '/home' });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Erin Example' });
    await i18n.changeLanguage('zh-CN');
    expect(await screen.findByRole('heading', { level: 1, name: '欢迎，Erin Example' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: '冰川基础设施基金' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '将“冰川基础设施基金”移出关注列表' })).toBeTruthy();
  });
});
