import { AppShell, Button, Group, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { can } from '@tranche/shared/auth/permissions';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { MenuBurger, useMenuDismiss } from '@/components/menu-burger';
import { SkipLink } from '@/components/skip-link';
import { useCurrentUser } from '@/features/session';
import { useSignOut } from '@/features/session/screens';
import { TenantLanguageSwitch, useTenant } from '@/features/tenant';
import { errorText, useLang } from '@/i18n/use-lang';
import { notifications } from '@/lib/notifications';

const MAIN_ID = 'gp-main';

/** The manager console's frame: header, a sidebar (a burger menu on small screens), main. */
export const GpShell = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  const tenant = useTenant();
  const [opened, { toggle, close }] = useDisclosure(false);
  useMenuDismiss(opened, close, 'gp-sidebar');
  const isDesktop = useMediaQuery('(min-width: 48em)', true);
  const { data: user } = useCurrentUser();
  const { pathname } = useLocation();
  const atOverview = pathname === '/gp' || pathname === '/gp/';
  const within = (to: string) => pathname.startsWith(to);
  // The product list is the current page only itself; a product's own page is below it.
  const sections = [
    { to: '/gp', label: t('gp.overview'), active: atOverview, current: atOverview },
    {
      to: '/gp/products',
      label: t('gp.products'),
      active: within('/gp/products'),
      current: pathname === '/gp/products',
    },
    {
      to: '/gp/tasks',
      label: t('gp.tasks'),
      active: within('/gp/tasks') || within('/gp/inbox'),
      current: pathname === '/gp/tasks',
    },
    // KYC review for the roles its routes allow (PERMISSIONS.readKycCases), as the queue is all it holds.
    ...(user && can(user.role, 'readKycCases')
      ? [{ to: '/gp/kyc', label: t('gpConsole.nav.kyc'), active: within('/gp/kyc'), current: pathname === '/gp/kyc' }]
      : []),
    {
      to: '/gp/signing',
      label: t('gpConsole.nav.signing'),
      active: within('/gp/signing'),
      current: pathname === '/gp/signing',
    },
    // The subscription queue (issue 13): every team role reads it; decisions follow each one's role.
    {
      to: '/gp/subscriptions',
      label: t('gpConsole.nav.subscriptions'),
      active: within('/gp/subscriptions'),
      current: pathname === '/gp/subscriptions',
    },
    // Money (issue 14): capital calls, NAV and redemptions; every team role reads them.
    {
      to: '/gp/money',
      label: t('gpConsole.nav.money'),
      active: within('/gp/money'),
      current: pathname === '/gp/money',
    },
    {
      to: '/gp/investors',
      label: t('gpConsole.nav.investors'),
      active: within('/gp/investors'),
      current: within('/gp/investors'),
    },
    { to: '/gp/team', label: t('gpConsole.nav.team'), active: within('/gp/team'), current: within('/gp/team') },
    {
      to: '/gp/settings',
      label: t('gp.settingsArea'),
      active: within('/gp/settings'),
      current: within('/gp/settings'),
    },
    { to: '/gp/account', label: t('session.account'), active: within('/gp/account'), current: within('/gp/account') },
  ];

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <SkipLink target={MAIN_ID} label={t('app.skipToContent')} />
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <MenuBurger opened={opened} onClick={toggle} controls="gp-sidebar" />
            <BrandMark
              logoText={tenant.branding.logoText}
              name={tenant.branding.displayName}
              logoUrl={tenant.branding.logoUrl}
              compact
            />
            <Text c="dimmed" size="sm" visibleFrom="xs" style={{ whiteSpace: 'nowrap' }}>
              {t('gp.consoleName')}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <SessionControls />
            <TenantLanguageSwitch />
          </Group>
        </Group>
      </AppShell.Header>
      {(isDesktop || opened) && (
        <AppShell.Navbar id="gp-sidebar" p="sm" aria-label={t('gp.sidebar')}>
          <Stack gap={4}>
            {sections.map(({ to, label, active, current }) => (
              <MantineNavLink
                key={to}
                component={Link}
                to={to}
                label={label}
                active={active}
                aria-current={current ? 'page' : undefined}
              />
            ))}
            <MantineNavLink component={Link} to="/" label={t('gp.toPortal')} />
          </Stack>
        </AppShell.Navbar>
      )}
      <AppShell.Main id={MAIN_ID} tabIndex={-1} bg="var(--mantine-color-gray-0)">
        {children}
      </AppShell.Main>
    </AppShell>
  );
};

/** Who is signed in, with a sign-out button; nothing when nobody is (the page says so). */
const SessionControls = () => {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const lang = useLang();
  const { trigger, isMutating } = useSignOut();
  if (!user) return null;
  const onSignOut = async () => {
    try {
      await trigger();
      notifications.show({ message: t('gp.signedOut'), color: 'green' });
    } catch (error) {
      notifications.show({ title: t('gp.signOutFailed'), message: errorText(error, lang, t), color: 'red' });
    }
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" visibleFrom="md" component={Link} to="/gp/account" td="none" c="inherit">
        {t('gp.signedInAs', { name: user.displayName })}
      </Text>
      <Button variant="default" size="compact-sm" loading={isMutating} onClick={() => void onSignOut()}>
        {t('gp.signOut')}
      </Button>
    </Group>
  );
};
