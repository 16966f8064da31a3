import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { PortalComponent } from '@tranche/shared/enums';
import type { ProductDetail, ProductDocument } from '@tranche/shared/product/product.schema';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import ProductDetailPage from './product-detail-page';

const ID = '01HZY3C9W8ZK1N6S2B7QK5V4XM';
const DOC = '01HZY3C9W8ZK1N6S2B7QK5V4XD';
const SIGNED_URL = 'http://127.0.0.1:9999/bucket/object?X-Amz-Signature=abc';

const product = (over: Partial<ProductDetail> = {}): ProductDetail => ({
  productId: ID,
  kind: 'FUND',
  name: { en: 'Glacier Infrastructure' },
  summary: { en: 'Core infrastructure.' },
  description: { en: 'Toll roads and grids.' },
  fundType: 'CLOSE_ENDED',
  dealingFrequency: 'QUARTERLY',
  investmentPermission: 'ALLOW_INVESTMENT',
  openness: 'OPEN',
  objectives: ['INCOME'],
  strategies: ['INFRASTRUCTURE'],
  regions: ['EUROPE'],
  investorTypes: ['ANY'],
  currency: 'EUR',
  minInvestment: '100000',
  targetSize: '250000000',
  state: 'PUBLISHED',
  allowedSubscriptionTypes: ['EXPRESSED_INTEREST_SUBSCRIPTION', 'RESERVE_SUBSCRIPTION', 'INVEST_SUBSCRIPTION'],
  shareClasses: [
    {
      shareClassId: '01HZY3C9W8ZK1N6S2B7QK5V4XA',
      productId: ID,
      name: { en: 'Class A' },
      currency: 'EUR',
      minInvestment: '100000',
      managementFee: { type: 'PERCENTAGE', display: 'RANGE', value: '1', upTo: '1.5' },
      subscriptionFee: { type: 'PERCENTAGE', display: 'OTHER', note: { en: 'Negotiable' } },
    },
  ],
  ...over,
});

const factsheet: ProductDocument = {
  documentId: DOC,
  productId: ID,
  kind: 'MARKETING',
  title: { en: 'Factsheet' },
  fileName: 'factsheet.pdf',
  contentType: 'application/pdf',
  size: 2048,
  state: 'READY',
  version: 1,
  uploadedAt: '2026-01-01T00:00:00Z',
};

const fetchMock = mockFetch();

interface Setup {
  detail?: ProductDetail;
  sections?: PortalComponent[];
  signedIn?: boolean;
}
const serve = ({
  detail = product(),
  sections = ['OVERVIEW', 'KEY_TERMS', 'SHARE_CLASSES', 'FEES', 'MARKETING_DOCUMENTS'],
  signedIn = true,
}: Setup) =>
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    const path = url.pathname;
    if (path === '/api/product/get') return json(200, detail);
    if (path.endsWith('/portal-components'))
      return json(200, { items: sections.map((component) => ({ component, visibilityState: 'SHOW' })), version: 1 });
    if (!signedIn) return json(401, { code: 'UNAUTHENTICATED', message: 'x', requestId: 'r' });
    if (path.endsWith(`/documents/${DOC}`))
      return json(200, { document: factsheet, download: { url: SIGNED_URL, expiresAt: '2026-01-01T00:05:00Z' } });
    if (path.endsWith('/documents')) return json(200, { items: [factsheet] });
    if (path.endsWith('/marketing-documents')) return json(200, { items: [] });
    return json(404, { code: 'NOT_FOUND', message: 'x', requestId: 'r' });
  });

const renderPage = () =>
  renderWithApp(
    <Routes>
      <Route path="/products/:productId" element={<ProductDetailPage />} />
    </Routes>,
    { path: `/products/${ID}` },
  );

describe('the product page', { timeout: 15_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows only the sections the portal shows, and fees by their display type', async () => {
    serve({ sections: ['SHARE_CLASSES', 'FEES'] });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Glacier Infrastructure' })).toBeTruthy();
    const [fees] = await screen.findAllByRole('region', { name: 'Fees' });
    expect(fees?.textContent).toContain('1% to 1.5%');
    expect(fees?.textContent).toContain('Negotiable');
    expect(screen.getByRole('heading', { name: 'Share classes' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'About this fund' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Key terms' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Marketing materials' })).toBeNull();
  });

  it('offers exactly the subscription types the product allows, each leading to its page', async () => {
    serve({
      detail: product({ openness: 'COMING_SOON', allowedSubscriptionTypes: ['EXPRESSED_INTEREST_SUBSCRIPTION'] }),
    });
    renderPage();
    const link = await screen.findByRole('link', { name: 'Express interest' });
    expect(link.getAttribute('href')).toBe(`/products/${ID}/subscribe/express-interest`);
    expect(screen.queryByRole('link', { name: 'Invest' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Reserve' })).toBeNull();
  });

  it('shows a closed product as closed, with no actions', async () => {
    serve({ detail: product({ state: 'CLOSED', openness: 'CLOSED', allowedSubscriptionTypes: [] }) });
    renderPage();
    expect(await screen.findByText('This fund is closed')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Express interest|Reserve|Invest/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Express interest|Reserve|Invest/ })).toBeNull();
  });

  it('asks a visitor to sign in before showing documents', async () => {
    serve({ signedIn: false });
    renderPage();
    const marketing = await screen.findByRole('region', { name: 'Marketing materials' });
    await waitFor(() => expect(marketing.textContent).toContain('Sign in with your investor account'));
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/sign-in?next=${encodeURIComponent(`/products/${ID}`)}`,
    );
  });

  it('downloads a document through a signed link asked for at the click, never one in the page', async () => {
    serve({});
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    });
    renderPage();
    const button = await screen.findByRole('button', { name: 'Download Factsheet' });
    expect(document.body.innerHTML).not.toContain('X-Amz-Signature');
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes(`/documents/${DOC}`))).toBe(false);

    fireEvent.click(button);
    await waitFor(() => expect(clicked).toEqual([SIGNED_URL]));
    expect(fetchMock.mock.calls.filter(([u]) => String(u) === `/api/products/${ID}/documents/${DOC}`)).toHaveLength(1);
    // The link is followed, not kept: nothing in the page holds it afterwards.
    expect(document.body.innerHTML).not.toContain('X-Amz-Signature');
  });
});
