import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  CALL,
  call,
  FUND,
  investor,
  navLine,
  notFound,
  pathOf,
  redemption,
  SUB,
  statistics,
} from '@/features/money-lp/test/fixtures';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import InvestmentPage from './investment-page';

const fetchMock = mockFetch();

const serve = (stats = statistics(), notes: unknown[] = []) =>
  fetchMock.mockImplementation(async (input) => {
    const path = pathOf(input);
    if (path === '/api/user-center/get') return json(200, investor);
    if (path === '/api/dashboard/statistics-subscription') return json(200, stats);
    if (path === '/api/dashboard/nav-line-graph') return json(200, navLine);
    if (path === '/api/investor-calls')
      return json(200, {
        items: [
          call(),
          call({
            callId: '01HZY3C9W8ZK1N6S2B7QK5CAL0',
            state: 'INVESTED',
            paid: '151250.00',
            outstanding: '0.00',
            purpose: undefined,
          }),
          call({ callId: '01HZY3C9W8ZK1N6S2B7QK5CAL1', subscriptionId: '01HZY3C9W8ZK1N6S2B7QK5OTHR', fund: 'Other' }),
        ],
      });
    if (path === '/api/redemptions') return json(200, { items: [redemption()] });
    if (path === '/api/contract-notes') return json(200, { items: notes });
    if (path === `/api/capital-call-notices/${CALL}/${SUB}/pdf`)
      return json(200, {
        url: 'https://data-room.example/notice.pdf',
        expiresAt: '2026-11-24T06:00:00.000Z',
        fileName: 'n.pdf',
      });
    return notFound();
  });

const renderAt = (path: string) =>
  renderWithApp(
    <Routes>
      <Route path="/investments/:subscriptionId" element={<InvestmentPage />} />
      <Route path="/investments/:subscriptionId/instruct" element={<InvestmentPage />} />
      <Route path="/subscriptions/:subscriptionId" element={<p>Subscription page</p>} />
    </Routes>,
    { path },
  );

describe('an investment’s page', { timeout: 15_000 }, () => {
  it('shows its figures and its itemised call notices, with how to pay what is outstanding', async () => {
    serve();
    renderAt(`/investments/${SUB}`);
    expect(await screen.findByRole('heading', { level: 1, name: FUND })).toBeTruthy();
    const mine = screen.getByRole('region', { name: 'This investment' });
    expect(within(mine).getByRole('group', { name: 'Units held' }).textContent).toContain('300,000 units');
    // Only this investment's calls: two notices, not the other fund's.
    const notices = screen.getAllByRole('table', { name: `Notice for ${FUND}` });
    expect(notices).toHaveLength(2);
    const open = notices[0] as HTMLElement;
    const row = (name: string) => within(open).getByRole('rowheader', { name }).closest('tr')?.textContent;
    expect(row('Investment')).toContain('HK$150,000');
    expect(row('Management fee')).toContain('HK$1,000');
    expect(row('Expenses')).toContain('HK$250');
    expect(row('Total called')).toContain('HK$151,250');
    expect(row('Outstanding')).toContain('HK$151,250');
    expect(row('Due date')).toContain('Dec 8, 2026');
    const article = open.closest('article') as HTMLElement;
    expect(within(article).getByText('Outstanding', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(article.textContent).toContain(`CC-${CALL.slice(-8)}-${SUB.slice(-8)}`);
    expect(article.textContent).toContain('Purpose: Fit-out of the Kowloon property');
    // The paid one says so instead of asking for money.
    const paid = (notices[1] as HTMLElement).closest('article') as HTMLElement;
    expect(paid.textContent).toContain('Nothing is outstanding on this call.');
    expect(within(paid).queryByText('How to pay')).toBeNull();
    // Units are held: a redemption can be asked; this one waits for the investor's changes.
    const redemptions = screen.getByRole('region', { name: 'Redemptions' });
    expect(within(redemptions).getByRole('link', { name: 'Request a redemption' }).getAttribute('href')).toBe(
      `/redemptions/new?subscriptionId=${SUB}`,
    );
    expect(await within(redemptions).findByText('Needs changes')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Instruct your custodian' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Contract notes' })).toBeNull();
  });

  it('opens the notice’s PDF from a fresh short-lived link', async () => {
    serve();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    renderAt(`/investments/${SUB}`);
    const buttons = await screen.findAllByRole('button', {
      name: /^Download the notice \(PDF\): Beacon Real Estate Fund/,
    });
    fireEvent.click(buttons[0] as HTMLElement);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://data-room.example/notice.pdf'));
    vi.restoreAllMocks();
  });

  it('lists an open-ended investment’s contract notes, and leaves the section out when there are none', async () => {
    serve(statistics(), [
      {
        contractNoteId: '01HZY3C9W8ZK1N6S2B7QK5NOTE',
        subscriptionId: SUB,
        investorId: investor.userId,
        productId: '01HZY3C9W8ZK1N6S2B7QK5V4XM',
        shareClassId: '01HZY3C9W8ZK1N6S2B7QK5V4SC',
        fund: FUND,
        currency: 'HKD',
        orderDate: '2026-09-10',
        dealingDate: '2026-09-30',
        navDate: '2026-09-30',
        navPerUnit: '1.250000',
        gross: '100000.00',
        fee: '1000.00',
        feeType: 'PERCENTAGE',
        feeRate: '1',
        net: '99000.00',
        units: '79200.000000',
        createdAt: '2026-10-01T00:00:00.000Z',
      },
    ]);
    renderAt(`/investments/${SUB}`);
    const table = await screen.findByRole('table', { name: 'Contract notes' });
    const row = within(table).getByRole('rowheader', { name: 'Sep 30, 2026' }).closest('tr')?.textContent;
    expect(row).toContain('1.25 HKD');
    expect(row).toContain('HK$99,000');
    expect(row).toContain('79,200');
  });

  it('puts the custodian instruction first for the IRA call’s task', async () => {
    serve();
    renderAt(`/investments/${SUB}/instruct`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Instruct your custodian' })).toBeTruthy();
    expect(screen.getByText(/transfers usually take 5 days to clear/)).toBeTruthy();
  });

  it('opens the subscription’s own page while it is not an investment yet (the signing tasks share the path)', async () => {
    serve();
    renderAt('/investments/01HZY3C9W8ZK1N6S2B7QK5NOTY');
    expect(await screen.findByText('Subscription page')).toBeTruthy();
  });
});
