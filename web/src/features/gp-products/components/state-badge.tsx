import { Badge } from '@mantine/core';
import type { ProductState } from '@tranche/shared/enums';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ProductState, string> = { DRAFT: 'yellow', PUBLISHED: 'green', CLOSED: 'gray' };

export const StateBadge = ({ state }: { state: ProductState }) => {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[state]} variant="light" radius="sm">
      {t(`gpProducts.state.${state}`)}
    </Badge>
  );
};
