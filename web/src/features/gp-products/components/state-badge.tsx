import { Badge } from '@mantine/core';
import type { ProductState } from '@tranche/shared/enums';
import { PRODUCT_LIFECYCLE } from '@tranche/shared/product/product-state';
import { useLang } from '@/i18n/use-lang';

const COLORS: Record<ProductState, string> = { DRAFT: 'yellow', PUBLISHED: 'green', CLOSED: 'gray' };

// Never narrower than its label: a squeezed table cell would cut it ("PUBL...").
/** The product's lifecycle state, named by the lifecycle's own labels (the history tab uses the same). */
export const StateBadge = ({ state }: { state: ProductState }) => {
  const lang = useLang();
  return (
    <Badge color={COLORS[state]} variant="light" radius="sm" miw="max-content">
      {PRODUCT_LIFECYCLE.stateLabel(state, lang)}
    </Badge>
  );
};
