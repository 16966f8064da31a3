import { Button, Container, Group, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '@/components/error-state';
import { NotFoundPage } from '@/components/not-found-page';
import { NoticePanel } from '@/components/notice-panel';
import { PageLoader } from '@/components/page-loader';
import { SUBSCRIBE_PATHS } from '@/features/products/components/product-actions';
import { useProductPageLocales } from '@/features/products/locales';
import { signInPath, signUpPath, useCurrentUser } from '@/features/session';
import { useLpSettings } from '@/features/tenant';
import { isApiError } from '@/lib/api-error';

/**
 * Where "Express interest", "Reserve" and "Invest" lead. A visitor is asked to sign in or sign up
 * first, and comes back to the fund afterwards (`next`, kept through sign-up's code step and the
 * second factor). A signed-in investor is told the journeys are coming, and led back to the fund.
 */
const ComingSoonPage = () => {
  useProductPageLocales();
  const { t } = useTranslation();
  const { productId, action } = useParams();
  const { data: user, error, isLoading, mutate } = useCurrentUser();
  const { data: lpSettings } = useLpSettings();
  const type = Object.entries(SUBSCRIBE_PATHS).find(([, path]) => path === action)?.[0] as
    | keyof typeof SUBSCRIBE_PATHS
    | undefined;
  const actionLabel = type ? t(`subscriptionType.${type}`) : '';
  const signedOut = isApiError(error) && error.status === 401;
  const title = signedOut
    ? t('productPage.signInFirstTitle', { action: actionLabel })
    : t('productPage.comingSoonTitle', { action: actionLabel });
  useDocumentTitle(type ? title : '');
  if (!type || !productId) return <NotFoundPage />;
  if (isLoading) return <PageLoader label={t('app.loading')} />;
  const fund = `/products/${productId}`;
  if (signedOut)
    return (
      <Container size="sm" py="xl">
        <NoticePanel
          title={title}
          headingOrder={1}
          action={
            <Group justify="center">
              <Button component={Link} to={signInPath(fund)}>
                {t('session.signIn')}
              </Button>
              {lpSettings?.settings.signUpEnabled !== false && (
                <Button component={Link} to={signUpPath(fund)} variant="light">
                  {t('productPage.createAccount')}
                </Button>
              )}
              <Button component={Link} to={fund} variant="subtle">
                {t('productPage.backToFund')}
              </Button>
            </Group>
          }
        >
          {t('productPage.signInFirstBody')}
        </NoticePanel>
      </Container>
    );
  if (error || !user)
    return (
      <Container size="sm" py="xl">
        <LoadError error={error} onRetry={() => void mutate()} />
      </Container>
    );
  return (
    <Container size="sm" py="xl">
      <Stack>
        <NoticePanel
          title={title}
          headingOrder={1}
          action={
            <Button component={Link} to={fund} variant="light">
              {t('productPage.backToFund')}
            </Button>
          }
        >
          {t('productPage.comingSoonBody')}
        </NoticePanel>
      </Stack>
    </Container>
  );
};
export default ComingSoonPage;
