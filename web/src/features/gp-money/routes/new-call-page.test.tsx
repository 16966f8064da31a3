import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useGpMoneyLocales } from '@/features/gp-money/locales';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { NewCallPage } from './new-call-page';

const fetchMock = mockFetch({ csrf: true });

const serve = (funds: unknown[]) =>
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/gp/products') return json(200, { items: funds });
    return json(404, { code: 'NOT_FOUND', message: 'x', requestId: 'r' });
  });

const WithLocales = () => {
  useGpMoneyLocales();
  return <NewCallPage />;
};

// The frame FundFormPage gives the new call and new distribution pages (the forms themselves use an
// autosizing textarea that happy-dom cannot measure; the browser test fills them).
describe('the new capital call page', { timeout: 15_000 }, () => {
  it('offers a retry when the funds do not load, and show the page once they do', async () => {
    let fail = true;
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://x');
      if (url.pathname !== '/api/gp/products') return json(404, { code: 'NOT_FOUND', message: 'x', requestId: 'r' });
      return fail ? json(500, { code: 'INTERNAL', message: 'x', requestId: 'r' }) : json(200, { items: [] });
    });
    renderWithApp(<WithLocales />, { path: '/gp/money/calls/new' });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'New capital call' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to capital calls/ })).toBeTruthy();
  });

  it('tells the manager there is no fund to call capital for', async () => {
    serve([]);
    renderWithApp(<WithLocales />, { path: '/gp/money/calls/new' });
    expect(await screen.findByRole('heading', { level: 1, name: 'New capital call' })).toBeTruthy();
    expect(await screen.findByText('There is no fund to call capital for yet.')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
