import { Anchor, Text } from '@mantine/core';
import type { ProductSummary } from '@tranche/shared/product/product.schema';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LocalizedText } from '@/components/localized-text';
import type { DisplayConversion } from '@/features/currency';
import { useLang } from '@/i18n/use-lang';
import { formatList } from '@/lib/format';
import { localized } from '@/lib/localized';
import { fundFacts } from './fund-facts';
import { OpennessBadge } from './openness-badge';

/**
 * The catalogue's list view: one row per fund with the facts of its card, sortable by name and by
 * each fact. It sorts the funds loaded so far (the server pages in catalogue order).
 */
export const ProductTable = ({
  products,
  caption,
  conversion,
}: {
  products: readonly ProductSummary[];
  caption: string;
  conversion: DisplayConversion;
}) => {
  const { t } = useTranslation();
  const lang = useLang();
  const columns: DataTableColumn<ProductSummary>[] = [
    {
      key: 'name',
      header: t('product.name'),
      rowHeader: true,
      sortValue: (p) => localized(p.name, lang),
      render: (p) => (
        <>
          <Anchor component={Link} to={`/products/${p.productId}`} fw={600}>
            <LocalizedText text={p.name} />
          </Anchor>
          <Text size="xs" c="dimmed" lineClamp={1} fw={400}>
            <LocalizedText text={p.summary} />
          </Text>
        </>
      ),
    },
    { key: 'status', header: t('product.status'), render: (p) => <OpennessBadge openness={p.openness} /> },
    ...fundFacts(t, lang, conversion).map(
      (fact): DataTableColumn<ProductSummary> => ({
        key: fact.key,
        header: fact.label,
        align: fact.key === 'minInvestment' || fact.key === 'targetSize' ? 'end' : 'start',
        noWrap: true,
        sortValue: fact.sortValue,
        render: (p) => fact.render(p) ?? t('product.notStated'),
      }),
    ),
    {
      key: 'fundType',
      header: t('product.fundType'),
      sortValue: (p) => t(`fundType.${p.fundType}`),
      render: (p) => t(`fundType.${p.fundType}`),
    },
    {
      key: 'regions',
      header: t('product.regions'),
      render: (p) =>
        formatList(
          p.regions.map((r) => t(`region.${r}`)),
          lang,
        ),
    },
  ];
  return (
    <DataTable
      label={caption}
      columns={columns}
      rows={products}
      rowKey={(p) => p.productId}
      minWidth={1000}
      highlightOnHover
    />
  );
};
