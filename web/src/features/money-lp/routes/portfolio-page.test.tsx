import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FUND, investment, investor, navLine, notFound, pathOf, statistics } from '@/features/money-lp/test/fixtures';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import PortfolioPage from './portfolio-page';

const fetchMock = mockFetch();

const serve = (stats = statistics()) =>
  fetchMock.mockImplementation(async (input) => {
    const path = pathOf(input);
    if (path === '/api/user-center/get') return json(200, investor);
    if (path === '/api/dashboard/statistics-subscription') return json(200, stats);
    if (path === '/api/dashboard/nav-line-graph') return json(200, navLine);
    if (path === '/api/dashboard/get-subscription-in-progress')
      return json(200, {
        items: [
          {
            subscriptionId: investment().subscriptionId,
            productId: investment().productId,
            fund: FUND,
            currency: 'HKD',
            committed: '3000000.00',
            called: '451250.00',
            paidIn: '301250.00',
            outstanding: '150000.00',
            undrawn: '2550000.00',
            dueDate: '2026-12-08',
          },
        ],
      });
    return notFound();
  });

describe('the portfolio', { timeout: 15_000 }, () => {
  it('shows the tiles per currency as the server computed them, a missing XIRR as "Not available", and every investment', async () => {
    serve();
    renderWithApp(<PortfolioPage />, { path: '/portfolio' });
    const summary = await screen.findByRole('region', { name: 'Summary in HKD' });
    const tile = (name: string) => within(summary).getByRole('group', { name }).textContent;
    expect(tile('NAV')).toContain('HK$315,000');
    expect(tile('Committed')).toContain('HK$3,000,000');
    expect(tile('Undrawn')).toContain('HK$2,700,000');
    expect(tile('TVPI')).toContain('1.05×');
    expect(tile('XIRR')).toContain('Not available');
    expect(tile('XIRR')).not.toContain('0%');
    // Converted into the header's display currency, with the rate used.
    const display = screen.getByRole('region', { name: 'Total in USD (indicative)' });
    expect(within(display).getByRole('group', { name: 'NAV' }).textContent).toContain('$40,320');
    expect(display.textContent).toContain('1 HKD = 0.128 USD (rate of Nov 20, 2026)');
    // The statistics are asked in that currency.
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('statistics-subscription?currency=USD'))).toBe(true);
    const table = screen.getByRole('table', { name: 'Your investments' });
    expect(within(table).getByRole('link', { name: FUND }).getAttribute('href')).toBe(
      `/investments/${investment().subscriptionId}`,
    );
    const progress = screen.getByRole('region', { name: 'Money in progress' });
    await waitFor(() => expect(progress.textContent).toContain('Outstanding HK$150,000 · Due Dec 8, 2026'));
    const nav = screen.getByRole('region', { name: 'NAV over time' });
    await waitFor(() =>
      expect(nav.textContent).toContain(`${FUND}: HK$300,000 on Oct 20, 2026, HK$315,000 on Nov 19, 2026`),
    );
    expect(within(nav).getByRole('heading', { name: 'Whole portfolio in USD (indicative)' })).toBeTruthy();
    expect(nav.textContent).toContain('Whole portfolio: $38,400 on Oct 20, 2026, $40,320 on Nov 19, 2026');
  });

  it('says what will appear when there is no investment', async () => {
    serve(statistics([]));
    renderWithApp(<PortfolioPage />, { path: '/portfolio' });
    expect(await screen.findByRole('heading', { name: 'No investments yet' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
