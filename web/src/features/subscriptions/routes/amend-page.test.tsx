import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Modification } from '@tranche/shared/subscription/modification.schema';
import type { Subscription } from '@tranche/shared/subscription/subscription.schema';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSubscriptionsLocales } from '@/features/subscriptions/locales';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { AmendPage } from './amend-page';

const SUB = '01HZY3C9W8ZK1N6S2B7QK5V4SS';
const L = (en: string) => ({ en, 'zh-CN': en });

const subscription: Subscription = {
  subscriptionId: SUB,
  productId: '01HZY3C9W8ZK1N6S2B7QK5V4XM',
  type: 'INVEST_SUBSCRIPTION',
  status: 'SUBMITTED',
  amount: '250000',
  currency: 'USD',
  fund: 'Glacier Infrastructure',
  investorUserId: '01HZY3C9W8ZK1N6S2B7QK5V4XU',
  investorName: 'Erin Example',
  version: 7,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  createdBy: '01HZY3C9W8ZK1N6S2B7QK5V4XU',
  signatures: [],
  documents: [],
  holdsCapacity: false,
  allowedEvents: ['AMEND', 'WITHDRAW'],
  history: [],
};

const form = {
  id: 'investment',
  kind: 'FORM' as const,
  title: L('Your investment'),
  elements: [
    { id: 'amount', element: 'AMOUNT', label: L('Amount'), requirement: 'MANDATORY', prefill: 'subscription.amount' },
    { id: 'source', element: 'INPUT', fieldType: 'text', label: L('Source of funds'), requirement: 'MANDATORY' },
  ],
};
const opened = (after?: Record<string, string>): Modification => ({
  modificationId: '01HZY3C9W8ZK1N6S2B7QK5V4MM',
  subscriptionId: SUB,
  baseVersion: 7,
  startedAt: '2026-03-02T10:00:00.000Z',
  nodes: [
    {
      nodeId: 'investment',
      node: form,
      before: { amount: '250000', source: 'Salary' },
      ...(after ? { after } : {}),
      changes: after
        ? [{ elementId: 'source', label: L('Source of funds'), before: 'Salary', after: after.source ?? null }]
        : [],
    },
  ],
});

const fetchMock = mockFetch({ csrf: true });
let open: Modification | null = null;
const serve = () =>
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
    if (path === `/api/product-subscription/subscriptions/${SUB}`) return json(200, subscription);
    if (path === `/api/subscription/${SUB}/modification` && init?.method === 'POST') {
      open = opened();
      return json(200, open);
    }
    if (path === `/api/subscription/${SUB}/modification`) return json(200, { modification: open });
    if (path === `/api/subscription/${SUB}/modification/node`) {
      open = opened((body.values as Record<string, string>) ?? {});
      return json(200, open);
    }
    if (path === `/api/subscription/${SUB}/modification/confirm`)
      return json(200, { ...subscription, version: 8, allowedEvents: ['AMEND', 'WITHDRAW'] });
    return json(404, { code: 'NOT_FOUND', message: 'x', requestId: 'r' });
  });

const Page = () => {
  useSubscriptionsLocales();
  return <AmendPage />;
};
const calls = (suffix: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => init?.method === 'POST' && new URL(String(u), 'http://x').pathname.endsWith(suffix))
    .map(([, init]) => JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>);

describe('amending a submitted subscription', { timeout: 15_000 }, () => {
  it('starts from the submitted answers, saves a changed step, shows before and after, and sends it', async () => {
    open = null;
    serve();
    renderWithApp(
      <Routes>
        <Route path="/subscriptions/:subscriptionId/amend" element={<Page />} />
        <Route path="/subscriptions/:subscriptionId" element={<p>Subscription page</p>} />
      </Routes>,
      { path: `/subscriptions/${SUB}/amend` },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Start amending' }));
    expect(calls('/modification')).toEqual([{ version: 7 }]);
    const source = (await screen.findByRole('textbox', { name: /Source of funds/ })) as HTMLInputElement;
    expect(source.value).toBe('Salary');
    expect((screen.getByRole('button', { name: 'Send the amendment' }) as HTMLButtonElement).disabled).toBe(true);

    // The form's own checks first: an emptied mandatory field is never sent.
    fireEvent.change(source, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save this step' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(calls('/modification/node')).toHaveLength(0);

    fireEvent.change(source, { target: { value: 'Inheritance' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save this step' }));
    expect(await screen.findByText('Saved in your amendment. Nothing is sent until you send it.')).toBeTruthy();
    expect(calls('/modification/node')).toEqual([
      { nodeId: 'investment', values: { amount: '250000', source: 'Inheritance' } },
    ]);
    const table = screen.getByRole('table', { name: 'What you changed in this step' });
    expect(table.textContent).toContain('Salary');
    expect(table.textContent).toContain('Inheritance');

    fireEvent.change(screen.getByRole('textbox', { name: /A note for the manager/ }), {
      target: { value: 'New source.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send the amendment' }));
    expect(await screen.findByText('Subscription page')).toBeTruthy();
    await waitFor(() => expect(calls('/modification/confirm')).toEqual([{ version: 7, note: 'New source.' }]));
  });
});
