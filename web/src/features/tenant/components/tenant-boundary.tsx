import { MantineProvider } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useLayoutEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { NoticePanel } from '@/components/notice-panel';
import { PageLoader } from '@/components/page-loader';
import { useTenantInfo } from '@/features/tenant/api/get-tenant-info';
import { pickTenantLanguage } from '@/features/tenant/language';
import { TenantContext } from '@/features/tenant/tenant-context';
import { useErrorText } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { resolvePortalLocation } from '@/lib/portal-location';
import { useClientStorage } from '@/lib/storage-context';
import { buildTheme, cssVariablesResolver } from '@/theme/build-theme';

// The toast container is not needed for the first paint; it loads right after.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/** The address the visitor opened, as they would read it: host, and the `/t/<prefix>` part if any. */
const portalAddress = () => {
  const { host, pathname } = window.location;
  return `${host}${resolvePortalLocation({ pathname, hostname: host }).basename}`;
};

/**
 * Loads the portal's tenant, themes the app with its branding and settles the language, then
 * renders the app. Until then: `loading` (the app's skeleton of the first screen), or an error with
 * a retry.
 */
export const TenantBoundary = ({ children, loading }: { children: ReactNode; loading?: ReactNode }) => {
  const { t, i18n } = useTranslation();
  const storage = useClientStorage();
  const { data: tenant, error, mutate, isValidating } = useTenantInfo();
  const errorText = useErrorText(error);
  const closeLabel = t('app.closeNotice');
  const theme = useMemo(
    () => buildTheme(tenant?.branding.primaryColor, closeLabel),
    [tenant?.branding.primaryColor, closeLabel],
  );

  // Before paint, so the first themed frame is already in the right language.
  useLayoutEffect(() => {
    if (!tenant) return;
    const lang = pickTenantLanguage(tenant, storage.get('deviceLanguage'));
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    storage.set('prefixValue', tenant.prefix);
    if (tenant.domains[0]) storage.set('customDomain', tenant.domains[0]);
    // A currency the tenant no longer offers falls back to its base currency.
    const currency = storage.get('currency');
    if (!currency || !(tenant.currencies as readonly string[]).includes(currency))
      storage.set('currency', tenant.defaultCurrency);
    document.title = tenant.branding.displayName;
  }, [tenant, storage, i18n]);

  let content: ReactNode;
  if (tenant) content = <TenantContext value={tenant}>{children}</TenantContext>;
  else if (isApiError(error) && error.code === 'TenantNotExist')
    // No portal answers to this address: a retry would only fail again, so say what is wrong instead.
    content = (
      <main style={{ maxWidth: 560, margin: '10vh auto', padding: 16 }}>
        <NoticePanel title={t('app.unknownPortalTitle')} headingOrder={1} role="alert">
          {t('app.unknownPortalBody', { address: portalAddress() })}
        </NoticePanel>
      </main>
    );
  else if (error && !isValidating)
    content = (
      <main style={{ maxWidth: 560, margin: '10vh auto', padding: 16 }}>
        <ErrorState
          title={t('app.tenantErrorTitle')}
          message={errorText}
          reference={
            isApiError(error) && error.requestId ? t('errors.reference', { requestId: error.requestId }) : undefined
          }
          retryLabel={t('app.retry')}
          onRetry={() => void mutate()}
        />
      </main>
    );
  else content = loading ?? <PageLoader label={t('app.loading')} />;

  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <Suspense>
        <Notifications position="top-right" />
      </Suspense>
      {content}
    </MantineProvider>
  );
};
