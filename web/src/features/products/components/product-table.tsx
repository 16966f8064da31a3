import { Anchor, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ProductSummary } from '@tranche/shared/product/product.schema';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScrollX } from '@/components/scroll-x';
import { useLang } from '@/i18n/use-lang';
import { formatList, formatMoney } from '@/lib/format';
import { localized } from '@/lib/localized';
import { OpennessBadge } from './openness-badge';

export const ProductTable = ({ products, caption }: { products: readonly ProductSummary[]; caption: string }) => {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <ScrollX label={caption}>
      <Table miw={720} verticalSpacing="sm" highlightOnHover bg="var(--mantine-color-body)" withTableBorder>
        <Table.Caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('product.name')}</Table.Th>
            <Table.Th scope="col">{t('product.fundType')}</Table.Th>
            <Table.Th scope="col">{t('product.status')}</Table.Th>
            <Table.Th scope="col" ta="end">
              {t('product.minInvestment')}
            </Table.Th>
            <Table.Th scope="col">{t('product.regions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((p) => (
            <Table.Tr key={p.productId}>
              <Table.Th scope="row" fw={600}>
                <Anchor component={Link} to={`/products/${p.productId}`}>
                  {localized(p.name, lang)}
                </Anchor>
                <Text size="xs" c="dimmed" lineClamp={1} fw={400}>
                  {localized(p.summary, lang)}
                </Text>
              </Table.Th>
              <Table.Td>{t(`fundType.${p.fundType}`)}</Table.Td>
              <Table.Td>
                <OpennessBadge openness={p.openness} />
              </Table.Td>
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(p.minInvestment, p.currency, lang)}
              </Table.Td>
              <Table.Td>
                {formatList(
                  p.regions.map((r) => t(`region.${r}`)),
                  lang,
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollX>
  );
};
