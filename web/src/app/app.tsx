import type { i18n as I18n } from 'i18next';
import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { TenantBoundary } from '@/features/tenant/components/tenant-boundary';
import type { ClientStorage } from '@/lib/storage';
import { StorageProvider } from '@/lib/storage-context';
import { swrConfig } from '@/lib/swr-config';
import { AppRoutes } from './app-routes';
import { AppSkeleton } from './app-skeleton';

interface AppProps {
  i18n: I18n;
  storage: ClientStorage;
  /** `/t/<prefix>` when the tenant is named in the path, else empty. */
  basename: string;
  /** Settles when the first screen's data has arrived or failed (preloadFirstScreen). */
  firstScreen?: Promise<unknown>;
}

export const App = ({ i18n, storage, basename, firstScreen }: AppProps) => (
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <StorageProvider storage={storage}>
        <SWRConfig value={swrConfig}>
          <TenantBoundary
            loading={<AppSkeleton pathname={window.location.pathname.slice(basename.length) || '/'} />}
            firstScreen={firstScreen}
          >
            <BrowserRouter basename={basename || undefined}>
              <AppRoutes />
            </BrowserRouter>
          </TenantBoundary>
        </SWRConfig>
      </StorageProvider>
    </I18nextProvider>
  </StrictMode>
);
