import { Alert, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSectionSettings } from '@/features/gp-products/api/section-settings';
import type { ProductTabProps } from '@/features/gp-products/routes/product-page';
import { ProductView } from '@/features/products';

/** The investor's page rendered from the current (possibly unpublished) data, actions disabled. */
export const PreviewTab = ({ product }: ProductTabProps) => {
  const { t } = useTranslation();
  const portal = useSectionSettings(product.productId);
  return (
    <>
      <Alert color="blue" variant="light" mb="md" title={t('gpProducts.preview.title')}>
        {t('gpProducts.preview.body')}
      </Alert>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} bg="var(--mantine-color-body)">
        <ProductView
          product={product}
          sections={portal.data?.items.filter((i) => i.visibilityState === 'SHOW').map((i) => i.component)}
          sectionsError={portal.error}
          onRetrySections={() => void portal.mutate()}
          preview
          headingOffset={1}
        />
      </Paper>
    </>
  );
};
