import { Stack } from '@mantine/core';
import type { ProductInput } from '@tranche/shared/product/product.schema';
import { useTranslation } from 'react-i18next';
import { updateProduct } from '@/features/gp-products/api/product-mutations';
import { BankDetailsSection } from '@/features/gp-products/components/bank-details-form';
import { ProductForm } from '@/features/gp-products/components/product-form';
import { currencyOptions, productValues } from '@/features/gp-products/lib/form-values';
import type { ProductTabProps } from '@/features/gp-products/routes/product-page';
import { useTenant } from '@/features/tenant';
import { notifications } from '@/lib/notifications';
import { ReadOnlyNotice } from './read-only-notice';

/** Every field of the product; saved with its version, so a concurrent edit is refused, not lost. */
export const DetailsTab = ({ product, role, canEdit, reload }: ProductTabProps) => {
  const { t } = useTranslation();
  const tenant = useTenant();
  const currencies = currencyOptions(tenant.currencies, product.currency);

  const onSubmit = async (input: ProductInput) => {
    await updateProduct(product.productId, input, product.version);
    notifications.show({ color: 'green', message: t('gpProducts.saved') });
    await reload();
  };

  return (
    <Stack gap="md">
      <ReadOnlyNotice product={product} role={role} canEdit={canEdit} />
      <ProductForm
        // A new version (saved here or reloaded) starts the form again from what the server holds.
        key={product.version}
        defaultValues={productValues(product)}
        currencies={currencies}
        onSubmit={onSubmit}
        submitLabel={t('gpProducts.saveChanges')}
        readOnly={!canEdit}
        onReload={() => void reload()}
      />
      <BankDetailsSection
        productId={product.productId}
        currencies={[...new Set([product.currency, ...product.shareClasses.map((c) => c.currency)])]}
        canEdit={role === 'GP_ADMIN' || role === 'GP_OWNER'}
      />
    </Stack>
  );
};
