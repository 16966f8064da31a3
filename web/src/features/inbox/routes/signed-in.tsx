import { Button, Container } from '@mantine/core';
import type { CurrentUser } from '@tranche/shared/user/user.schema';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LoadError } from '@/components/error-state';
import { NoticePanel } from '@/components/notice-panel';
import { PageLoader } from '@/components/page-loader';
import { signInPath, useCurrentUser } from '@/features/session';
import { isApiError } from '@/lib/api-error';

/** The inbox is a signed-in user's: visitors are asked to sign in and come back to the same page. */
export const SignedIn = ({ children }: { children: (user: CurrentUser) => ReactNode }) => {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { data: user, error, isLoading, mutate } = useCurrentUser();
  if (isLoading) return <PageLoader label={t('inbox.loading')} />;
  if (isApiError(error) && error.status === 401)
    return (
      <Container size="sm" py="xl">
        <NoticePanel
          title={t('inbox.signInTitle')}
          headingOrder={1}
          role="alert"
          action={
            <Button component={Link} to={signInPath(`${pathname}${search}`)}>
              {t('session.signIn')}
            </Button>
          }
        >
          {t('inbox.signInBody')}
        </NoticePanel>
      </Container>
    );
  if (error || !user)
    return (
      <Container size="sm" py="xl">
        <LoadError error={error} onRetry={() => void mutate()} />
      </Container>
    );
  return children(user);
};
