import {
  Anchor,
  Button,
  Center,
  Group,
  Input,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { PRODUCT_STATES, type ProductState } from '@tranche/shared/enums';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/error-state';
import { NoticePanel } from '@/components/notice-panel';
import { ScrollX } from '@/components/scroll-x';
import { AccessNotice, isAccessError } from '@/features/gp-console/components/access-notice';
import { useGpProducts } from '@/features/gp-products/api/list-gp-products';
import { StateBadge } from '@/features/gp-products/components/state-badge';
import { OpennessBadge } from '@/features/products/components/openness-badge';
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

  let body: React.ReactNode;
  if (isLoading)
    body = (
      <div role="status" aria-busy="true">
        <VisuallyHidden>{t('gpProducts.loading')}</VisuallyHidden>
        <Stack gap="xs" aria-hidden>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={44} />
          ))}
        </Stack>
      </div>
    );
  else if (error && products.length === 0) body = <LoadError error={error} onRetry={() => void mutate()} />;
  else if (products.length === 0)
    body =
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
      );
  else
    body = (
      <ScrollX label={t('gpProducts.title')}>
        <Table miw={760} verticalSpacing="sm" highlightOnHover withTableBorder bg="var(--mantine-color-body)">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('gpProducts.list.name')}</Table.Th>
              <Table.Th scope="col">{t('gpProducts.list.state')}</Table.Th>
              <Table.Th scope="col">{t('gpProducts.form.openness')}</Table.Th>
              <Table.Th scope="col">{t('product.fundType')}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t('product.shareClasses')}
              </Table.Th>
              <Table.Th scope="col">{t('gpProducts.list.updated')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {products.map((p) => (
              <Table.Tr key={p.productId}>
                <Table.Th scope="row" fw={600}>
                  <Anchor component={Link} to={`/gp/products/${p.productId}`}>
                    {localized(p.name, lang)}
                  </Anchor>
                  <Text size="xs" c="dimmed" fw={400}>
                    {t(`productKind.${p.kind}`)} · {p.currency}
                  </Text>
                </Table.Th>
                <Table.Td>
                  <StateBadge state={p.state} />
                </Table.Td>
                <Table.Td>
                  <OpennessBadge openness={p.openness} />
                </Table.Td>
                <Table.Td>{t(`fundType.${p.fundType}`)}</Table.Td>
                <Table.Td ta="end">{p.shareClasses.length}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.updatedAt, lang)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollX>
    );

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
              ...PRODUCT_STATES.map((s) => ({ value: s, label: t(`gpProducts.state.${s}`) })),
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
      {body}
      {hasMore && (
        <Center>
          <Button variant="default" loading={isLoadingMore} onClick={() => void setSize(size + 1)}>
            {t('gpProducts.list.loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
};
