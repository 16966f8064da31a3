import { AppShell, Box, Container, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { MenuBurger, useMenuDismiss } from '@/components/menu-burger';
import { SkipLink } from '@/components/skip-link';
import { CurrencySwitch } from '@/features/currency/currency-switch';
import { InboxBanner, InboxHeaderLink, InboxNavLink } from '@/features/inbox';
import { PolicyFooterLinks } from '@/features/policies/components/policy-footer-links';
import { useCurrentUser } from '@/features/session';
import { SessionMenu, SessionNavLinks } from '@/features/session/components/session-menu';
import { TenantLanguageSwitch } from '@/features/tenant/components/tenant-language-switch';
import { useTenant } from '@/features/tenant/tenant-context';
import classes from './shell.module.css';

const MAIN_ID = 'main';

/** The investor portal's frame: branded header, navigation (a burger menu on small screens), main, footer. */
export const LpShell = () => {
  const { t } = useTranslation();
  const tenant = useTenant();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  useMenuDismiss(opened, close, 'lp-mobile-nav');

  // After client-side navigation, start screen readers and keyboards at the new page's content.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose on every pathname change
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus();
  }, [pathname]);

  // The manager console is reached from the user menu of a GP session (and after a GP signs in),
  // so investors and visitors are not shown a door they cannot open.
  // Home is the investor's own page (saved funds, tasks, investments); visitors and the team start
  // from the fund list.
  const { data: user } = useCurrentUser();
  const links = [
    ...(user?.role === 'LP' ? [{ to: '/home', label: t('nav.home'), end: false }] : []),
    { to: '/', label: t('nav.funds'), end: true },
    // The investor's profiles (issue 11): who they invest as; an investor's only.
    ...(user?.role === 'LP' ? [{ to: '/profiles', label: t('nav.profiles'), end: false }] : []),
    // The investor's subscriptions (issue 13): where each stands, the journey to continue.
    ...(user?.role === 'LP' ? [{ to: '/subscriptions', label: t('nav.subscriptions'), end: false }] : []),
    // The investor's money (issue 14): portfolio, transactions, capital calls, redemptions.
    ...(user?.role === 'LP' ? [{ to: '/portfolio', label: t('nav.portfolio'), end: false }] : []),
  ];
  const navItems = [
    ...links.map((link) => (
      <NavLink key={link.to} to={link.to} end={link.end} className={classes.navLink}>
        {link.label}
      </NavLink>
    )),
    // Signed-in users only (it renders nothing for visitors), with the unread count.
    <InboxNavLink key="/inbox" className={classes.navLink} />,
  ];

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 280, breakpoint: 'sm', collapsed: { desktop: true, mobile: !opened } }}
      padding={0}
    >
      <SkipLink target={MAIN_ID} label={t('app.skipToContent')} />
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <MenuBurger opened={opened} onClick={toggle} controls="lp-mobile-nav" />
              <UnstyledButton component={Link} to="/" className={classes.brand} miw={0}>
                <BrandMark
                  logoText={tenant.branding.logoText}
                  name={tenant.branding.displayName}
                  logoUrl={tenant.branding.logoUrl}
                  compact
                />
              </UnstyledButton>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <Box component="nav" aria-label={t('nav.main')} visibleFrom="sm">
                <Group gap="xs" wrap="nowrap">
                  {navItems}
                </Group>
              </Box>
              <TenantLanguageSwitch />
              {/* Narrow screens have it in the navigation menu: the header has no room. */}
              <Box visibleFrom="sm">
                <CurrencySwitch />
              </Box>
              {/* The menu holds "Inbox" on wide screens; narrow ones fold it away, so the count shows here. */}
              <Box hiddenFrom="sm">
                <InboxHeaderLink />
              </Box>
              <SessionMenu />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      {/* Rendered only while open, so hidden links never take keyboard focus. */}
      {opened && (
        <AppShell.Navbar id="lp-mobile-nav" aria-label={t('nav.main')} p="md">
          <Stack gap={4}>
            {navItems}
            <SessionNavLinks className={classes.navLink} />
            <Box hiddenFrom="sm" pt="xs">
              <CurrencySwitch />
            </Box>
          </Stack>
        </AppShell.Navbar>
      )}
      <AppShell.Main id={MAIN_ID} ref={mainRef} tabIndex={-1} className={classes.main}>
        <Box className={classes.page}>
          <InboxBanner />
          <Outlet />
        </Box>
        <Box component="footer" className={classes.footer}>
          <Container size="lg">
            <PolicyFooterLinks />
            <Text size="sm" c="dimmed">
              {t('app.footer', { year: new Date().getFullYear(), name: tenant.branding.displayName })}
            </Text>
          </Container>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
};
