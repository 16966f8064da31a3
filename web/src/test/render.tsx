import { MantineProvider } from '@mantine/core';
import { cleanup, render } from '@testing-library/react';
import type { TenantInfo } from '@tranche/shared/tenant/tenant.schema';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach } from 'vitest';
import { TenantContext } from '@/features/tenant/tenant-context';
import { createI18n } from '@/i18n';
import { createClientStorage } from '@/lib/storage';
import { StorageProvider } from '@/lib/storage-context';
import { buildTheme } from '@/theme/build-theme';

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

export const TEST_TENANT: TenantInfo = {
  tenantId: '01HZY3C9W8ZK1N6S2B7QK5V4XA',
  prefix: 'alpine',
  domains: ['localhost'],
  branding: {
    displayName: 'Alpine Capital',
    primaryColor: '#1c4e80',
    logoText: 'AC',
    tagline: { en: 'Private markets, made clear.', 'zh-CN': '私募市场，清晰透明。' },
  },
  languages: ['en', 'zh-CN'],
  defaultLanguage: 'en',
  currencies: ['USD'],
  defaultCurrency: 'USD',
};

/** Renders with the app's providers: a fresh i18n, namespaced storage, the tenant, Mantine and a router. */
export const renderWithApp = (ui: ReactNode, { tenant = TEST_TENANT, path = '/' } = {}) => {
  const i18n = createI18n('en');
  const storage = createClientStorage(tenant.prefix);
  const result = render(
    <I18nextProvider i18n={i18n}>
      <StorageProvider storage={storage}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
          <MantineProvider theme={buildTheme(tenant.branding.primaryColor)} env="test">
            <TenantContext value={tenant}>
              <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
            </TenantContext>
          </MantineProvider>
        </SWRConfig>
      </StorageProvider>
    </I18nextProvider>,
  );
  return { ...result, i18n, storage };
};
