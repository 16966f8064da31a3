import { Anchor, Text } from '@mantine/core';
import type { ProductSummary } from '@tranche/shared/product/product.schema';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { useLang } from '@/i18n/use-lang';
import { formatList, formatMoney } from '@/lib/format';
import { localized } from '@/lib/localized';
import { OpennessBadge } from './openness-badge';

export const ProductTable = ({ products, caption }: { products: readonly ProductSummary[]; caption: string }) => {
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
            {localized(p.name, lang)}
          </Anchor>
          <Text size="xs" c="dimmed" lineClamp={1} fw={400}>
            {localized(p.summary, lang)}
          </Text>
        </>
      ),
    },
    {
      key: 'fundType',
      header: t('product.fundType'),
      sortValue: (p) => t(`fundType.${p.fundType}`),
      render: (p) => t(`fundType.${p.fundType}`),
    },
    { key: 'status', header: t('product.status'), render: (p) => <OpennessBadge openness={p.openness} /> },
    {
      key: 'minInvestment',
      header: t('product.minInvestment'),
      align: 'end',
      noWrap: true,
      render: (p) => formatMoney(p.minInvestment, p.currency, lang),
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
      minWidth={720}
      highlightOnHover
    />
  );
};
