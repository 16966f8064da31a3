import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { newIdempotencyKey } from '@tranche/shared/http/idempotency';
import type { ProductInput } from '@tranche/shared/product/product.schema';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackLink } from '@/components/back-link';
import { createProduct } from '@/features/gp-products/api/product-mutations';
import { useRevalidateProduct } from '@/features/gp-products/api/revalidate';
import { ProductForm } from '@/features/gp-products/components/product-form';
import { emptyProductValues } from '@/features/gp-products/lib/form-values';
import { useTenant } from '@/features/tenant';
import { useLang } from '@/i18n/use-lang';
import { localized } from '@/lib/localized';
import { notifications } from '@/lib/notifications';

/** A new draft; share classes, documents and the rest follow on the product's page. */
export const NewProductPage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  const tenant = useTenant();
  const navigate = useNavigate();
  const revalidate = useRevalidateProduct();
  useDocumentTitle(t('gpProducts.newProduct'));

  // One key per intended draft: a Save repeated with the same values (after a timeout, say) reuses
  // it and gets the draft already made; changed values are another draft and get a new key.
  const attempt = useRef<{ values: string; key: string } | undefined>(undefined);
  const onSubmit = async (input: ProductInput) => {
    const values = JSON.stringify(input);
    if (attempt.current?.values !== values) attempt.current = { values, key: newIdempotencyKey() };
    const product = await createProduct(input, attempt.current.key);
    void revalidate();
    notifications.show({ color: 'green', message: t('gpProducts.created', { name: localized(product.name, lang) }) });
    navigate(`/gp/products/${product.productId}/share-classes`);
  };

  return (
    <Stack gap="lg" maw={960}>
      <BackLink to="/gp/products">{t('gpProducts.backToList')}</BackLink>
      <div>
        <Title order={1}>{t('gpProducts.newProduct')}</Title>
        <Text c="dimmed">{t('gpProducts.newIntro')}</Text>
      </div>
      <ProductForm
        defaultValues={emptyProductValues(tenant.defaultCurrency)}
        currencies={tenant.currencies}
        onSubmit={onSubmit}
        submitLabel={t('gpProducts.createDraft')}
        onCancel={() => navigate('/gp/products')}
        onReload={() => undefined}
      />
    </Stack>
  );
};
