import { Button, Checkbox, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { Role } from '@tranche/shared/auth/roles';
import { errorMessage } from '@tranche/shared/errors/catalogue';
import type { GpProduct, ProductEvent } from '@tranche/shared/product/product.schema';
import { allowedProductEvents, PRODUCT_LIFECYCLE, productEventBlocker } from '@tranche/shared/product/product-state';
import { checklistWarnings } from '@tranche/shared/product/publish-checklist';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmActions } from '@/components/confirm-actions';
import { transitionProduct } from '@/features/gp-products/api/product-mutations';
import { usePublishChecklist } from '@/features/gp-products/api/publish-checklist';
import { useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { localized } from '@/lib/localized';
import { notifications } from '@/lib/notifications';
import { isVersionConflict } from './conflict-alert';
import { PublishChecklistView } from './publish-checklist';

const COLORS: Record<ProductEvent, string | undefined> = {
  PUBLISH: undefined,
  UNPUBLISH: 'gray',
  CLOSE: 'red',
  REOPEN: undefined,
};

interface LifecycleActionsProps {
  product: GpProduct;
  role: Role;
  /** Called with the product after the change. */
  onChanged: (product: GpProduct) => void;
  /** Load the current version (after someone else changed the product first). */
  onReload: () => void;
}

/** The events that put the product in front of investors: the publish checklist applies to them. */
const goesLive = (event: ProductEvent) => event === 'PUBLISH' || event === 'REOPEN';

/**
 * Publish, unpublish, close and reopen: only the events the lifecycle table allows this role, each
 * confirmed. Going live shows the publish checklist (from the API, judged by the shared function that
 * also guards the transition): a failing required check disables the button with the API's reason;
 * failing recommended checks are listed and must be confirmed, and the confirmation names them.
 */
export const LifecycleActions = ({ product, role, onChanged, onReload }: LifecycleActionsProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const events = allowedProductEvents(product.state, role);
  const checklist = usePublishChecklist(product.productId, events.some(goesLive));
  const blockerOf = (event: ProductEvent) =>
    goesLive(event) && checklist.data ? productEventBlocker(event, checklist.data) : undefined;
  const blockers = [
    ...new Set(
      events.flatMap((event) => {
        const code = blockerOf(event);
        return code ? [errorMessage(code, lang)] : [];
      }),
    ),
  ];
  const warnings = checklist.data ? checklistWarnings(checklist.data) : [];
  const [pending, setPending] = useState<ProductEvent | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const name = localized(product.name, lang);
  const live = pending !== null && goesLive(pending);
  const mustConfirm = live && warnings.length > 0;

  const close = () => {
    setPending(null);
    setError(null);
    setConfirmed(false);
  };
  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      const changed = await transitionProduct(product.productId, pending, product.version, live ? warnings : []);
      notifications.show({ color: 'green', message: t(`gpProducts.lifecycle.${pending}.done`, { name }) });
      close();
      onChanged(changed);
    } catch (e) {
      setError(e);
      // Someone changed what the checklist judges meanwhile: show the new list, ask again.
      if (isApiError(e) && e.code !== 'VERSION_CONFLICT' && live) {
        setConfirmed(false);
        void checklist.mutate();
      }
    } finally {
      setBusy(false);
    }
  };

  if (events.length === 0) return null;
  return (
    <>
      <Stack gap={4} align="flex-end">
        <Group gap="xs">
          {events.map((event) => (
            <Button
              key={event}
              color={COLORS[event]}
              variant={event === 'PUBLISH' || event === 'REOPEN' ? 'filled' : 'light'}
              disabled={blockerOf(event) !== undefined}
              aria-describedby={blockers.length ? `${product.productId}-blocked` : undefined}
              onClick={() => setPending(event)}
            >
              {PRODUCT_LIFECYCLE.eventLabel(event, lang)}
            </Button>
          ))}
        </Group>
        {blockers.length > 0 && (
          <Text id={`${product.productId}-blocked`} size="sm" c="dimmed" ta="right" maw={320}>
            {blockers.join(' ')}
          </Text>
        )}
      </Stack>
      <Modal
        opened={pending !== null}
        onClose={close}
        title={pending ? t(`gpProducts.lifecycle.${pending}.title`, { name }) : ''}
        centered
        size={live ? 'lg' : 'md'}
      >
        {pending && (
          <Stack gap="md">
            <Text size="sm">{t(`gpProducts.lifecycle.${pending}.body`)}</Text>
            {live && (
              <Stack gap="xs">
                <Text fw={600} size="sm">
                  {t('gpProducts.checklist.title')}
                </Text>
                {checklist.data ? (
                  <PublishChecklistView
                    checklist={checklist.data}
                    productPath={`/gp/products/${product.productId}`}
                    onNavigate={close}
                  />
                ) : (
                  <Group gap="xs" role="status">
                    <Loader size="xs" />
                    <Text size="sm" c="dimmed">
                      {t('gpProducts.checklist.loading')}
                    </Text>
                  </Group>
                )}
                {checklist.data && blockers.length === 0 && warnings.length === 0 && (
                  <Text size="sm" c="teal.9">
                    {t('gpProducts.checklist.allDone')}
                  </Text>
                )}
                {blockers.length > 0 && (
                  <Text size="sm" c="red.9">
                    {t('gpProducts.checklist.blocked')}
                  </Text>
                )}
                {mustConfirm && blockers.length === 0 && (
                  <Checkbox
                    checked={confirmed}
                    onChange={(e) => setConfirmed(e.currentTarget.checked)}
                    label={t('gpProducts.checklist.confirm')}
                  />
                )}
              </Stack>
            )}
            <ConfirmActions
              failure={error}
              isConflict={isVersionConflict}
              conflictTitle={t('gpProducts.conflict.title')}
              conflictBody={t('gpProducts.conflict.body')}
              reloadLabel={t('gpProducts.conflict.reload')}
              onReload={onReload}
              cancelLabel={t('gpProducts.cancel')}
              onCancel={close}
              confirmLabel={t(`gpProducts.lifecycle.${pending}.confirm`)}
              confirmColor={COLORS[pending]}
              busy={busy}
              disabled={live && (!checklist.data || blockers.length > 0 || (mustConfirm && !confirmed))}
              onConfirm={() => void confirm()}
            />
          </Stack>
        )}
      </Modal>
    </>
  );
};
