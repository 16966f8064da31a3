import { Group, Skeleton, Stack, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Role } from '@tranche/shared/auth/roles';
import type { GpProduct } from '@tranche/shared/product/product.schema';
import { allowedProductEvents, canEditProduct } from '@tranche/shared/product/product-state';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useNavigate, useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { LoadError } from '@/components/error-state';
import { NotFoundPanel } from '@/components/not-found-panel';
import { AccessNotice, isAccessError } from '@/features/gp-console';
import { useGpProduct } from '@/features/gp-products/api/get-gp-product';
import { useRevalidateProduct } from '@/features/gp-products/api/revalidate';
import { LifecycleActions } from '@/features/gp-products/components/lifecycle-actions';
import { StateBadge } from '@/features/gp-products/components/state-badge';
import { useCurrentUser } from '@/features/session';
import { useErrorText, useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { localized } from '@/lib/localized';
import { ContractTab } from './tabs/contract-tab';
import { DetailsTab } from './tabs/details-tab';
import { DocumentsTab } from './tabs/documents-tab';
import { HistoryTab } from './tabs/history-tab';
import { PreviewTab } from './tabs/preview-tab';
import { SectionsTab } from './tabs/sections-tab';
import { ShareClassesTab } from './tabs/share-classes-tab';

const TABS = ['details', 'share-classes', 'documents', 'sections', 'contract', 'preview', 'history'] as const;
type Tab = (typeof TABS)[number];

const TAB_KEYS = {
  details: 'details',
  'share-classes': 'shareClasses',
  documents: 'documents',
  sections: 'sections',
  contract: 'contract',
  preview: 'preview',
  history: 'history',
} as const satisfies Record<Tab, string>;

/** What every tab of a product gets. */
export interface ProductTabProps {
  product: GpProduct;
  role: Role | undefined;
  /** Whether this user may change the product's content in its state. */
  canEdit: boolean;
  /** Ask the server again (after a save, or to load someone else's newer version). */
  reload: () => Promise<unknown>;
}

export const ProductPage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  // The splat is what follows the product id: its tab (and nothing, for details).
  const { productId, '*': rest = '' } = useParams();
  const navigate = useNavigate();
  const { data: product, error, isLoading, mutate } = useGpProduct(productId);
  const { data: user } = useCurrentUser();
  const revalidate = useRevalidateProduct();
  const errorText = useErrorText(error);
  useDocumentTitle(product ? `${localized(product.name, lang)} · ${t('gpProducts.title')}` : t('gpProducts.title'));

  const base = `/gp/products/${productId}`;
  const segment = rest.split('/')[0] ?? '';
  const tab: Tab = (TABS as readonly string[]).includes(segment) ? (segment as Tab) : 'details';

  if (isAccessError(error)) return <AccessNotice error={error} />;
  if (isLoading)
    return (
      <div role="status" aria-busy="true">
        <VisuallyHidden>{t('gpProducts.loadingProduct')}</VisuallyHidden>
        <Stack gap="md" aria-hidden maw={960}>
          <Skeleton h={20} w={160} />
          <Skeleton h={36} w="50%" />
          <Skeleton h={40} />
          <Skeleton h={320} />
        </Stack>
      </div>
    );
  if (isApiError(error) && (error.status === 404 || error.code === 'PARAMS_ERROR'))
    return (
      <NotFoundPanel title={t('gpProducts.notFoundTitle')} backTo="/gp/products" backLabel={t('gpProducts.backToList')}>
        {errorText}
      </NotFoundPanel>
    );
  if (error || !product) return <LoadError error={error} onRetry={() => void mutate()} />;

  const role = user?.role;
  const canEdit = role !== undefined && canEditProduct(product.state, role);
  const reload = async () => {
    await Promise.all([mutate(), revalidate(product.productId)]);
  };
  const tabProps: ProductTabProps = { product, role, canEdit, reload };
  const memberHint =
    role === 'GP_MEMBER' && product.state === 'DRAFT' && allowedProductEvents(product.state, role).length === 0;

  return (
    <Stack gap="lg" maw={1100}>
      <BackLink to="/gp/products">{t('gpProducts.backToList')}</BackLink>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Group gap="xs">
            <StateBadge state={product.state} />
            <Text size="xs" c="dimmed">
              {t('gpProducts.versionLabel', { version: product.version })}
            </Text>
          </Group>
          <Title order={1}>{localized(product.name, lang)}</Title>
          {memberHint && (
            <Text size="sm" c="dimmed">
              {t('gpProducts.lifecycle.memberHint')}
            </Text>
          )}
        </Stack>
        {role && (
          <LifecycleActions
            product={product}
            role={role}
            onChanged={(changed) => {
              void mutate(changed, { revalidate: false });
              void revalidate(product.productId);
            }}
            onReload={() => void reload()}
          />
        )}
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => navigate(value === 'details' ? base : `${base}/${value}`)}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('gpProducts.tabs.label')} style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`gpProducts.tabs.${TAB_KEYS[value]}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab} pt="lg">
          <Routes>
            <Route index element={<DetailsTab {...tabProps} />} />
            <Route path="share-classes" element={<ShareClassesTab {...tabProps} />} />
            <Route path="documents" element={<DocumentsTab {...tabProps} />} />
            <Route path="sections" element={<SectionsTab {...tabProps} />} />
            <Route path="contract" element={<ContractTab {...tabProps} />} />
            <Route path="preview" element={<PreviewTab {...tabProps} />} />
            <Route path="history" element={<HistoryTab {...tabProps} />} />
            <Route path="*" element={<DetailsTab {...tabProps} />} />
          </Routes>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
};
