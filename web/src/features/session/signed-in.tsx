import { Button, Container } from '@mantine/core';
import type { CurrentUser } from '@tranche/shared/user/user.schema';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LoadError } from '@/components/error-state';
import { NoticePanel } from '@/components/notice-panel';
import { PageLoader } from '@/components/page-loader';
import { isApiError } from '@/lib/api-error';
import { useCurrentUser } from './api/get-current-user';
import { signInPath } from './lib/return-path';

interface SignedInProps {
  /** What the page is loading, said while the session is read. */
  loadingLabel: string;
  /** The sign-in notice; the session's generic one unless the page has its own words. */
  signInTitle?: string;
  signInBody?: string;
  children: (user: CurrentUser) => ReactNode;
}

/**
 * A page for signed-in users only (account, investor home, inbox): a loader while the session is
 * read, a sign-in notice that comes back to the same page for a visitor, the load error with a
 * retry, and otherwise the page for the user. A root file of features/session so other features may
 * import it; kept out of index.ts, which the portal's first download imports.
 */
export const SignedIn = ({ loadingLabel, signInTitle, signInBody, children }: SignedInProps) => {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { data: user, error, isLoading, mutate } = useCurrentUser();
  if (isLoading) return <PageLoader label={loadingLabel} />;
  if (isApiError(error) && error.status === 401)
    return (
      <Container size="sm" py="xl">
        <NoticePanel
          title={signInTitle ?? t('session.signInRequiredTitle')}
          headingOrder={1}
          role="alert"
          action={
            <Button component={Link} to={signInPath(`${pathname}${search}`)}>
              {t('session.signIn')}
            </Button>
          }
        >
          {signInBody ?? t('session.signInRequiredBody')}
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
