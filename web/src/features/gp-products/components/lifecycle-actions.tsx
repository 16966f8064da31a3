import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Role } from '@tranche/shared/auth/roles';
import { errorMessage } from '@tranche/shared/errors/catalogue';
import type { GpProduct, ProductEvent } from '@tranche/shared/product/product.schema';
import { allowedProductEvents, productEventBlocker } from '@tranche/shared/product/product-state';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { transitionProduct } from '@/features/gp-products/api/product-mutations';
import { useErrorText, useLang } from '@/i18n/use-lang';
import { localized } from '@/lib/localized';
import { isVersionConflict } from './conflict-alert';

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

/** Publish, unpublish, close and reopen: only the events the lifecycle table allows this role, each confirmed. */
export const LifecycleActions = ({ product, role, onChanged, onReload }: LifecycleActionsProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const events = allowedProductEvents(product.state, role);
  // An event the role may fire but the product is not ready for (publishing without a share class)
  // shows disabled, with the reason the API would give.
  const blockers = events.flatMap((event) => {
    const code = productEventBlocker(event, { shareClasses: product.shareClasses.length });
    return code ? [errorMessage(code, lang)] : [];
  });
  const [pending, setPending] = useState<ProductEvent | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const errorText = useErrorText(error);
  const name = localized(product.name, lang);

  const close = () => {
    setPending(null);
    setError(null);
  };
  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      const changed = await transitionProduct(product.productId, pending, product.version);
      notifications.show({ color: 'green', message: t(`gpProducts.lifecycle.${pending}.done`, { name }) });
      close();
      onChanged(changed);
    } catch (e) {
      setError(e);
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
              disabled={productEventBlocker(event, { shareClasses: product.shareClasses.length }) !== undefined}
              aria-describedby={blockers.length ? `${product.productId}-blocked` : undefined}
              onClick={() => setPending(event)}
            >
              {t(`gpProducts.lifecycle.${event}.action`)}
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
      >
        {pending && (
          <Stack gap="md">
            <Text size="sm">{t(`gpProducts.lifecycle.${pending}.body`)}</Text>
            {error !== null &&
              (isVersionConflict(error) ? (
                <Alert color="orange" variant="light" title={t('gpProducts.conflict.title')} role="alert">
                  <Text size="sm">{t('gpProducts.conflict.body')}</Text>
                  <Button
                    mt="sm"
                    size="xs"
                    variant="white"
                    color="orange"
                    onClick={() => {
                      close();
                      onReload();
                    }}
                  >
                    {t('gpProducts.conflict.reload')}
                  </Button>
                </Alert>
              ) : (
                <Alert color="red" variant="light" role="alert">
                  {errorText}
                </Alert>
              ))}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('gpProducts.cancel')}
              </Button>
              <Button color={COLORS[pending]} loading={busy} onClick={() => void confirm()}>
                {t(`gpProducts.lifecycle.${pending}.confirm`)}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
};
