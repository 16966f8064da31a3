import { Badge } from '@mantine/core';
import type { ProductOpenness } from '@tranche/shared/enums';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ProductOpenness, string> = {
  COMING_SOON: 'blue',
  OPEN: 'green',
  CLOSING_SOON: 'orange',
  CLOSED: 'gray',
};

// Never narrower than its label: a squeezed table cell would cut it ("PUBL...").
export const OpennessBadge = ({ openness }: { openness: ProductOpenness }) => {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[openness]} variant="light" radius="sm" miw="max-content">
      {t(`openness.${openness}`)}
    </Badge>
  );
};
