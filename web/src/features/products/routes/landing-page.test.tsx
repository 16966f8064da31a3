import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERROR_CATALOGUE } from '@tranche/shared/errors/catalogue';
import type { ProductSummary } from '@tranche/shared/product/product.schema';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { LandingPage } from './landing-page';

const fund = (over: Partial<ProductSummary>): ProductSummary => ({
  productId: '01HZY3C9W8ZK1N6S2B7QK5V4XM',
  kind: 'FUND',
  name: { en: 'Alpine Growth Fund I', 'zh-CN': '阿尔卑斯成长基金一期' },
  summary: { en: 'Growth equity in Europe.' },
  fundType: 'CLOSE_ENDED',
  openness: 'OPEN',
  investmentPermission: 'ALLOW_INVESTMENT',
  dealingFrequency: 'QUARTERLY',
  objectives: ['CAPITAL_GROWTH'],
  strategies: ['GROWTH_EQUITY'],
  regions: ['EUROPE'],
  investorTypes: ['ANY'],
  currency: 'USD',
  minInvestment: '250000.00',
  targetSize: '100000000.00',
  ...over,
});

const fetchMock = mockFetch();
const catalogueCalls = () =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x')).filter((u) => u.pathname.endsWith('/assets'));

describe('the landing page', () => {
  afterEach(() => {
    localStorage.clear();
  });

  it("lists the tenant's funds in the current language, with English as fallback", async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/product/v2.0/assets')
        ? json(200, {
            items: [fund({}), fund({ productId: '01HZY3C9W8ZK1N6S2B7QK5V4XN', name: { en: 'English Only Fund' } })],
            total: 2,
          })
        : json(200, { settings: { defaultViewType: 'CARD' }, version: 1 }),
    );
    const { i18n } = renderWithApp(<LandingPage />);
    expect(await screen.findByRole('heading', { name: 'Alpine Growth Fund I' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Alpine Capital' })).toBeTruthy();
    expect(screen.getAllByText('$250,000')).toHaveLength(2);
    expect(screen.getByText('2 funds match')).toBeTruthy();

    await i18n.changeLanguage('zh-CN');
    expect(await screen.findByRole('heading', { name: '阿尔卑斯成长基金一期' })).toBeTruthy();
    // The untranslated name is English, and says so: marked `lang="en"` and tagged "英文" (English).
    const untranslated = screen.getByRole('heading', { name: 'English Only Fund 英文' });
    expect(untranslated.querySelector('[lang="en"]')?.textContent).toBe('English Only Fund');
    expect(screen.getByText('私募市场，清晰透明。')).toBeTruthy();
  });

  it('asks the server with the chosen conditions and keeps them for the next visit', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/assets')
        ? json(200, { items: [fund({})], total: 1 })
        : json(200, { settings: {}, version: 1 }),
    );
    const first = renderWithApp(<LandingPage />);
    await screen.findByRole('heading', { name: 'Alpine Growth Fund I' });

    fireEvent.change(screen.getByRole('combobox', { name: 'Strategy' }), { target: { value: 'REAL_ESTATE' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Region' }), { target: { value: 'ASIA' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Target return' }), { target: { value: 'R5_10' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search funds' }), { target: { value: 'harbour' } });

    await waitFor(() => expect(catalogueCalls().some((u) => u.searchParams.get('q') === 'harbour')).toBe(true));
    const last = catalogueCalls().at(-1) as URL;
    expect(Object.fromEntries(last.searchParams)).toMatchObject({
      q: 'harbour',
      strategy: 'REAL_ESTATE',
      region: 'ASIA',
      targetReturnRange: 'R5_10',
    });
    expect(last.searchParams.has('openness')).toBe(false);
    expect(first.storage.get('productListSearchConditions')).toEqual({
      text: 'harbour',
      openness: 'ALL',
      strategy: 'REAL_ESTATE',
      region: 'ASIA',
      targetReturnRange: 'R5_10',
    });

    first.unmount();
    fetchMock.mockClear();
    renderWithApp(<LandingPage />);
    expect((screen.getByRole('combobox', { name: 'Strategy' }) as HTMLSelectElement).value).toBe('REAL_ESTATE');
    expect((screen.getByRole('searchbox', { name: 'Search funds' }) as HTMLInputElement).value).toBe('harbour');
    await waitFor(() => expect(catalogueCalls()[0]?.searchParams.get('region')).toBe('ASIA'));
  });

  it('shows how many funds match and loads the next page on "show more"', async () => {
    fetchMock.mockImplementation(async (url) => {
      const u = new URL(String(url), 'http://x');
      if (!u.pathname.endsWith('/assets')) return json(200, { settings: {}, version: 1 });
      return u.searchParams.get('cursor') === 'page2'
        ? json(200, {
            items: [fund({ productId: '01HZY3C9W8ZK1N6S2B7QK5V4XP', name: { en: 'Second Page Fund' } })],
            total: 2,
          })
        : json(200, { items: [fund({})], total: 2, nextCursor: 'page2' });
    });
    renderWithApp(<LandingPage />);
    expect(await screen.findByText('2 funds match · Showing 1 of 2')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show more funds' }));
    expect(await screen.findByRole('heading', { name: 'Second Page Fund' })).toBeTruthy();
    expect(screen.getByText('2 funds match')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more funds' })).toBeNull();
  });

  it('says nothing matches (and offers to clear) when the conditions exclude every fund', async () => {
    localStorage.setItem(
      'tranche:alpine:productListSearchConditions',
      JSON.stringify({ text: '', openness: 'CLOSED', region: 'INDIA' }),
    );
    fetchMock.mockImplementation(async (url) => {
      const u = new URL(String(url), 'http://x');
      if (!u.pathname.endsWith('/assets')) return json(200, { settings: {}, version: 1 });
      return u.searchParams.has('region')
        ? json(200, { items: [], total: 0 })
        : json(200, { items: [fund({})], total: 1 });
    });
    renderWithApp(<LandingPage />);
    expect(await screen.findByRole('heading', { name: 'No matching funds' })).toBeTruthy();

    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0] as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Alpine Growth Fund I' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('tranche:alpine:productListSearchConditions') ?? '{}')).toEqual({
      text: '',
      openness: 'ALL',
    });
  });

  it('shows the catalogue message and retries on demand', async () => {
    let calls = 0;
    fetchMock.mockImplementation(async (url) => {
      if (!String(url).includes('/product/v2.0/assets')) return json(200, { settings: {}, version: 1 });
      calls += 1;
      return calls === 1
        ? json(429, { code: 'RATE_LIMITED', message: 'slow down', requestId: 'r-9' })
        : json(200, { items: [fund({})], total: 1 });
    });
    renderWithApp(<LandingPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ERROR_CATALOGUE.RATE_LIMITED.messages.en);
    expect(alert.textContent).not.toContain('slow down');

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Alpine Growth Fund I' })).toBeTruthy();
  });

  it('says so when the tenant has no funds', async () => {
    fetchMock.mockImplementation(async (url) =>
      json(200, String(url).includes('/assets') ? { items: [], total: 0 } : { settings: {}, version: 1 }),
    );
    renderWithApp(<LandingPage />);
    expect(await screen.findByRole('heading', { name: 'No funds yet' })).toBeTruthy();
  });
});
