import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SubscriptionSummary } from '@tranche/shared/subscription/subscription.schema';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import InvestorPage from './investor-page';

const USER_ID = '01HZY3C9W8ZK1N6S2B7QK5V4XU';
const FUND_ID = '01HZY3C9W8ZK1N6S2B7QK5V4XM';

const subscription = (over: Partial<SubscriptionSummary>): SubscriptionSummary => ({
  subscriptionId: '01HZY3C9W8ZK1N6S2B7QK5V4S1',
  productId: FUND_ID,
  type: 'INVEST_SUBSCRIPTION',
  status: 'SUBMITTED',
  amount: '250000.00',
  currency: 'USD',
  fund: 'Glacier Infrastructure',
  investorUserId: USER_ID,
  investorName: 'Erin Example',
  version: 3,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  ...over,
});

const DETAIL = {
  investor: { userId: USER_ID, name: 'Erin Example', email: 'erin@example.com', inviteStatus: 'LOCKED' },
  profiles: [
    {
      profileId: '01HZY3C9W8ZK1N6S2B7QK5V4P1',
      type: 'INDIVIDUAL',
      name: 'Erin Example',
      state: 'SUCCESS',
      updatedAt: '2026-02-01T10:00:00.000Z',
    },
    {
      profileId: '01HZY3C9W8ZK1N6S2B7QK5V4P2',
      type: 'ENTITY',
      name: 'Example Holdings Ltd',
      state: 'DOCUMENTS_REQUESTED',
      updatedAt: '2026-02-03T10:00:00.000Z',
    },
  ],
  subscriptions: [
    subscription({}),
    subscription({
      subscriptionId: '01HZY3C9W8ZK1N6S2B7QK5V4S2',
      productId: '01HZY3C9W8ZK1N6S2B7QK5V4XN',
      fund: 'Harbour Credit',
      type: 'RESERVE_SUBSCRIPTION',
      status: 'RESERVED',
      amount: '100000.00',
      updatedAt: '2026-03-05T10:00:00.000Z',
    }),
  ],
  activity: [
    { at: '2026-03-06T09:00:00.000Z', action: 'VIEW_PRODUCT', subjectId: FUND_ID },
    { at: '2026-03-07T09:00:00.000Z', action: 'DOWNLOAD_DOCUMENT', subjectId: '01HZY3C9W8ZK1N6S2B7QK5V4D1' },
  ],
};

const fetchMock = mockFetch();

/** Answers principal-detail with `answers` in turn (the last one again after), anything else 404. */
const serve = (...answers: (() => Response)[]) => {
  let call = 0;
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/gp/crm/principal-detail') {
      const answer = answers[Math.min(call, answers.length - 1)] as () => Response;
      call += 1;
      return answer();
    }
    return json(404, { code: 'NOT_FOUND', message: 'x', requestId: 'r' });
  });
};

const detailCalls = () =>
  fetchMock.mock.calls.filter(([u]) => new URL(String(u), 'http://x').pathname === '/api/gp/crm/principal-detail');

const open = (userId = USER_ID) =>
  renderWithApp(
    <Routes>
      <Route path="/gp/investors/:userId" element={<InvestorPage />} />
    </Routes>,
    { path: `/gp/investors/${userId}` },
  );

describe('the investor page', { timeout: 15_000 }, () => {
  it('shows the account, the profiles with their verification, the subscriptions and the activity in words', async () => {
    serve(() => json(200, DETAIL));
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Erin Example' })).toBeTruthy();
    expect(new URL(String(detailCalls()[0]?.[0]), 'http://x').searchParams.get('userId')).toBe(USER_ID);
    expect(screen.getByRole('link', { name: 'erin@example.com' }).getAttribute('href')).toBe('mailto:erin@example.com');
    expect(screen.getByText('Locked')).toBeTruthy();

    const profiles = screen.getByRole('table', { name: 'Investor profiles' });
    const entity = within(profiles).getByRole('rowheader', { name: 'Example Holdings Ltd' }).closest('tr');
    // Not decided yet: the spec's "Unauthorized" and where it stands (documents requested).
    expect(within(entity as HTMLElement).getByText('Entity')).toBeTruthy();
    expect(within(entity as HTMLElement).getByText('Unauthorized')).toBeTruthy();
    const individual = within(profiles).getByRole('rowheader', { name: 'Erin Example' }).closest('tr');
    expect(within(individual as HTMLElement).getByText('Pass')).toBeTruthy();

    const subscriptions = screen.getByRole('table', { name: 'Subscriptions, last updated first' });
    const links = within(subscriptions).getAllByRole('link');
    // Last updated first; each opens its case page.
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Harbour Credit', '/gp/subscriptions/01HZY3C9W8ZK1N6S2B7QK5V4S2'],
      ['Glacier Infrastructure', '/gp/subscriptions/01HZY3C9W8ZK1N6S2B7QK5V4S1'],
    ]);
    expect(within(subscriptions).getByText('Submitted')).toBeTruthy();
    expect(within(subscriptions).getByText('$250,000')).toBeTruthy();

    const activity = screen.getByRole('list', { name: 'Recent activity, newest first' });
    const items = within(activity)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === activity);
    expect(items[0]?.textContent).toContain('Downloaded a document');
    expect(items[1]?.textContent).toContain('Viewed a fund');
    // The fund they looked at is named: it is one they subscribed to.
    expect(items[1]?.textContent).toContain('Fund: Glacier Infrastructure');
  });

  it('says what will appear when the investor has no profile, subscription or activity yet', async () => {
    serve(() => json(200, { ...DETAIL, profiles: [], subscriptions: [], activity: [] }));
    open();
    await screen.findByRole('heading', { level: 1, name: 'Erin Example' });
    expect(screen.getByText(/No investor profile yet/)).toBeTruthy();
    expect(screen.getByText(/No subscription yet/)).toBeTruthy();
    expect(screen.getByText(/No activity yet/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers a retry after a failed load, and reads again', async () => {
    serve(
      () => json(500, { code: 'INTERNAL_ERROR', message: 'x', requestId: 'r' }),
      () => json(200, DETAIL),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Erin Example' })).toBeTruthy();
    expect(detailCalls()).toHaveLength(2);
  });

  it('says so when there is no such investor, with the way back to the list', async () => {
    serve(() => json(404, { code: 'AccountNotExist', message: 'x', requestId: 'r' }));
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Investor not found' })).toBeTruthy();
    expect(
      screen
        .getAllByRole('link', { name: /Back to investors/ })
        .every((a) => a.getAttribute('href') === '/gp/investors'),
    ).toBe(true);
  });

  it('reads in Chinese', async () => {
    serve(() => json(200, DETAIL));
    const { i18n } = open();
    await screen.findByRole('heading', { level: 1, name: 'Erin Example' });
    await act(() => i18n.changeLanguage('zh-CN'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: '近期动态' })).toBeTruthy());
    expect(screen.getByText('下载了文件')).toBeTruthy();
    expect(screen.getByText('基金：Glacier Infrastructure')).toBeTruthy();
    expect(screen.getByText('已锁定')).toBeTruthy();
  });
});
