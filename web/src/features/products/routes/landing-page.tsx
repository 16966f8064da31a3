import {
  Box,
  Button,
  Card,
  Center,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { ProductSummary } from '@tranche/shared/product/product.schema';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { NoticePanel } from '../../../components/notice-panel';
import { useErrorText, useLang } from '../../../i18n/use-lang';
import { isApiError } from '../../../lib/api-error';
import { localized } from '../../../lib/localized';
import type { ProductSearchConditions, ViewType } from '../../../lib/storage';
import { useClientStorage } from '../../../lib/storage-context';
import { useLpSettings } from '../../tenant/api/get-lp-settings';
import { useTenant } from '../../tenant/tenant-context';
import { useProducts } from '../api/list-products';
import { FundFilters } from '../components/fund-filters';
import { ProductCard } from '../components/product-card';
import classes from '../components/products.module.css';

// The table view (Mantine Table and its scroll area) loads only when someone picks it.
const ProductTable = lazy(() => import('../components/product-table').then((m) => ({ default: m.ProductTable })));

const NO_CONDITIONS: ProductSearchConditions = { text: '', openness: 'ALL' };

const matches = (p: ProductSummary, { text, openness }: ProductSearchConditions, lang: 'en' | 'zh-CN') => {
  if (openness !== 'ALL' && p.openness !== openness) return false;
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return true;
  return [p.name.en, p.name['zh-CN'], localized(p.summary, lang)].some((s) => s?.toLocaleLowerCase().includes(needle));
};

/** The portal's home: the tenant's hero, then its funds as cards or a table. */
export const LandingPage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  const tenant = useTenant();
  const storage = useClientStorage();
  const { data: lpSettings } = useLpSettings();
  const { products, error, isLoading, hasMore, isLoadingMore, size, setSize, mutate } = useProducts();
  const errorText = useErrorText(error);

  const [conditions, setConditions] = useState<ProductSearchConditions>(
    () => storage.get('productListSearchConditions') ?? NO_CONDITIONS,
  );
  const [chosenView, setChosenView] = useState<ViewType | undefined>(() => storage.get('projectListViewType'));
  const viewType = chosenView ?? lpSettings?.settings.defaultViewType ?? 'CARD';

  const updateConditions = (next: ProductSearchConditions) => {
    setConditions(next);
    storage.set('productListSearchConditions', next);
  };
  const updateView = (next: ViewType) => {
    setChosenView(next);
    storage.set('projectListViewType', next);
  };
  const visible = useMemo(() => products.filter((p) => matches(p, conditions, lang)), [products, conditions, lang]);

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
  else if (products.length === 0)
    body = (
      <NoticePanel title={t('landing.emptyTitle')} headingOrder={3}>
        {t('landing.emptyBody')}
      </NoticePanel>
    );
  else if (visible.length === 0)
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
          {visible.map((p) => (
            <ProductCard key={p.productId} product={p} />
          ))}
        </SimpleGrid>
      ) : (
        <Suspense fallback={<ListSkeleton label={t('landing.loadingFunds')} />}>
          <ProductTable products={visible} caption={t('landing.fundCount', { count: visible.length })} />
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
          />
          <Text size="sm" c="dimmed" aria-live="polite">
            {!isLoading && products.length > 0 ? t('landing.fundCount', { count: visible.length }) : ''}
          </Text>
          {body}
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
  <div role="status" aria-live="polite" aria-busy="true">
    <VisuallyHidden>{label}</VisuallyHidden>
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-hidden>
      {[0, 1, 2].map((i) => (
        <Card key={i} withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Skeleton h={20} w="40%" />
            <Skeleton h={24} w="80%" />
            <Skeleton h={12} />
            <Skeleton h={12} w="90%" />
            <Skeleton h={36} w="60%" mt="sm" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  </div>
);
