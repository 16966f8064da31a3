import { Button, Group, Modal, Stack, Title } from '@mantine/core';
import type { ShareClass, ShareClassInput } from '@tranche/shared/product/product.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { NoticePanel } from '@/components/notice-panel';
import { createShareClass, deleteShareClass, updateShareClass } from '@/features/gp-products/api/share-class-mutations';
import { ConfirmDeleteModal } from '@/features/gp-products/components/confirm-delete-modal';
import { RowDeleteButton, RowEditButton } from '@/features/gp-products/components/row-actions';
import { ShareClassForm } from '@/features/gp-products/components/share-class-form';
import { currencyOptions, emptyShareClassValues, shareClassValues } from '@/features/gp-products/lib/form-values';
import type { ProductTabProps } from '@/features/gp-products/routes/product-page';
import { feeText, shareClassIdentityColumns } from '@/features/products';
import { useTenant } from '@/features/tenant';
import { useLang } from '@/i18n/use-lang';
import { formatMoney } from '@/lib/format';
import { localized } from '@/lib/localized';
import { notifications } from '@/lib/notifications';
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

  const columns: DataTableColumn<ShareClass>[] = [
    ...shareClassIdentityColumns(t, lang),
    {
      key: 'minInvestment',
      header: t('product.minInvestment'),
      align: 'end',
      render: (sc) => formatMoney(sc.minInvestment, sc.currency, lang),
    },
    {
      key: 'managementFee',
      header: t('product.managementFee'),
      align: 'end',
      render: (sc) => feeText(sc.managementFee, sc.currency, lang, t),
    },
    {
      key: 'subscriptionFee',
      header: t('product.subscriptionFee'),
      align: 'end',
      render: (sc) => feeText(sc.subscriptionFee, sc.currency, lang, t),
    },
  ];

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
      <DataTable
        label={t('product.shareClasses')}
        columns={columns}
        rows={classes}
        rowKey={(sc) => sc.shareClassId}
        minWidth={760}
        actionsHeader={t('gpProducts.actions')}
        rowActions={
          canEdit
            ? (sc) => {
                const name = localized(sc.name, lang);
                return (
                  <>
                    <RowEditButton name={name} onClick={() => setEditing({ mode: 'edit', shareClass: sc })} />
                    {canDelete && <RowDeleteButton name={name} onClick={() => setDeleting(sc)} />}
                  </>
                );
              }
            : undefined
        }
        empty={
          <NoticePanel title={t('gpProducts.shareClasses.emptyTitle')} headingOrder={3}>
            {t('gpProducts.shareClasses.emptyBody')}
          </NoticePanel>
        }
      />

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
