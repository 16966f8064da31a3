import { AppShell, Burger, Button, Group, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BrandMark } from '../../../components/brand-mark';
import { SkipLink } from '../../../components/skip-link';
import { errorText, useLang } from '../../../i18n/use-lang';
import { useCurrentUser } from '../../session/api/get-current-user';
import { useSignOut } from '../../session/api/sign-out';
import { TenantLanguageSwitch } from '../../tenant/components/tenant-language-switch';
import { useTenant } from '../../tenant/tenant-context';

const MAIN_ID = 'gp-main';

/** The manager console's frame: header, a sidebar (a burger menu on small screens), main. */
export const GpShell = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  const tenant = useTenant();
  const [opened, { toggle }] = useDisclosure(false);
  const isDesktop = useMediaQuery('(min-width: 48em)', true);
  const { pathname } = useLocation();

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
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
              aria-expanded={opened}
              aria-controls="gp-sidebar"
            />
            <BrandMark
              logoText={tenant.branding.logoText}
              name={tenant.branding.displayName}
              logoUrl={tenant.branding.logoUrl}
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
            <MantineNavLink
              component={Link}
              to="/gp"
              label={t('gp.overview')}
              active={pathname === '/gp' || pathname === '/gp/'}
              aria-current={pathname === '/gp' || pathname === '/gp/' ? 'page' : undefined}
            />
            <MantineNavLink
              component={Link}
              to="/gp/products"
              label={t('gp.products')}
              active={pathname.startsWith('/gp/products')}
              aria-current={pathname === '/gp/products' ? 'page' : undefined}
            />
            <MantineNavLink
              component={Link}
              to="/gp/settings"
              label={t('gp.settingsArea')}
              active={pathname.startsWith('/gp/settings')}
              aria-current={pathname.startsWith('/gp/settings') ? 'page' : undefined}
            />
            <MantineNavLink
              component={Link}
              to="/gp/account"
              label={t('session.account')}
              active={pathname.startsWith('/gp/account')}
              aria-current={pathname.startsWith('/gp/account') ? 'page' : undefined}
            />
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
