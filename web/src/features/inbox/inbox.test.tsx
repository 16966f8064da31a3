import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InboxMessage } from '@tranche/shared/inbox/inbox.schema';
import type { CurrentUser } from '@tranche/shared/user/user.schema';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { InboxHeaderLink, InboxNavLink } from './components/inbox-nav-link';
import InboxRoutes from './routes/inbox-routes';

const INVESTOR: CurrentUser = {
  userId: '01HZY3C9W8ZK1N6S2B7QK5V4U1',
  tenantId: '01HZY3C9W8ZK1N6S2B7QK5V4XA',
  email: 'investor1@alpine.example',
  displayName: 'Ivy Investor',
  role: 'LP',
  inviteStatus: 'REGISTERED',
  accountState: 'normal',
  mfaMethods: [],
  language: 'en',
  currency: 'USD',
};

const TASK_ID = '01HZY3C9W8ZK1N6S2B7QK5V4T1';
const task = (over: Partial<InboxMessage> = {}, taskOver: Partial<NonNullable<InboxMessage['task']>> = {}) =>
  ({
    messageId: '01HZY3C9W8ZK1N6S2B7QK5V4M1',
    // A task whose page does not exist yet (subscriptions come with issue 13): its button completes it.
    kind: 'ADDITIONAL_DOCUMENTS_REQUIRED',
    category: 'TASK_MESSAGE',
    title: 'Proof of address needed',
    body: 'Upload a utility bill from the last three months.',
    params: {},
    createdAt: '2026-11-20T09:00:00.000Z',
    read: false,
    action: { action: 'UPLOAD', label: 'Upload', path: '/subscriptions/01HZY3C9W8ZK1N6S2B7QK5V4P1/documents' },
    task: {
      taskId: TASK_ID,
      status: 'OPEN',
      completedBySomeoneElse: false,
      dueAt: '2030-01-10T17:00:00.000Z',
      urgent: false,
      assigneeCount: 2,
      mayAct: true,
      needsDecision: false,
      ...taskOver,
    },
    ...over,
  }) as InboxMessage;
const NEWS: InboxMessage = {
  messageId: '01HZY3C9W8ZK1N6S2B7QK5V4M2',
  kind: 'NAV_UPDATED',
  category: 'COMMON_MESSAGE',
  title: 'NAV updated',
  body: 'The NAV of Glacier Infrastructure is out.',
  params: {},
  createdAt: '2026-11-19T09:00:00.000Z',
  read: false,
};

const fetchMock = mockFetch({ csrf: true });

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** Answers like the API: `routes` maps "METHOD /path" to a body (or a function of the call). */
const serve = (routes: Record<string, unknown | ((call: Call) => Response | unknown)>) => {
  const calls: Call[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const answer = routes[`${call.method} ${call.path}`];
    if (answer === undefined) return json(404, { code: 'NOT_FOUND', message: 'x', requestId: 'r' });
    const value = typeof answer === 'function' ? (answer as (c: Call) => unknown)(call) : answer;
    return value instanceof Response ? value : json(200, value);
  });
  return calls;
};

const renderInbox = (path: string) =>
  renderWithApp(
    <Routes>
      <Route path="/inbox/*" element={<InboxRoutes />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { path },
  );

describe('the inbox menu item', () => {
  it('names the unread count with the link, so the badge is not read as a bare number', async () => {
    serve({ 'GET /user-center/get': INVESTOR, 'GET /user-center/in-box-messages/unread-count': { count: 3 } });
    renderWithApp(<InboxNavLink />);
    // Name from content: the visible "Inbox", then the count in words (however the engine spaces them).
    const link = await screen.findByRole('link', { name: /^Inbox\s*,\s*3 unread messages$/ });
    expect(link.getAttribute('href')).toBe('/inbox');
    // The badge shows the number and is hidden from assistive technology, which reads the words instead.
    expect(link.querySelector('[aria-hidden="true"]')?.textContent).toBe('3');
  });

  it('keeps the count in sight on a phone as a bell with the same accessible name', async () => {
    serve({ 'GET /user-center/get': INVESTOR, 'GET /user-center/in-box-messages/unread-count': { count: 1 } });
    renderWithApp(<InboxHeaderLink />);
    const link = await screen.findByRole('link', { name: 'Inbox, 1 unread message' });
    expect(link.getAttribute('href')).toBe('/inbox');
  });

  it('is not offered to a visitor, and asks for no count', async () => {
    const calls = serve({
      'GET /user-center/get': () => json(401, { code: 'UNAUTHENTICATED', message: 'x', requestId: 'r' }),
    });
    const { container } = renderWithApp(<InboxNavLink />);
    await waitFor(() => expect(calls.some((c) => c.path === '/user-center/get')).toBe(true));
    expect(container.querySelector('a')).toBeNull();
    expect(calls.some((c) => c.path.includes('unread-count'))).toBe(false);
  });
});

describe('the inbox page', { timeout: 15_000 }, () => {
  it('lists under the chosen filter and marks the selected unread messages read', async () => {
    let unread = 2;
    const calls = serve({
      'GET /user-center/get': INVESTOR,
      'GET /user-center/in-box-messages/unread-count': () => ({ count: unread }),
      'GET /user-center/get-in-box-message': (c: Call) =>
        c.query.get('status') === 'IN_PROGRESS' ? { items: [task()] } : { items: [task(), NEWS] },
      'POST /user-center/read-in-box-message': (c: Call) => {
        unread -= (c.body as { messageIds: string[] }).messageIds.length;
        return { count: unread, marked: 1 };
      },
    });
    renderInbox('/inbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Unread: NAV updated' });
    expect(calls.find((c) => c.path === '/user-center/get-in-box-message')?.query.get('status')).toBe('ALL');

    fireEvent.click(screen.getByRole('radio', { name: 'In progress' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Unread: NAV updated' })).toBeNull());
    expect(calls.at(-1)?.query.get('status')).toBe('IN_PROGRESS');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select “Proof of address needed”' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark as read (1)' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ messageIds: [task().messageId] }),
    );
    await screen.findByText('1 unread message');
  });

  it('shows only unread messages when asked, and keeps that choice in the address', async () => {
    const calls = serve({
      'GET /user-center/get': INVESTOR,
      'GET /user-center/in-box-messages/unread-count': { count: 1 },
      'GET /user-center/get-in-box-message': (c: Call) =>
        c.query.get('unread') === 'true' ? { items: [NEWS] } : { items: [task({ read: true }), NEWS] },
    });
    renderInbox('/inbox');
    await screen.findByRole('link', { name: 'Proof of address needed' });
    fireEvent.click(screen.getByRole('switch', { name: 'Unread only' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Proof of address needed' })).toBeNull());
    expect(calls.at(-1)?.query.get('unread')).toBe('true');
    expect(screen.getByRole('link', { name: 'Unread: NAV updated' })).toBeTruthy();
  });

  it('says the inbox is empty, and what to do when a search finds nothing', async () => {
    serve({
      'GET /user-center/get': INVESTOR,
      'GET /user-center/in-box-messages/unread-count': { count: 0 },
      'GET /user-center/get-in-box-message': { items: [] },
    });
    renderInbox('/inbox');
    expect(await screen.findByRole('heading', { name: 'Your inbox is empty' })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search messages' }), { target: { value: 'bank' } });
    expect(await screen.findByRole('heading', { name: 'No matching messages' }, { timeout: 3000 })).toBeTruthy();
  });

  it('shows the catalogue message of a failed load with a way to try again', async () => {
    serve({
      'GET /user-center/get': INVESTOR,
      'GET /user-center/in-box-messages/unread-count': { count: 0 },
      'GET /user-center/get-in-box-message': () =>
        json(503, { code: 'SERVICE_UNAVAILABLE', message: 'x', requestId: 'r' }),
    });
    renderInbox('/inbox');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('a task', { timeout: 15_000 }, () => {
  it('is marked read when opened, and its action completes it after a confirmation when its page does not exist', async () => {
    let current = task();
    const calls = serve({
      'GET /user-center/get': INVESTOR,
      [`GET /user-center/messages/${current.messageId}`]: () => current,
      'POST /user-center/read-in-box-message': { count: 0, marked: 1 },
      'POST /lp/activities/add': { activityId: '01HZY3C9W8ZK1N6S2B7QK5V4A1' },
      [`POST /tasks/${TASK_ID}`]: () => {
        current = task({ read: true }, { status: 'DONE', completedAt: '2026-11-21T10:00:00.000Z' });
        return current;
      },
    });
    renderInbox(`/inbox/${current.messageId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Proof of address needed' })).toBeTruthy();
    expect(screen.getByText('Shared with 2 people: the first to complete it completes it for everyone.')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/user-center/read-in-box-message')?.body).toEqual({
        messageIds: [current.messageId],
      }),
    );
    expect(calls.find((c) => c.path === '/lp/activities/add')?.body).toEqual({
      action: 'VIEW_TASK',
      subjectId: TASK_ID,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete this task?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as done' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === `/tasks/${TASK_ID}`)?.body).toEqual({ action: 'COMPLETE' }),
    );
    expect(await screen.findByText(/^You completed this task on/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
  });

  it('says someone else completed it, in the catalogue’s words, when another assignee got there first', async () => {
    let current = task({ read: true });
    serve({
      'GET /user-center/get': INVESTOR,
      [`GET /user-center/messages/${current.messageId}`]: () => current,
      'POST /lp/activities/add': { activityId: '01HZY3C9W8ZK1N6S2B7QK5V4A1' },
      [`POST /tasks/${TASK_ID}`]: () => {
        current = task({ read: true }, { status: 'CLOSED', completedBySomeoneElse: true });
        return json(409, { code: 'TASK_CLOSED', message: 'x', requestId: 'r' });
      },
    });
    renderInbox(`/inbox/${current.messageId}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark as done' }));
    expect(await screen.findByText('This task has been completed by someone else.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull());
    expect(screen.getByText('Closed')).toBeTruthy();
  });

  it('opens the page of an action that exists instead of completing it', async () => {
    const current = task(
      {
        read: true,
        action: { action: 'INVEST', label: 'Invest', path: '/products/01HZY3C9W8ZK1N6S2B7QK5V4P9/subscribe/invest' },
      },
      {},
    );
    serve({
      'GET /user-center/get': INVESTOR,
      [`GET /user-center/messages/${current.messageId}`]: current,
      'POST /lp/activities/add': { activityId: '01HZY3C9W8ZK1N6S2B7QK5V4A1' },
    });
    renderInbox(`/inbox/${current.messageId}`);
    const link = await screen.findByRole('link', { name: 'Invest' });
    expect(link.getAttribute('href')).toBe('/products/01HZY3C9W8ZK1N6S2B7QK5V4P9/subscribe/invest');
  });

  it('tells an account type that may not act why, in the catalogue’s words, and offers no action', async () => {
    const current = task({ read: true }, { mayAct: false });
    serve({
      'GET /user-center/get': INVESTOR,
      [`GET /user-center/messages/${current.messageId}`]: current,
      'POST /lp/activities/add': { activityId: '01HZY3C9W8ZK1N6S2B7QK5V4A1' },
    });
    renderInbox(`/inbox/${current.messageId}`);
    expect(await screen.findByText('You have no permission to handle this task with your account type.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
  });

  it('is "not found" when it is not the user’s', async () => {
    serve({
      'GET /user-center/get': INVESTOR,
      'GET /user-center/messages/01HZY3C9W8ZK1N6S2B7QK5V4ZZ': () =>
        json(404, { code: 'MESSAGE_NOT_EXISTS', message: 'x', requestId: 'r' }),
    });
    renderInbox('/inbox/01HZY3C9W8ZK1N6S2B7QK5V4ZZ');
    expect(await screen.findByRole('heading', { level: 1, name: 'Message not found' })).toBeTruthy();
  });
});
