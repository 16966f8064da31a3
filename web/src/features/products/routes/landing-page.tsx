import { Box, Button, Center, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { NoticePanel } from '@/components/notice-panel';
import { Busy, CardGridSkeleton } from '@/components/page-skeleton';
import { ConversionNote, useDisplayConversion } from '@/features/currency';
import { useProducts } from '@/features/products/api/list-products';
import { FundFilters, hasConditions } from '@/features/products/components/fund-filters';
import { ProductCard } from '@/features/products/components/product-card';
import classes from '@/features/products/components/products.module.css';
import { useLpSettings, useTenant } from '@/features/tenant';
import { useErrorText, useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { lazyStyled } from '@/lib/later-styles';
import { localized } from '@/lib/localized';
import type { ProductSearchConditions, ViewType } from '@/lib/storage';
import { useClientStorage } from '@/lib/storage-context';

// The table view (Mantine Table and its scroll area) loads only when someone picks it.
const ProductTable = lazyStyled(() =>
  import('@/features/products/components/product-table').then((m) => ({ default: m.ProductTable })),
);

const NO_CONDITIONS: ProductSearchConditions = { text: '', openness: 'ALL' };

/**
 * The portal's home: the tenant's hero, then its funds as cards or a table. The server searches and
 * filters; the conditions and the view type are kept across visits in the portal's storage.
 */
export const LandingPage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  const tenant = useTenant();
  const storage = useClientStorage();
  const { data: lpSettings } = useLpSettings();
  const [conditions, setConditions] = useState<ProductSearchConditions>(
    () => storage.get('productListSearchConditions') ?? NO_CONDITIONS,
  );
  // Ask the server once typing pauses, not at every key.
  const [text] = useDebouncedValue(conditions.text, 300);
  const { products, total, error, isLoading, hasMore, isLoadingMore, size, setSize, mutate } = useProducts({
    ...conditions,
    text,
  });
  const errorText = useErrorText(error);
  // Amounts converted into the display currency, as on a fund's page.
  const currencies = [...new Set(products.map((p) => p.currency))];
  const conversion = useDisplayConversion(currencies);
  const filtered = hasConditions(conditions);

  const [chosenView, setChosenView] = useState<ViewType | undefined>(() => storage.get('projectListViewType'));
  const viewType = chosenView ?? lpSettings?.settings.defaultViewType ?? 'CARD';

  // Stable, so the memoised filters skip the page's other re-renders.
  const updateConditions = useCallback(
    (next: ProductSearchConditions) => {
      setConditions(next);
      storage.set('productListSearchConditions', next);
    },
    [storage],
  );
  const updateView = useCallback(
    (next: ViewType) => {
      setChosenView(next);
      storage.set('projectListViewType', next);
    },
    [storage],
  );

  let body: React.ReactNode;
  if (isLoading) body = <ListSkeleton label={t('landing.loadingFunds')} />;
  else if (error && products.length === 0)
    body = (
      <ErrorState
        title={t('app.errorTitle')}
        message={errorText}
        reference={
          isApiError(error) && error.requestId ? t('errors.reference', { requestId: error.requestId }) : undefined
        }
        retryLabel={t('app.retry')}
        onRetry={() => void mutate()}
      />
    );
  else if (products.length === 0 && !filtered)
    body = (
      <NoticePanel title={t('landing.emptyTitle')} headingOrder={3}>
        {t('landing.emptyBody')}
      </NoticePanel>
    );
  else if (products.length === 0)
    body = (
      <NoticePanel
        title={t('landing.noMatchesTitle')}
        headingOrder={3}
        action={
          <Button variant="light" onClick={() => updateConditions(NO_CONDITIONS)}>
            {t('landing.clearFilters')}
          </Button>
        }
      >
        {t('landing.noMatchesBody')}
      </NoticePanel>
    );
  else
    body =
      viewType === 'CARD' ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {products.map((p) => (
            <ProductCard key={p.productId} product={p} conversion={conversion} />
          ))}
        </SimpleGrid>
      ) : (
        <Suspense fallback={<ListSkeleton label={t('landing.loadingFunds')} />}>
          <ProductTable
            products={products}
            caption={t('landing.fundCount', { count: total ?? products.length })}
            conversion={conversion}
          />
        </Suspense>
      );

  return (
    <>
      <Box component="section" aria-labelledby="hero-title" className={classes.hero} py={{ base: 40, sm: 64 }}>
        <Container size="lg">
          <Stack gap="xs">
            <Text size="sm" fw={600} className={classes.heroEyebrow}>
              {t('landing.eyebrow')}
            </Text>
            <Title order={1} id="hero-title" fz={{ base: 32, sm: 44 }} c="white">
              {tenant.branding.displayName}
            </Title>
            <Text size="lg" maw={640} className={classes.heroTagline}>
              {localized(tenant.branding.tagline, lang)}
            </Text>
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py="xl" component="section" aria-labelledby="funds-title">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
            <div>
              <Title order={2} id="funds-title">
                {t('landing.fundsHeading')}
              </Title>
              <Text c="dimmed">{t('landing.fundsIntro')}</Text>
            </div>
          </Group>
          <FundFilters
            conditions={conditions}
            onConditionsChange={updateConditions}
            viewType={viewType}
            onViewTypeChange={updateView}
            currencies={tenant.currencies}
          />
          <Group justify="space-between" gap="sm" mih={28}>
            <Text size="sm" c="dimmed" aria-live="polite">
              {total !== undefined && !isLoading && (filtered || total > 0)
                ? `${t('catalogue.matching', { count: total })}${
                    total > products.length ? ` · ${t('catalogue.showing', { shown: products.length, total })}` : ''
                  }`
                : ''}
            </Text>
            {filtered && (
              <Button variant="subtle" size="compact-sm" onClick={() => updateConditions(NO_CONDITIONS)}>
                {t('landing.clearFilters')}
              </Button>
            )}
          </Group>
          {body}
          {products.length > 0 && <ConversionNote currencies={currencies} conversion={conversion} />}
          {hasMore && (
            <Center>
              <Button variant="default" loading={isLoadingMore} onClick={() => void setSize(size + 1)}>
                {t('landing.loadMore')}
              </Button>
            </Center>
          )}
        </Stack>
      </Container>
    </>
  );
};

const ListSkeleton = ({ label }: { label: string }) => (
  <Busy label={label}>
    <CardGridSkeleton />
  </Busy>
);
