import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProductTabProps } from '@/features/gp-products/routes/product-page';

/** Why this user cannot change the product now (closed, or live and they are not an admin). */
export const ReadOnlyNotice = ({ product, role, canEdit }: Pick<ProductTabProps, 'product' | 'role' | 'canEdit'>) => {
  const { t } = useTranslation();
  if (canEdit || !role) return null;
  const reason = product.state === 'CLOSED' ? 'closed' : 'adminsOnly';
  return (
    <Alert color="gray" variant="light" title={t('gpProducts.readOnly.title')}>
      {t(`gpProducts.readOnly.${reason}`)}
    </Alert>
  );
};
