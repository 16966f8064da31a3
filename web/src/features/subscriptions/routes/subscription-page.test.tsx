import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentNode, NodeResult } from '@tranche/shared/scenario/scenario.schema';
import type { Subscription } from '@tranche/shared/subscription/subscription.schema';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSubscriptionsLocales } from '@/features/subscriptions/locales';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { SubscriptionPage } from './subscription-page';

const SUB = '01HZY3C9W8ZK1N6S2B7QK5V4SS';
const L = (en: string) => ({ en, 'zh-CN': en });

const subscription = (over: Partial<Subscription> = {}): Subscription => ({
  subscriptionId: SUB,
  productId: '01HZY3C9W8ZK1N6S2B7QK5V4XM',
  type: 'INVEST_SUBSCRIPTION',
  status: 'INVESTING',
  amount: '250000',
  currency: 'USD',
  fund: 'Glacier Infrastructure',
  investorUserId: '01HZY3C9W8ZK1N6S2B7QK5V4XU',
  investorName: 'Erin Example',
  profileId: '01HZY3C9W8ZK1N6S2B7QK5V4PP',
  version: 3,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  createdBy: '01HZY3C9W8ZK1N6S2B7QK5V4XU',
  signatures: [],
  documents: [],
  holdsCapacity: false,
  allowedEvents: ['WITHDRAW'],
  history: [],
  ...over,
});

const investmentForm = {
  id: 'investment',
  kind: 'FORM',
  title: L('Your investment'),
  elements: [
    { id: 'amount', element: 'AMOUNT', label: L('Amount'), requirement: 'MANDATORY', prefill: 'subscription.amount' },
    {
      id: 'sourceOfFunds',
      element: 'SELECT',
      label: L('Source of funds'),
      requirement: 'MANDATORY',
      options: [
        { value: 'SALARY', label: L('Salary') },
        { value: 'SAVINGS', label: L('Savings') },
      ],
    },
    { id: 'internal', element: 'INPUT', fieldType: 'text', label: L('Internal'), requirement: 'HIDDEN' },
  ],
};
const statement = {
  id: 'declarations',
  kind: 'STATEMENT',
  title: L('Declarations'),
  body: L('Please confirm.'),
  consents: [{ id: 'accurate', label: L('The information I gave is accurate') }],
};

const at = (node: object | null, done: number, status: CurrentNode['progress']['status'] = 'RUNNING'): CurrentNode =>
  ({
    subscriptionId: SUB,
    node,
    prefill: node === investmentForm ? { amount: '250000' } : {},
    progress: { status, done, total: 5 },
  }) as CurrentNode;

const done: NodeResult[] = [
  { nodeId: 'investorDetails', kind: 'NODE_FORM', state: 'DONE', values: {}, at: '2026-03-01T10:05:00.000Z' },
];

const fetchMock = mockFetch({ csrf: true });

interface Api {
  sub?: Subscription;
  current?: CurrentNode;
  results?: NodeResult[];
  onSubmit?: (body: Record<string, unknown>) => Response;
  onPrepare?: () => Response;
  contacts?: object;
}
const serve = (api: Api) =>
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://x').pathname;
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (path === '/api/user-center/get')
      return json(200, {
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
      });
    if (path === `/api/product-subscription/subscriptions/${SUB}`) return json(200, api.sub ?? subscription());
    if (path === '/api/biteflow/scenario/gateway/node/get') return json(200, api.current ?? at(investmentForm, 1));
    if (path === '/api/biteflow/scenario/node-results') return json(200, { items: api.results ?? done });
    if (path === '/api/biteflow/scenario/submit-node-result')
      return api.onSubmit ? api.onSubmit(body) : json(200, { saved: true, draft: false, next: at(statement, 2) });
    if (path === '/api/biteflow/scenario/delete-node-result') return json(200, at(investmentForm, 1));
    if (path === '/api/biteflow/scenario/gateway/instance/gateway-contacts' && api.contacts)
      return json(200, api.contacts);
    if (path === `/api/subscription/${SUB}/submitted-subscription`)
      return api.onPrepare ? api.onPrepare() : json(404, { code: 'NOT_FOUND', message: 'x', requestId: 'r' });
    return json(404, { code: 'NOT_FOUND', message: 'x', requestId: 'r' });
  });

const Page = () => {
  useSubscriptionsLocales();
  return <SubscriptionPage />;
};
const renderPage = () =>
  renderWithApp(
    <Routes>
      <Route path="/subscriptions/:subscriptionId" element={<Page />} />
      <Route path="/home" element={<p>Home page</p>} />
    </Routes>,
    { path: `/subscriptions/${SUB}` },
  );

const calls = (suffix: string) =>
  fetchMock.mock.calls
    .filter(([u]) => new URL(String(u), 'http://x').pathname.endsWith(suffix))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

describe('the scenario runner', { timeout: 15_000 }, () => {
  it("shows a joint holder's step as waiting for them, with their link, instead of a form to answer", async () => {
    serve({
      current: at({ ...statement, id: 'coHolder', title: L('Second holder'), party: 'JOINT_HOLDER' }, 1),
      contacts: {
        subscriptionId: SUB,
        nodeId: 'coHolder',
        waiting: true,
        parties: ['JOINT_HOLDER'],
        progress: { completed: 0, total: 1 },
        contacts: [
          {
            personId: '01HZY3C9W8ZK1N6S2B7QK5V4P1',
            name: 'Mei Wong',
            email: 'mei@example.com',
            party: 'JOINT_HOLDER',
            state: 'SENT',
            sentAt: '2026-03-01T10:00:00.000Z',
            expiresAt: '2026-03-08T10:00:00.000Z',
            sends: 1,
            canResend: true,
          },
        ],
      },
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Second holder' })).toBeTruthy();
    expect(await screen.findByText('Mei Wong')).toBeTruthy();
    expect(screen.getByText('Link sent')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend the link to Mei Wong' })).toBeTruthy();
    // Not the investor's to answer: no consent to tick, nothing to submit.
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save and continue' })).toBeNull();
  });

  it('shows the step with its prefill to confirm, checks it as the server will, then moves on', async () => {
    serve({});
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your investment' })).toBeTruthy();
    expect(screen.getByText('Step 2 of 5')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Amount/ }) as HTMLInputElement).value).toBe('250000');
    // HIDDEN fields are never shown.
    expect(screen.queryByRole('textbox', { name: /Internal/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('Confirm the details, or correct them first.')).toBeTruthy();
    expect(calls('/submit-node-result')).toHaveLength(0);

    fireEvent.change(screen.getByRole('combobox', { name: /Source of funds/ }), { target: { value: 'SAVINGS' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I confirm the details filled in for me are correct' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Declarations' })).toBeTruthy();
    expect(calls('/submit-node-result')).toEqual([
      {
        subscriptionId: SUB,
        nodeId: 'investment',
        values: { amount: '250000', sourceOfFunds: 'SAVINGS' },
        draft: false,
      },
    ]);
    expect(screen.getByText('Step 3 of 5')).toBeTruthy();
  });

  it('saves an unfinished step as a draft on Save and exit, and goes home', async () => {
    serve({ onSubmit: () => json(200, { saved: true, draft: true, next: at(investmentForm, 1) }) });
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Your investment' });
    fireEvent.click(screen.getByRole('button', { name: 'Save and exit' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(calls('/submit-node-result')).toEqual([
      { subscriptionId: SUB, nodeId: 'investment', values: { amount: '250000' }, draft: true },
    ]);
  });

  it('goes back by reopening the latest step done', async () => {
    serve({});
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Your investment' });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() =>
      expect(calls('/delete-node-result')).toEqual([{ subscriptionId: SUB, nodeId: 'investorDetails' }]),
    );
  });

  it('puts the server’s refusal of a field on that field', async () => {
    serve({
      onSubmit: () =>
        json(422, {
          code: 'scenarioFormInvalid',
          message: 'x',
          requestId: 'r',
          details: { fields: [{ field: 'values.sourceOfFunds', rule: 'option' }] },
        }),
    });
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Your investment' });
    fireEvent.change(screen.getByRole('combobox', { name: /Source of funds/ }), { target: { value: 'SALARY' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I confirm the details filled in for me are correct' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Some answers are missing or invalid. See the fields marked.')).toBeTruthy();
  });

  it('at the end, lists what the NIGO check found and reopens the step to fix', async () => {
    serve({
      current: at(null, 5, 'COMPLETED'),
      results: [
        ...done,
        { nodeId: 'investment', kind: 'FORM', state: 'DONE', values: {}, at: '2026-03-01T10:06:00.000Z' },
      ],
      onPrepare: () =>
        json(422, {
          code: 'SUBSCRIPTION_NIGO',
          message: 'x',
          requestId: 'r',
          details: {
            failures: [
              { step: 'investment', field: 'sourceOfFunds', code: 'scenarioIncomplete' },
              { step: 'SCREENING', field: 'profileId', code: 'screeningNotPassed' },
            ],
          },
        }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Review and submit' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check my subscription' }));
    const problems = await screen.findByRole('alert');
    expect(within(problems).getByText('A required answer is missing: sourceOfFunds.')).toBeTruthy();
    expect(within(problems).getByText('The investor has not passed screening yet.')).toBeTruthy();
    expect(within(problems).getByRole('link', { name: 'Open your profile' }).getAttribute('href')).toBe(
      '/profiles/01HZY3C9W8ZK1N6S2B7QK5V4PP',
    );
    fireEvent.click(within(problems).getByRole('button', { name: 'Fix this' }));
    await waitFor(() => expect(calls('/delete-node-result')).toEqual([{ subscriptionId: SUB, nodeId: 'investment' }]));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your investment' })).toBeTruthy();
    // On the step, the finding sits on its field, named as the investor sees it.
    expect(screen.getByText('A required answer is missing: Source of funds.')).toBeTruthy();
  });

  it('submits a package that passed the check, in two steps', async () => {
    serve({
      sub: subscription({ status: 'CONFIRM_SUBSCRIPTION', version: 5 }),
      current: at(null, 5, 'COMPLETED'),
      onPrepare: () =>
        json(200, { result: 'SUCCESS', subscription: subscription({ status: 'SUBMITTED', version: 6 }) }),
    });
    renderPage();
    expect(await screen.findByText('Everything is in order')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit my subscription' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Nothing to do: the manager is reviewing it' }),
    ).toBeTruthy();
    expect(calls('/submitted-subscription')).toEqual([{ step: 'SUBMIT', version: 5 }]);
  });
});
