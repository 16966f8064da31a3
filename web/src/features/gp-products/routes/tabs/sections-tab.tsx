import { Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { PORTAL_COMPONENTS, type PortalComponent, type VisibilityState } from '@tranche/shared/enums';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/error-state';
import { updateProductPortalComponents } from '@/features/gp-products/api/portal-components';
import { useSectionSettings } from '@/features/gp-products/api/section-settings';
import { SaveErrorAlert } from '@/features/gp-products/components/conflict-alert';
import type { ProductTabProps } from '@/features/gp-products/routes/product-page';
import { notifications } from '@/lib/notifications';
import { ReadOnlyNotice } from './read-only-notice';
import { TabSkeleton } from './tab-skeleton';

type Visibility = Record<PortalComponent, VisibilityState>;

/** Which sections the product's page shows investors (the tenant's default until changed here). */
export const SectionsTab = ({ product, role, canEdit, reload }: ProductTabProps) => {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useSectionSettings(product.productId);
  const [draft, setDraft] = useState<Visibility | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);

  if (error) return <LoadError error={error} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <TabSkeleton height={240} />;

  const saved = Object.fromEntries(
    PORTAL_COMPONENTS.map((c) => [c, data.items.find((i) => i.component === c)?.visibilityState ?? 'SHOW']),
  ) as Visibility;
  const current = draft ?? saved;
  const dirty = PORTAL_COMPONENTS.some((c) => current[c] !== saved[c]);

  const save = async () => {
    setSaving(true);
    setSaveError(null);
    try {
      // Only the sections changed here become this product's own; the others keep following the
      // tenant's defaults.
      const items = PORTAL_COMPONENTS.filter((c) => current[c] !== saved[c]).map((component) => ({
        component,
        visibilityState: current[component],
      }));
      const next = await updateProductPortalComponents(product.productId, items, data.version);
      await mutate(next, { revalidate: false });
      setDraft(null);
      notifications.show({ color: 'green', message: t('gpProducts.sections.saved') });
      void reload();
    } catch (e) {
      setSaveError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md" maw={720}>
      <ReadOnlyNotice product={product} role={role} canEdit={canEdit} />
      <div>
        <Title order={2} size="h3">
          {t('gpProducts.sections.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('gpProducts.sections.intro')}
        </Text>
      </div>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          {PORTAL_COMPONENTS.map((component) => (
            <Switch
              key={component}
              label={t(`gpProducts.sections.component.${component}`)}
              description={t(`gpProducts.sections.describe.${component}`)}
              checked={current[component] === 'SHOW'}
              disabled={!canEdit}
              onChange={(e) => setDraft({ ...current, [component]: e.currentTarget.checked ? 'SHOW' : 'HIDE' })}
            />
          ))}
        </Stack>
      </Paper>
      <SaveErrorAlert
        error={saveError}
        onReload={() => {
          setDraft(null);
          setSaveError(null);
          void mutate();
        }}
      />
      {canEdit && (
        <Group justify="flex-end">
          <Button variant="default" disabled={!dirty} onClick={() => setDraft(null)}>
            {t('gpProducts.discard')}
          </Button>
          <Button disabled={!dirty} loading={saving} onClick={() => void save()}>
            {t('gpProducts.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
};
