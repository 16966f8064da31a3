import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { MarketingFolderInputSchema } from '@tranche/shared/product/product.schema';
import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { DataTable } from '@/components/data-table';
import {
  createMarketingFolder,
  deleteMarketingFolder,
  updateMarketingFolder,
} from '@/features/gp-products/api/document-mutations';
import { type LocalizedValues, localizedInput, textValues } from '@/features/gp-products/lib/form-values';
import { schemaResolver, useSaveSubmit } from '@/features/gp-products/lib/validation';
import type { MarketingFolder } from '@/features/products';
import { useLang } from '@/i18n/use-lang';
import { localized } from '@/lib/localized';
import { notifications } from '@/lib/notifications';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { SaveErrorAlert } from './conflict-alert';
import { FormButtons, LocalizedFields } from './form-fields';
import { RowDeleteButton, RowEditButton } from './row-actions';

type FolderInput = z.output<typeof MarketingFolderInputSchema>;
const resolver = schemaResolver<{ name: LocalizedValues }, FolderInput>(MarketingFolderInputSchema, (v) => ({
  name: localizedInput(v.name),
}));

interface FolderManagerProps {
  productId: string;
  folders: readonly MarketingFolder[];
  canEdit: boolean;
  onChanged: () => Promise<unknown>;
}

/** Marketing folders: investors download each one as a zip. Only empty folders can be removed. */
export const FolderManager = ({ productId, folders, canEdit, onChanged }: FolderManagerProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const headingId = useId();
  const [editing, setEditing] = useState<MarketingFolder | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MarketingFolder | null>(null);

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4" id={headingId}>
          {t('gpProducts.folders.title')}
        </Title>
        {canEdit && (
          <Button variant="light" size="xs" onClick={() => setEditing('new')}>
            {t('gpProducts.folders.add')}
          </Button>
        )}
      </Group>
      <DataTable
        label={t('gpProducts.folders.title')}
        columns={[
          {
            key: 'name',
            header: t('gpProducts.list.name'),
            rowHeader: true,
            sortValue: (folder: MarketingFolder) => localized(folder.name, lang),
            render: (folder: MarketingFolder) => (
              <>
                {localized(folder.name, lang)}
                <Text size="xs" c="dimmed" fw={400}>
                  {t('productPage.folderDocuments', { count: folder.documentCount })}
                </Text>
              </>
            ),
          },
        ]}
        rows={folders}
        rowKey={(folder) => folder.folderId}
        withTableBorder={false}
        actionsHeader={t('gpProducts.actions')}
        rowActions={
          canEdit
            ? (folder) => {
                const name = localized(folder.name, lang);
                return (
                  <>
                    <RowEditButton rename name={name} onClick={() => setEditing(folder)} />
                    <RowDeleteButton name={name} onClick={() => setDeleting(folder)} />
                  </>
                );
              }
            : undefined
        }
        empty={
          <Text size="sm" c="dimmed">
            {t('gpProducts.folders.empty')}
          </Text>
        }
      />

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('gpProducts.folders.addTitle') : t('gpProducts.folders.renameTitle')}
        size="lg"
      >
        {editing !== null && (
          <FolderForm
            folder={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onSubmit={async (name) => {
              if (editing === 'new') await createMarketingFolder(productId, name);
              else await updateMarketingFolder(productId, editing.folderId, name, editing.version);
              notifications.show({ color: 'green', message: t('gpProducts.folders.saved') });
              setEditing(null);
              await onChanged();
            }}
            onReload={() => {
              setEditing(null);
              void onChanged();
            }}
          />
        )}
      </Modal>

      <ConfirmDeleteModal
        item={deleting}
        onClose={() => setDeleting(null)}
        title={t('gpProducts.folders.deleteTitle')}
        body={(folder) => t('gpProducts.folders.deleteBody', { name: localized(folder.name, lang) })}
        onConfirm={async (folder) => {
          await deleteMarketingFolder(productId, folder.folderId);
          notifications.show({ color: 'green', message: t('gpProducts.folders.deleted') });
        }}
        onDeleted={onChanged}
      />
    </Paper>
  );
};

const FolderForm = ({
  folder,
  onSubmit,
  onCancel,
  onReload,
}: {
  folder: MarketingFolder | null;
  onSubmit: (name: FolderInput['name']) => Promise<void>;
  onCancel: () => void;
  onReload: () => void;
}) => {
  const { t } = useTranslation();
  const form = useForm<{ name: LocalizedValues }, unknown, FolderInput>({
    defaultValues: { name: textValues(folder?.name) },
    resolver,
  });
  const { submit, saveError } = useSaveSubmit(form, (input) => onSubmit(input.name));
  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <LocalizedFields name="name" label={t('gpProducts.folders.name')} required maxLength={200} />
          <SaveErrorAlert error={saveError} onReload={onReload} />
          <FormButtons submitLabel={t('gpProducts.save')} onCancel={onCancel} />
        </Stack>
      </form>
    </FormProvider>
  );
};
