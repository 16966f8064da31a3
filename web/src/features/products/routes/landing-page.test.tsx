import { fireEvent, screen } from '@testing-library/react';
import { ERROR_CATALOGUE } from '@tranche/shared/errors/catalogue';
import type { ProductSummary } from '@tranche/shared/product/product.schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { LandingPage } from './landing-page';

const fund = (over: Partial<ProductSummary>): ProductSummary => ({
  productId: '01HZY3C9W8ZK1N6S2B7QK5V4XM',
  name: { en: 'Alpine Growth Fund I', 'zh-CN': '阿尔卑斯成长基金一期' },
  summary: { en: 'Growth equity in Europe.' },
  fundType: 'CLOSE_ENDED',
  openness: 'OPEN',
  investmentPermission: 'ALLOW_INVESTMENT',
  dealingFrequency: 'QUARTERLY',
  objectives: ['CAPITAL_GROWTH'],
  regions: ['EUROPE'],
  investorTypes: ['ANY'],
  currency: 'USD',
  minInvestment: '250000.00',
  targetSize: '100000000.00',
  ...over,
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const fetchMock = vi.fn<typeof fetch>();

describe('the landing page', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("lists the tenant's funds in the current language, with English as fallback", async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/product/v2.0/assets')
        ? json(200, {
            items: [fund({}), fund({ productId: '01HZY3C9W8ZK1N6S2B7QK5V4XN', name: { en: 'English Only Fund' } })],
          })
        : json(200, { settings: { defaultViewType: 'CARD' }, version: 1 }),
    );
    const { i18n } = renderWithApp(<LandingPage />);
    expect(await screen.findByRole('heading', { name: 'Alpine Growth Fund I' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Alpine Capital' })).toBeTruthy();
    expect(screen.getAllByText('$250,000')).toHaveLength(2);

    await i18n.changeLanguage('zh-CN');
    expect(await screen.findByRole('heading', { name: '阿尔卑斯成长基金一期' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'English Only Fund' })).toBeTruthy();
    expect(screen.getByText('私募市场，清晰透明。')).toBeTruthy();
  });

  it('shows the catalogue message and retries on demand', async () => {
    let calls = 0;
    fetchMock.mockImplementation(async (url) => {
      if (!String(url).includes('/product/v2.0/assets')) return json(200, { settings: {}, version: 1 });
      calls += 1;
      return calls === 1
        ? json(429, { code: 'RATE_LIMITED', message: 'slow down', requestId: 'r-9' })
        : json(200, { items: [fund({})] });
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
      json(200, String(url).includes('/assets') ? { items: [] } : { settings: {}, version: 1 }),
    );
    renderWithApp(<LandingPage />);
    expect(await screen.findByRole('heading', { name: 'No funds yet' })).toBeTruthy();
  });
});
