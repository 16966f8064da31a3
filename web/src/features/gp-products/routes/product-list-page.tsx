import { Anchor, Button, Group, Input, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { PRODUCT_STATES, type ProductState } from '@tranche/shared/enums';
import type { GpProduct } from '@tranche/shared/product/product.schema';
import { PRODUCT_LIFECYCLE } from '@tranche/shared/product/product-state';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cursorPaging, DataTable, type DataTableColumn } from '@/components/data-table';
import { NoticePanel } from '@/components/notice-panel';
import { AccessNotice, isAccessError } from '@/features/gp-console';
import { useGpProducts } from '@/features/gp-products/api/list-gp-products';
import { StateBadge } from '@/features/gp-products/components/state-badge';
import { OpennessBadge } from '@/features/products';
import { useLang } from '@/i18n/use-lang';
import { formatDateTime } from '@/lib/format';
import { localized } from '@/lib/localized';

type StateFilter = ProductState | 'ALL';

/** Every product of the tenant, by state, searchable; the way to a new one. */
export const ProductListPage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(t('gpProducts.title'));
  const [state, setState] = useState<StateFilter>('ALL');
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const filterLabelId = useId();
  const { products, error, isLoading, hasMore, isLoadingMore, size, setSize, mutate } = useGpProducts({
    state: state === 'ALL' ? undefined : state,
    q: q || undefined,
  });

  if (isAccessError(error)) return <AccessNotice error={error} />;

  const columns: DataTableColumn<GpProduct>[] = [
    {
      key: 'name',
      header: t('gpProducts.list.name'),
      rowHeader: true,
      sortValue: (p) => localized(p.name, lang),
      render: (p) => (
        <>
          <Anchor component={Link} to={`/gp/products/${p.productId}`} fw={600}>
            {localized(p.name, lang)}
          </Anchor>
          <Text size="xs" c="dimmed" fw={400}>
            {t(`productKind.${p.kind}`)} · {p.currency}
          </Text>
        </>
      ),
    },
    {
      key: 'state',
      header: t('gpProducts.list.state'),
      sortValue: (p) => PRODUCT_LIFECYCLE.stateLabel(p.state, lang),
      render: (p) => <StateBadge state={p.state} />,
    },
    { key: 'openness', header: t('gpProducts.form.openness'), render: (p) => <OpennessBadge openness={p.openness} /> },
    { key: 'fundType', header: t('product.fundType'), render: (p) => t(`fundType.${p.fundType}`) },
    {
      key: 'shareClasses',
      header: t('product.shareClasses'),
      align: 'end',
      sortValue: (p) => p.shareClasses.length,
      render: (p) => p.shareClasses.length,
    },
    {
      key: 'updated',
      header: t('gpProducts.list.updated'),
      noWrap: true,
      sortValue: (p) => p.updatedAt,
      render: (p) => formatDateTime(p.updatedAt, lang),
    },
  ];

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('gpProducts.title')}</Title>
          <Text c="dimmed">{t('gpProducts.intro')}</Text>
        </div>
        <Button component={Link} to="/gp/products/new">
          {t('gpProducts.newProduct')}
        </Button>
      </Group>
      <Group align="flex-end" gap="md" wrap="wrap">
        <div>
          <Input.Label labelElement="div" id={filterLabelId} mb={4}>
            {t('gpProducts.list.state')}
          </Input.Label>
          <SegmentedControl
            aria-labelledby={filterLabelId}
            value={state}
            onChange={(v) => setState(v as StateFilter)}
            data={[
              { value: 'ALL', label: t('gpProducts.list.allStates') },
              ...PRODUCT_STATES.map((s) => ({ value: s, label: PRODUCT_LIFECYCLE.stateLabel(s, lang) })),
            ]}
          />
        </div>
        <TextInput
          type="search"
          label={t('gpProducts.list.search')}
          placeholder={t('gpProducts.list.searchPlaceholder')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
        />
      </Group>
      <DataTable
        label={t('gpProducts.title')}
        columns={columns}
        rows={products}
        rowKey={(p) => p.productId}
        minWidth={760}
        highlightOnHover
        loading={isLoading}
        error={error}
        onRetry={() => void mutate()}
        paging={cursorPaging({ hasMore, isLoadingMore, size, setSize }, t('gpProducts.list.loadMore'))}
        empty={
          state === 'ALL' && !q ? (
            <NoticePanel
              title={t('gpProducts.emptyTitle')}
              action={
                <Button component={Link} to="/gp/products/new">
                  {t('gpProducts.newProduct')}
                </Button>
              }
            >
              {t('gpProducts.emptyBody')}
            </NoticePanel>
          ) : (
            <NoticePanel title={t('gpProducts.noMatchesTitle')}>{t('gpProducts.noMatchesBody')}</NoticePanel>
          )
        }
      />
    </Stack>
  );
};
