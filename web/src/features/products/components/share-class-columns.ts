import type { Lang } from '@tranche/shared/i18n/langs';
import type { ShareClass } from '@tranche/shared/product/product.schema';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from '@/components/data-table';
import { localized } from '@/lib/localized';

/**
 * The first columns of every share-class table, the GP console's and the investor's: the class's
 * name (the row's header) and its currency, both sortable.
 */
export const shareClassIdentityColumns = (t: TFunction, lang: Lang): DataTableColumn<ShareClass>[] => [
  {
    key: 'name',
    header: t('product.shareClass'),
    rowHeader: true,
    sortValue: (sc) => localized(sc.name, lang),
    render: (sc) => localized(sc.name, lang),
  },
  { key: 'currency', header: t('product.currency'), sortValue: (sc) => sc.currency, render: (sc) => sc.currency },
];
