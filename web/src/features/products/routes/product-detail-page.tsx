import { Anchor, Button, Container, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ERROR_CATALOGUE } from '@tranche/shared/errors/catalogue';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { NoticePanel } from '../../../components/notice-panel';
import { useErrorText, useLang } from '../../../i18n/use-lang';
import { isApiError } from '../../../lib/api-error';
import { localized } from '../../../lib/localized';
import { useProductPortalComponents } from '../api/get-portal-components';
import { useProduct } from '../api/get-product';
import { ProductView } from '../components/product-view';

/** A product id the API refuses as malformed is, for the visitor, just a fund that does not exist. */
const isNotFound = (error: unknown) =>
  isApiError(error) &&
  (error.status === 404 || (error.code === 'PARAMS_ERROR' && error.fieldErrors.some((f) => f.field === 'productId')));

const ProductDetailPage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  const { productId } = useParams();
  const { data: product, error, isLoading, mutate } = useProduct(productId);
  const portal = useProductPortalComponents(productId, 'SHOW');
  const errorText = useErrorText(error);
  useDocumentTitle(product ? localized(product.name, lang) : t('product.loading'));

  const back = (
    <Anchor component={Link} to="/" size="sm">
      <span aria-hidden>←</span> {t('app.backToFunds')}
    </Anchor>
  );

  let content: ReactNode;
  if (isLoading) content = <DetailSkeleton label={t('product.loading')} />;
  else if (isNotFound(error))
    content = (
      <NoticePanel
        title={t('product.notFoundTitle')}
        headingOrder={1}
        role="alert"
        action={
          <Button component={Link} to="/">
            {t('app.backToFunds')}
          </Button>
        }
      >
        {isApiError(error) && error.code !== 'PARAMS_ERROR'
          ? errorText
          : ERROR_CATALOGUE.productIsNotExist.messages[lang]}
      </NoticePanel>
    );
  else if (error || !product)
    content = (
      <ErrorState
        title={t('app.errorTitle')}
        message={errorText}
        retryLabel={t('app.retry')}
        onRetry={() => void mutate()}
      />
    );
  else
    content = (
      <ProductView
        product={product}
        sections={portal.data?.items.map((item) => item.component)}
        sectionsError={portal.error}
        onRetrySections={() => void portal.mutate()}
      />
    );

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        {back}
        {content}
      </Stack>
    </Container>
  );
};
export default ProductDetailPage;

const DetailSkeleton = ({ label }: { label: string }) => (
  <div role="status" aria-live="polite" aria-busy="true">
    <VisuallyHidden>{label}</VisuallyHidden>
    <Stack gap="md" aria-hidden>
      <Skeleton h={20} w={160} />
      <Skeleton h={36} w="60%" />
      <Skeleton h={16} w="80%" />
      <Skeleton h={160} mt="md" />
      <Skeleton h={120} />
    </Stack>
  </div>
);
