import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { investor, notFound, pathOf, RED, redemption, SUB, statistics } from '@/features/money-lp/test/fixtures';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import RedemptionsRoutes from './redemptions-routes';

const fetchMock = mockFetch({ csrf: true });

interface Api {
  onRequest?: (body: Record<string, unknown>) => Response;
  onAction?: (body: Record<string, unknown>) => Response;
}
const serve = (api: Api = {}) =>
  fetchMock.mockImplementation(async (input, init) => {
    const path = pathOf(input);
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (path === '/api/user-center/get') return json(200, investor);
    if (path === '/api/dashboard/statistics-subscription') return json(200, statistics());
    if (path === '/api/redemptions' && init?.method === 'POST')
      return api.onRequest ? api.onRequest(body) : json(201, redemption({ state: 'REQUESTED' }));
    if (path === '/api/redemptions') return json(200, { items: [redemption()] });
    if (path === `/api/redemptions/${RED}/submitted-redemption`) return json(200, redemption());
    if (path === `/api/redemptions/${RED}/actions`)
      return api.onAction
        ? api.onAction(body)
        : json(200, redemption({ state: 'REQUESTED', allowedEvents: ['WITHDRAW'] }));
    return notFound();
  });

const renderAt = (path: string) =>
  renderWithApp(
    <Routes>
      <Route path="/redemptions/*" element={<RedemptionsRoutes />} />
    </Routes>,
    { path },
  );

const posted = (suffix: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => pathOf(u).endsWith(suffix) && init?.method === 'POST')
    .map(([, init]) => ({
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
      key: (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'],
    }));

describe('redemptions', { timeout: 20_000 }, () => {
  it('requests by units with an Idempotency-Key, and shows a refusal under the field it names', async () => {
    let refuse = true;
    serve({
      onRequest: () =>
        refuse
          ? json(422, {
              code: 'redemptionOverHolding',
              message: 'x',
              details: { field: 'units', held: '300000' },
              requestId: 'r',
            })
          : json(201, redemption({ state: 'REQUESTED' })),
    });
    renderAt(`/redemptions/new?subscriptionId=${SUB}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Request a redemption' })).toBeTruthy();
    const sel = screen.getByRole('combobox', { name: /^Investment/ }) as HTMLSelectElement;
    expect(sel.value).toBe(SUB);
    const units = screen.getByRole('textbox', { name: /^Units/ });
    // The browser checks the form first: six decimals at most.
    fireEvent.change(units, { target: { value: '10.1234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByText('Enter a number of units, up to 6 decimals, such as 1500.25')).toBeTruthy();
    expect(posted('/api/redemptions')).toHaveLength(0);
    fireEvent.change(units, { target: { value: '400000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByText('The units is more than you hold (300000 units).')).toBeTruthy();
    // Sent again unchanged: the same key, so a lost answer never makes two requests.
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Redemption from Beacon Real Estate Fund' }),
    ).toBeTruthy();
    const sent = posted('/api/redemptions');
    expect(sent.map((s) => s.body)).toEqual([
      { subscriptionId: SUB, units: '400000' },
      { subscriptionId: SUB, units: '400000' },
    ]);
    expect(sent[0]?.key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]?.key).toBe(sent[0]?.key);
  });

  it('redeems the whole holding or an amount: exactly one of them is sent', async () => {
    serve();
    renderAt(`/redemptions/new?subscriptionId=${SUB}`);
    fireEvent.click(await screen.findByRole('radio', { name: 'An amount' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Amount \(HKD\)/ }), { target: { value: '25000.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    await waitFor(() => expect(posted('/api/redemptions')).toHaveLength(1));
    expect(posted('/api/redemptions')[0]?.body).toEqual({ subscriptionId: SUB, amount: '25000.50' });
  });

  it('lists the investor’s redemptions with their state', async () => {
    serve();
    renderAt('/redemptions');
    const table = await screen.findByRole('table', { name: 'Your redemptions' });
    expect(await within(table).findByRole('link', { name: 'Beacon Real Estate Fund' })).toBeTruthy();
    expect(within(table).getByText('Needs changes')).toBeTruthy();
  });

  it('amends a redemption the manager sent back, showing the manager’s words and the request as it was', async () => {
    serve();
    renderAt(`/redemptions/${RED}/amend`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Amend your redemption' })).toBeTruthy();
    expect(screen.getByText('Please redeem at most 500 units this quarter.')).toBeTruthy();
    const units = (await screen.findByRole('textbox', { name: /^Units/ })) as HTMLInputElement;
    expect(units.value).toBe('1000');
    fireEvent.change(units, { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit changes' }));
    await waitFor(() => expect(posted(`/redemptions/${RED}/actions`)).toHaveLength(1));
    expect(posted(`/redemptions/${RED}/actions`)[0]?.body).toEqual({ event: 'AMEND', units: '500' });
  });

  it('withdraws a request after asking', async () => {
    serve();
    renderAt(`/redemptions/${RED}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw the request' }));
    await waitFor(() => expect(posted(`/redemptions/${RED}/actions`)).toHaveLength(1));
    expect(posted(`/redemptions/${RED}/actions`)[0]?.body).toEqual({ event: 'WITHDRAW' });
  });
});
