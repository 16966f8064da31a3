import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import {
  lazy,
  memo,
  type ReactNode,
  Suspense,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { NoticePanel } from '@/components/notice-panel';
import { PageLoader } from '@/components/page-loader';
import { useTenantInfo } from '@/features/tenant/api/get-tenant-info';
import { pickTenantLanguage } from '@/features/tenant/language';
import { TenantContext } from '@/features/tenant/tenant-context';
import { useErrorText } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { loadLaterStyles } from '@/lib/later-styles';
import { resolvePortalLocation } from '@/lib/portal-location';
import { useClientStorage } from '@/lib/storage-context';
import { buildTheme, cssVariablesResolver } from '@/theme/build-theme';

// The toast container is not needed for the first screen; it loads once that is on screen.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/** Resolves when the browser next has nothing to do (at the latest after 2 s). */
const idle = () =>
  new Promise<void>((resolve) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(() => resolve(), { timeout: 2000 })
      : setTimeout(resolve, 0),
  );

/** Resolves on the visitor's first press (pointer, touch or key), or 3 s after `after`, whichever is first. */
const touchedOrSettled = (after: Promise<unknown>) =>
  new Promise<void>((resolve) => {
    const events = ['pointerdown', 'touchstart', 'keydown'] as const;
    const done = () => {
      for (const event of events) window.removeEventListener(event, done, true);
      resolve();
    };
    for (const event of events) window.addEventListener(event, done, { capture: true, passive: true });
    void after.catch(() => undefined).then(() => setTimeout(done, 3000));
  });

/**
 * What the first screen does not need: the stylesheet of the other Mantine components
 * (lib/later-styles.ts), then the toast container (with Mantine's portal and scroll lock: 15 KB of
 * code). They load once the visitor first presses something, or a few seconds after the first
 * screen has its data, when the browser is idle: not on the first screen's path (Lighthouse's LCP,
 * issue 9), which draws no component of that sheet (web/scripts/css-coverage.mjs). Every other page
 * asks for the sheet itself when it loads. A toast shown earlier waits in the notifications store
 * and appears, styled, when the container mounts.
 */
const LateNotifications = ({ after }: { after: Promise<unknown> | undefined }) => {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    let live = true;
    const mount = () => live && setMounted(true);
    void touchedOrSettled(after ?? Promise.resolve())
      .then(idle)
      .then(loadLaterStyles)
      .catch(() => undefined)
      .then(mount);
    return () => {
      live = false;
    };
  }, [after]);
  return mounted ? (
    <Suspense>
      {/* Top centre: page actions sit at the top right and the signing bars' Sign button at the
          bottom centre; a toast there would hide them, and stays while the pointer rests on it. */}
      <Notifications position="top-center" />
    </Suspense>
  ) : null;
};

/** The address the visitor opened, as they would read it: host, and the `/t/<prefix>` part if any. */
const portalAddress = () => {
  const { host, pathname } = window.location;
  return `${host}${resolvePortalLocation({ pathname, hostname: host }).basename}`;
};

/**
 * Loads the portal's tenant, themes the app with its branding and settles the language, then
 * renders the app. Until then: `loading` (the app's skeleton of the first screen), or an error with
 * a retry.
 *
 * The theme lives apart from the loading state: Mantine's provider recomputes every CSS variable of
 * the theme (a few hundred colour computations, the costliest part of the first render) whenever it
 * renders, so it renders only when the theme changes, not at each of swr's loading-state updates.
 */
interface TenantBoundaryProps {
  children: ReactNode;
  loading?: ReactNode;
  /**
   * Settles when the first screen's own data has arrived or failed (app/preload.ts): the app renders
   * after it, so the page renders with its data in the app's one sliced render.
   */
  firstScreen?: Promise<unknown>;
}

export const TenantBoundary = ({ children, loading, firstScreen }: TenantBoundaryProps) => {
  const { t } = useTranslation();
  // Only `data` is read here, so swr re-renders this part for the tenant's arrival and nothing else.
  const { data: loaded } = useTenantInfo();
  const primaryColor = useDeferredValue(loaded)?.branding.primaryColor;
  const closeLabel = t('app.closeNotice');
  const theme = useMemo(() => buildTheme(primaryColor, closeLabel), [primaryColor, closeLabel]);
  const content = useMemo(
    () => (
      <TenantContent loading={loading} firstScreen={firstScreen}>
        {children}
      </TenantContent>
    ),
    [loading, firstScreen, children],
  );
  return (
    <ThemedApp theme={theme} firstScreen={firstScreen}>
      {content}
    </ThemedApp>
  );
};

const ThemedApp = memo(
  ({
    theme,
    firstScreen,
    children,
  }: {
    theme: MantineThemeOverride;
    firstScreen: Promise<unknown> | undefined;
    children: ReactNode;
  }) => (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <LateNotifications after={firstScreen} />
      {children}
    </MantineProvider>
  ),
);

/** False until `promise` settles (true at once without one); a failure is for its readers to show. */
const useSettled = (promise: Promise<unknown> | undefined) => {
  const [settled, setSettled] = useState(!promise);
  useEffect(() => {
    let live = true;
    void promise?.then(
      () => live && setSettled(true),
      () => live && setSettled(true),
    );
    return () => {
      live = false;
    };
  }, [promise]);
  return settled;
};

const TenantContent = ({
  children,
  loading,
  firstScreen,
}: Omit<TenantBoundaryProps, 'loading'> & { loading?: ReactNode }) => {
  const { t, i18n } = useTranslation();
  const storage = useClientStorage();
  const { data: loaded, error, mutate, isValidating } = useTenantInfo();
  const pageReady = useSettled(firstScreen);
  // The whole app renders once the tenant (and the first screen's data) is here: as a deferred
  // (transition) render React does in slices of a few milliseconds between which the browser paints
  // the skeleton and handles input, instead of one long task (swr's store updates render
  // synchronously). Until that render is done `tenant` is the previous value, so the skeleton, with
  // the landing page's real heading, stays.
  const tenant = useDeferredValue(pageReady ? loaded : undefined);
  const errorText = useErrorText(error);

  // As soon as the tenant arrives, before the app's deferred render: that render is then done once,
  // in the right language, and only the skeleton's few words re-render if the language changes.
  useLayoutEffect(() => {
    if (!loaded) return;
    const lang = pickTenantLanguage(loaded, storage.get('deviceLanguage'));
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    storage.set('prefixValue', loaded.prefix);
    if (loaded.domains[0]) storage.set('customDomain', loaded.domains[0]);
    // A currency the tenant no longer offers falls back to its base currency.
    const currency = storage.get('currency');
    if (!currency || !(loaded.currencies as readonly string[]).includes(currency))
      storage.set('currency', loaded.defaultCurrency);
    document.title = loaded.branding.displayName;
  }, [loaded, storage, i18n]);

  if (tenant) return <TenantContext value={tenant}>{children}</TenantContext>;
  if (isApiError(error) && error.code === 'TenantNotExist')
    // No portal answers to this address: a retry would only fail again, so say what is wrong instead.
    return (
      <main style={{ maxWidth: 560, margin: '10vh auto', padding: 16 }}>
        <NoticePanel title={t('app.unknownPortalTitle')} headingOrder={1} role="alert">
          {t('app.unknownPortalBody', { address: portalAddress() })}
        </NoticePanel>
      </main>
    );
  if (error && !isValidating)
    return (
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
  return loading ?? <PageLoader label={t('app.loading')} />;
};
