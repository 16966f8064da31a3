import { Container, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { LoadError } from '@/components/error-state';
import { NotFoundPanel } from '@/components/not-found-panel';
import { FundSkeleton } from '@/components/page-skeleton';
import { useProductPortalComponents } from '@/features/products/api/get-portal-components';
import { useProduct } from '@/features/products/api/get-product';
import { ProductView } from '@/features/products/components/product-view';
import { useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { localized } from '@/lib/localized';

/** A product id the API refuses as malformed is, for the visitor, just a fund that does not exist. */
const isNotFound = (error: unknown) =>
  isApiError(error) &&
  (error.status === 404 || (error.code === 'PARAMS_ERROR' && error.fieldErrors.some((f) => f.field === 'productId')));

const ProductDetailPage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  const { productId } = useParams();
  const { data, error, isLoading, mutate } = useProduct(productId);
  const portal = useProductPortalComponents(productId, 'SHOW');
  // The fund and its sections come from the data store in a synchronous update, which React renders
  // in one task; deferred, the page renders in a transition, in slices the browser can interleave
  // with input (a phone's main thread stays free: Lighthouse's total blocking time, issue 9).
  // (Opening another fund from this page shows its skeleton, never the last fund, for that render.)
  const deferred = useDeferredValue(data);
  const product = deferred?.productId === productId ? deferred : undefined;
  const sections = useDeferredValue(portal.data);
  useDocumentTitle(product ? localized(product.name, lang) : t('product.loading'));

  const back = <BackLink to="/">{t('app.backToFunds')}</BackLink>;

  // A fund that does not exist gets one message and one way back (the panel's button), not also the link above.
  if (isNotFound(error))
    return (
      <Container size="sm" py="xl">
        <NotFoundPanel title={t('product.notFoundTitle')} backTo="/" backLabel={t('app.backToFunds')}>
          {t('product.notFoundBody')}
        </NotFoundPanel>
      </Container>
    );

  let content: ReactNode;
  if (isLoading || (data && !product)) content = <FundSkeleton label={t('product.loading')} />;
  else if (error || !product) content = <LoadError error={error} onRetry={() => void mutate()} />;
  else
    content = (
      <ProductView
        product={product}
        sections={sections?.items.map((item) => item.component)}
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
