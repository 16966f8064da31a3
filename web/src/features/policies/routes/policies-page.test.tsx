import { fireEvent, screen, within } from '@testing-library/react';
import type { PublicPolicy } from '@tranche/shared/tenant/policy.schema';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp, TEST_TENANT } from '@/test/render';
import PoliciesPage from './policies-page';
import PolicyPage from './policy-page';

const PRIVACY: PublicPolicy = {
  policyId: '01HZY3C9W8ZK1N6S2B7QK5V4P1',
  kind: 'PRIVACY',
  title: { en: 'Privacy notice', 'zh-CN': '隐私声明' },
  body: { en: 'We collect data.\n\nWe never sell it.', 'zh-CN': '我们收集数据。\n\n绝不出售。' },
  requireAcceptance: true,
  version: 2,
  publishedAt: '2026-03-01T09:00:00.000Z',
};
const RISK: PublicPolicy = {
  policyId: '01HZY3C9W8ZK1N6S2B7QK5V4P2',
  kind: 'RISK_DISCLOSURE',
  title: { en: 'Risk disclosure' },
  body: { en: 'You may lose all of your capital.' },
  requireAcceptance: false,
  version: 1,
  publishedAt: '2026-01-15T09:00:00.000Z',
};

const fetchMock = mockFetch();

const renderAt = (path: string) =>
  renderWithApp(
    <Routes>
      <Route path="/policies" element={<PoliciesPage />} />
      <Route path="/policies/:policyId" element={<PolicyPage />} />
    </Routes>,
    { path },
  );

describe('the policies screens', () => {
  it('lists the current policies with kind, version and date, and searches with the tenant id', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://x');
      if (url.pathname === '/api/policy') return json(200, { items: [PRIVACY, RISK] });
      if (url.pathname === `/api/tenants/${TEST_TENANT.tenantId}/policies`)
        return json(200, { items: url.searchParams.get('q') === 'capital' ? [RISK] : [] });
      return json(404, { code: 'NOT_FOUND', message: 'x', requestId: 'r' });
    });
    renderAt('/policies');
    expect(screen.getByRole('heading', { level: 1, name: 'Policies' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Privacy notice' });
    expect(link.getAttribute('href')).toBe(`/policies/${PRIVACY.policyId}`);
    const item = link.closest('li') as HTMLElement;
    expect(within(item).getByText('Privacy')).toBeTruthy();
    expect(item.textContent).toContain('Version 2');
    expect(item.textContent).toContain('Effective Mar 1, 2026');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(2);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search policies' }), { target: { value: 'capital' } });
    // The search's answer replaces the list; under load the old list may go before the new one comes.
    await vi.waitFor(
      () => {
        expect(screen.queryByRole('link', { name: 'Privacy notice' })).toBeNull();
        expect(screen.getByRole('link', { name: 'Risk disclosure' })).toBeTruthy();
      },
      { timeout: 5000 },
    );
    expect(screen.getByRole('status').textContent).toBe('1 policy');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search policies' }), { target: { value: 'crypto' } });
    expect(await screen.findByRole('heading', { name: 'No matching policies' }, { timeout: 2000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('link', { name: 'Privacy notice' })).toBeTruthy();
  });

  it('shows an empty state, and an error with a retry', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { code: 'INTERNAL', message: 'x', requestId: 'r1' }));
    fetchMock.mockResolvedValue(json(200, { items: [] }));
    renderAt('/policies');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No policies yet' })).toBeTruthy();
  });

  it('shows one policy in Chinese, and English with a note when it has no Chinese text', async () => {
    fetchMock.mockResolvedValue(json(200, { items: [PRIVACY, RISK] }));
    const { i18n } = renderAt(`/policies/${PRIVACY.policyId}`);
    await i18n.changeLanguage('zh-CN');
    expect(await screen.findByRole('heading', { level: 1, name: '隐私声明' })).toBeTruthy();
    expect(screen.getByText('绝不出售。')).toBeTruthy();
    expect(screen.getByText('第 2 版 · 2026年3月1日 起生效')).toBeTruthy();
    expect(screen.getByText('投资者注册时须接受本政策。')).toBeTruthy();
  });

  it('falls back to English, marked as such', async () => {
    fetchMock.mockResolvedValue(json(200, { items: [PRIVACY, RISK] }));
    const { i18n } = renderAt(`/policies/${RISK.policyId}`);
    await i18n.changeLanguage('zh-CN');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Risk disclosure' });
    expect(heading.getAttribute('lang')).toBe('en');
    expect(screen.getByText('该政策仅提供英文版本。')).toBeTruthy();
    expect(screen.getByText('You may lose all of your capital.').closest('[lang="en"]')).toBeTruthy();
  });

  it('says when a policy is not (or no longer) published', async () => {
    fetchMock.mockResolvedValue(json(200, { items: [PRIVACY] }));
    renderAt(`/policies/${RISK.policyId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Policy not found' })).toBeTruthy();
  });
});
