import { Button, Group, Modal, Stack, Table, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ShareClass, ShareClassInput } from '@tranche/shared/product/product.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoticePanel } from '@/components/notice-panel';
import { ScrollX } from '@/components/scroll-x';
import { createShareClass, deleteShareClass, updateShareClass } from '@/features/gp-products/api/share-class-mutations';
import { ConfirmDeleteModal } from '@/features/gp-products/components/confirm-delete-modal';
import { RowDeleteButton, RowEditButton } from '@/features/gp-products/components/row-actions';
import { ShareClassForm } from '@/features/gp-products/components/share-class-form';
import { currencyOptions, emptyShareClassValues, shareClassValues } from '@/features/gp-products/lib/form-values';
import type { ProductTabProps } from '@/features/gp-products/routes/product-page';
import { feeText } from '@/features/products/components/fee-text';
import { useTenant } from '@/features/tenant/tenant-context';
import { useLang } from '@/i18n/use-lang';
import { formatMoney } from '@/lib/format';
import { localized } from '@/lib/localized';
import { ReadOnlyNotice } from './read-only-notice';

type Editing = { mode: 'new' } | { mode: 'edit'; shareClass: ShareClass };

/** The product's share classes: add, change and (on drafts) remove them. */
export const ShareClassesTab = ({ product, role, canEdit, reload }: ProductTabProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const tenant = useTenant();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<ShareClass | null>(null);
  const currencies = currencyOptions(tenant.currencies, product.currency);
  const classes = product.shareClasses;
  const canDelete = canEdit && product.state === 'DRAFT';

  const save = async (input: ShareClassInput) => {
    if (!editing) return;
    if (editing.mode === 'new') await createShareClass(product.productId, input);
    else
      await updateShareClass(
        product.productId,
        editing.shareClass.shareClassId,
        input,
        editing.shareClass.version ?? 1,
      );
    notifications.show({ color: 'green', message: t('gpProducts.shareClasses.saved') });
    setEditing(null);
    await reload();
  };

  return (
    <Stack gap="md">
      <ReadOnlyNotice product={product} role={role} canEdit={canEdit} />
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('product.shareClasses')}
        </Title>
        {canEdit && <Button onClick={() => setEditing({ mode: 'new' })}>{t('gpProducts.shareClasses.add')}</Button>}
      </Group>
      {classes.length === 0 ? (
        <NoticePanel title={t('gpProducts.shareClasses.emptyTitle')} headingOrder={3}>
          {t('gpProducts.shareClasses.emptyBody')}
        </NoticePanel>
      ) : (
        <ScrollX label={t('product.shareClasses')}>
          <Table miw={760} verticalSpacing="sm" withTableBorder bg="var(--mantine-color-body)">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('product.shareClass')}</Table.Th>
                <Table.Th scope="col">{t('product.currency')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('product.minInvestment')}
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('product.managementFee')}
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('product.subscriptionFee')}
                </Table.Th>
                {canEdit && (
                  <Table.Th scope="col" ta="end">
                    {t('gpProducts.actions')}
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {classes.map((sc) => {
                const name = localized(sc.name, lang);
                return (
                  <Table.Tr key={sc.shareClassId}>
                    <Table.Th scope="row">{name}</Table.Th>
                    <Table.Td>{sc.currency}</Table.Td>
                    <Table.Td ta="end">{formatMoney(sc.minInvestment, sc.currency, lang)}</Table.Td>
                    <Table.Td ta="end">{feeText(sc.managementFee, sc.currency, lang, t)}</Table.Td>
                    <Table.Td ta="end">{feeText(sc.subscriptionFee, sc.currency, lang, t)}</Table.Td>
                    {canEdit && (
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <RowEditButton name={name} onClick={() => setEditing({ mode: 'edit', shareClass: sc })} />
                          {canDelete && <RowDeleteButton name={name} onClick={() => setDeleting(sc)} />}
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollX>
      )}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing?.mode === 'edit' ? t('gpProducts.shareClasses.editTitle') : t('gpProducts.shareClasses.addTitle')
        }
        size="xl"
      >
        {editing && (
          <ShareClassForm
            defaultValues={
              editing.mode === 'edit' ? shareClassValues(editing.shareClass) : emptyShareClassValues(product.currency)
            }
            currencies={currencies}
            onSubmit={save}
            onCancel={() => setEditing(null)}
            onReload={() => {
              setEditing(null);
              void reload();
            }}
            submitLabel={t('gpProducts.shareClasses.save')}
          />
        )}
      </Modal>

      <ConfirmDeleteModal
        item={deleting}
        onClose={() => setDeleting(null)}
        title={t('gpProducts.shareClasses.deleteTitle')}
        body={(sc) => t('gpProducts.shareClasses.deleteBody', { name: localized(sc.name, lang) })}
        onConfirm={async (sc) => {
          await deleteShareClass(product.productId, sc.shareClassId);
          notifications.show({ color: 'green', message: t('gpProducts.shareClasses.deleted') });
        }}
        onDeleted={reload}
      />
    </Stack>
  );
};
