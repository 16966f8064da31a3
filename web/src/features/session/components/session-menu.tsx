import { Box, Button, Group } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '@/features/session/api/get-current-user';
import { signInPath } from '@/features/session/lib/return-path';
import { useLpSettings } from '@/features/tenant';
import { lazyStyled } from '@/lib/later-styles';

// The menu (Mantine Menu and its popover code) loads only for someone signed in.
const UserMenu = lazyStyled(() => import('./user-menu'));

/**
 * The header's session controls: Sign in / Sign up for visitors, the user menu once signed in. On a
 * phone the header keeps Sign in (what a returning investor looks for); Sign up moves to the
 * navigation menu (SessionNavLinks), for want of room.
 */
export const SessionMenu = () => {
  const { t } = useTranslation();
  const { data: user, isLoading } = useCurrentUser();
  const { data: lpSettings } = useLpSettings();
  const { pathname, search } = useLocation();

  // Same width while we ask, so the header does not jump.
  const placeholder = <Box w={36} h={30} aria-hidden />;
  if (isLoading) return placeholder;
  if (user)
    return (
      <Suspense fallback={placeholder}>
        <UserMenu user={user} />
      </Suspense>
    );
  return (
    <Group gap="xs" wrap="nowrap">
      <Button component={Link} to={signInPath(`${pathname}${search}`)} variant="default" size="xs" px="xs">
        {t('session.signIn')}
      </Button>
      {lpSettings?.settings.signUpEnabled !== false && (
        <Button component={Link} to="/sign-up" size="xs" visibleFrom="sm">
          {t('session.signUp')}
        </Button>
      )}
    </Group>
  );
};

/** Sign in / Sign up as links of the small-screen navigation menu, for visitors only. */
export const SessionNavLinks = ({ className }: { className?: string | undefined }) => {
  const { t } = useTranslation();
  const { data: user, isLoading } = useCurrentUser();
  const { data: lpSettings } = useLpSettings();
  const { pathname, search } = useLocation();
  if (user || isLoading) return null;
  return (
    <>
      <Link to={signInPath(`${pathname}${search}`)} className={className}>
        {t('session.signIn')}
      </Link>
      {lpSettings?.settings.signUpEnabled !== false && (
        <Link to="/sign-up" className={className}>
          {t('session.signUp')}
        </Link>
      )}
    </>
  );
};
