import { Button, Container, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { NoticePanel } from '@/components/notice-panel';
import { SUBSCRIBE_PATHS } from '@/features/products/components/product-actions';
import { useProductPageLocales } from '@/features/products/locales';

/**
 * Where "Express interest", "Reserve" and "Invest" lead until the subscription journeys exist: says
 * so, and leads back to the fund.
 */
const ComingSoonPage = () => {
  useProductPageLocales();
  const { t } = useTranslation();
  const { productId, action } = useParams();
  const type = Object.entries(SUBSCRIBE_PATHS).find(([, path]) => path === action)?.[0] as
    | keyof typeof SUBSCRIBE_PATHS
    | undefined;
  const title = type ? t('productPage.comingSoonTitle', { action: t(`subscriptionType.${type}`) }) : '';
  useDocumentTitle(title);
  if (!type || !productId) return <NotFoundPage />;
  return (
    <Container size="sm" py="xl">
      <Stack>
        <NoticePanel
          title={title}
          headingOrder={1}
          action={
            <Button component={Link} to={`/products/${productId}`} variant="light">
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
