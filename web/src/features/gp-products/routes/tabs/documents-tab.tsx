import { Badge, Button, Grid, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { ProductDocumentKind } from '@tranche/shared/enums';
import { type ProductDocument, UpdateProductDocumentSchema } from '@tranche/shared/product/product.schema';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LoadError } from '@/components/error-state';
import { deleteProductDocument, updateProductDocument } from '@/features/gp-products/api/document-mutations';
import { ConfirmDeleteModal } from '@/features/gp-products/components/confirm-delete-modal';
import { SaveErrorAlert } from '@/features/gp-products/components/conflict-alert';
import { DocumentUpload } from '@/features/gp-products/components/document-upload';
import { FolderManager } from '@/features/gp-products/components/folder-manager';
import { DocumentKindFields, FormButtons, LocalizedFields } from '@/features/gp-products/components/form-fields';
import { RowDeleteButton, RowEditButton } from '@/features/gp-products/components/row-actions';
import { type LocalizedValues, localizedInput, textValues } from '@/features/gp-products/lib/form-values';
import { schemaResolver, useSaveSubmit } from '@/features/gp-products/lib/validation';
import type { ProductTabProps } from '@/features/gp-products/routes/product-page';
import {
  downloadProductDocument,
  type MarketingFolder,
  useMarketingFolders,
  useProductDocuments,
} from '@/features/products';
import { useLang } from '@/i18n/use-lang';
import { formatBytes } from '@/lib/format';
import { localized } from '@/lib/localized';
import { notifications } from '@/lib/notifications';
import { useDownload } from '@/lib/use-download';
import { ReadOnlyNotice } from './read-only-notice';
import { TabSkeleton } from './tab-skeleton';

const STATE_COLORS: Record<ProductDocument['state'], string> = { UPLOADING: 'blue', READY: 'green', REJECTED: 'red' };

/** The product's documents (upload, rename, move, remove) and its marketing folders. */
export const DocumentsTab = ({ product, role, canEdit, reload }: ProductTabProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const productId = product.productId;
  const docs = useProductDocuments(productId);
  const folders = useMarketingFolders(productId);
  const [editing, setEditing] = useState<ProductDocument | null>(null);
  const [deleting, setDeleting] = useState<ProductDocument | null>(null);
  const { busy, download } = useDownload();
  const folderList = folders.data?.items ?? [];
  const documents = docs.data?.items ?? [];
  // The publish checklist and the history change with the documents too.
  const refresh = () => Promise.all([docs.mutate(), folders.mutate(), reload()]);

  if (docs.error || folders.error)
    return <LoadError error={docs.error ?? folders.error} onRetry={() => void refresh()} />;
  if (docs.isLoading || folders.isLoading) return <TabSkeleton height={200} />;

  const folderName = (folderId: string | undefined) => {
    const folder = folderList.find((f) => f.folderId === folderId);
    return folder ? localized(folder.name, lang) : '';
  };

  const documentColumns: DataTableColumn<ProductDocument>[] = [
    {
      key: 'title',
      header: t('productPage.documentTitle'),
      rowHeader: true,
      sortValue: (doc) => localized(doc.title, lang),
      render: (doc) => (
        <>
          {localized(doc.title, lang)}
          <Text size="xs" c="dimmed" fw={400}>
            {doc.fileName} · {formatBytes(doc.size, lang)}
          </Text>
        </>
      ),
    },
    {
      key: 'kind',
      header: t('productPage.documentKind'),
      sortValue: (doc) => t(`documentKind.${doc.kind}`),
      render: (doc) => (
        <>
          {t(`documentKind.${doc.kind}`)}
          {doc.folderId && (
            <Text size="xs" c="dimmed">
              {folderName(doc.folderId)}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'state',
      header: t('gpProducts.documents.state'),
      sortValue: (doc) => t(`gpProducts.documents.states.${doc.state}`),
      render: (doc) => (
        <Badge variant="light" radius="sm" color={STATE_COLORS[doc.state]}>
          {t(`gpProducts.documents.states.${doc.state}`)}
        </Badge>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <ReadOnlyNotice product={product} role={role} canEdit={canEdit} />
      <Title order={2} size="h3">
        {t('productPage.documents')}
      </Title>
      <Grid gap="lg">
        {canEdit && (
          <Grid.Col span={{ base: 12, md: 7 }}>
            <DocumentUpload productId={productId} folders={folderList} onUploaded={() => void refresh()} />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: canEdit ? 5 : 12 }}>
          <FolderManager productId={productId} folders={folderList} canEdit={canEdit} onChanged={refresh} />
        </Grid.Col>
      </Grid>
      <DataTable
        label={t('productPage.documents')}
        columns={documentColumns}
        rows={documents}
        rowKey={(doc) => doc.documentId}
        minWidth={640}
        actionsHeader={t('gpProducts.actions')}
        rowActions={(doc) => {
          const title = localized(doc.title, lang);
          return (
            <>
              {doc.state === 'READY' && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  loading={busy === doc.documentId && !deleting}
                  aria-label={t('productPage.downloadOf', { title })}
                  onClick={() =>
                    void download(doc.documentId, () => downloadProductDocument(productId, doc.documentId))
                  }
                >
                  {t('productPage.download')}
                </Button>
              )}
              {canEdit && (
                <>
                  <RowEditButton name={title} onClick={() => setEditing(doc)} />
                  <RowDeleteButton name={title} onClick={() => setDeleting(doc)} />
                </>
              )}
            </>
          );
        }}
        empty={
          <Text c="dimmed" size="sm">
            {t('gpProducts.documents.empty')}
          </Text>
        }
      />

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('gpProducts.documents.editTitle')}
        size="lg"
      >
        {editing && (
          <DocumentForm
            document={editing}
            folders={folderList}
            onCancel={() => setEditing(null)}
            onSubmit={async (input) => {
              await updateProductDocument(productId, editing.documentId, input);
              notifications.show({ color: 'green', message: t('gpProducts.documents.saved') });
              setEditing(null);
              await refresh();
            }}
            onReload={() => {
              setEditing(null);
              void refresh();
            }}
          />
        )}
      </Modal>

      <ConfirmDeleteModal
        item={deleting}
        onClose={() => setDeleting(null)}
        title={t('gpProducts.documents.deleteTitle')}
        body={(doc) => t('gpProducts.documents.deleteBody', { title: localized(doc.title, lang) })}
        onConfirm={async (doc) => {
          await deleteProductDocument(productId, doc.documentId);
          notifications.show({ color: 'green', message: t('gpProducts.documents.deleted') });
        }}
        onDeleted={refresh}
      />
    </Stack>
  );
};

interface DocumentValues {
  kind: ProductDocumentKind;
  title: LocalizedValues;
  folderId: string;
  version: number;
}
type DocumentInput = z.output<typeof UpdateProductDocumentSchema>;

const documentResolver = schemaResolver<DocumentValues, DocumentInput>(UpdateProductDocumentSchema, (v) => ({
  kind: v.kind,
  title: localizedInput(v.title),
  version: v.version,
  ...(v.kind === 'MARKETING' && v.folderId ? { folderId: v.folderId } : {}),
}));

const DocumentForm = ({
  document,
  folders,
  onSubmit,
  onCancel,
  onReload,
}: {
  document: ProductDocument;
  folders: readonly MarketingFolder[];
  onSubmit: (input: DocumentInput) => Promise<void>;
  onCancel: () => void;
  onReload: () => void;
}) => {
  const { t } = useTranslation();
  const form = useForm<DocumentValues, unknown, DocumentInput>({
    defaultValues: {
      kind: document.kind,
      title: textValues(document.title),
      folderId: document.folderId ?? '',
      version: document.version,
    },
    resolver: documentResolver,
  });
  const { submit, saveError } = useSaveSubmit(form, onSubmit);
  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <LocalizedFields name="title" label={t('gpProducts.documents.titleField')} required maxLength={200} />
          <Group grow align="flex-start">
            <DocumentKindFields folders={folders} />
          </Group>
          <SaveErrorAlert error={saveError} onReload={onReload} />
          <FormButtons submitLabel={t('gpProducts.save')} onCancel={onCancel} />
        </Stack>
      </form>
    </FormProvider>
  );
};
