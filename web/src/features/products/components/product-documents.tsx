import { Button, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ProductDocument } from '@tranche/shared/product/product.schema';

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { ErrorState } from '@/components/error-state';
import { downloadMarketingFolder, downloadProductDocument } from '@/features/products/api/download-document';
import { useMarketingFolders } from '@/features/products/api/list-marketing-folders';
import { useProductDocuments } from '@/features/products/api/list-product-documents';
import { signInPath } from '@/features/session';
import { useErrorText, useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { formatBytes } from '@/lib/format';
import { localized } from '@/lib/localized';
import { useDownload } from '@/lib/use-download';
import { useHeadingOrder } from './heading-level';
import { SectionFrame } from './section-frame';

const SectionSkeleton = ({ label }: { label: string }) => (
  <div role="status" aria-busy="true">
    <VisuallyHidden>{label}</VisuallyHidden>
    <Stack gap="xs" aria-hidden>
      <Skeleton h={18} w="70%" />
      <Skeleton h={18} w="50%" />
    </Stack>
  </div>
);

/** Loading, "sign in to see documents" or an error with a retry; null once there is data to show. */
const useDocumentsGate = (productId: string, error: unknown, isLoading: boolean, retry: () => void) => {
  const { t } = useTranslation();
  const message = useErrorText(error);
  if (isLoading) return <SectionSkeleton label={t('productPage.loadingSection')} />;
  if (isApiError(error) && error.status === 401)
    return (
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('productPage.signInForDocuments')}</Text>
        <Button component={Link} to={signInPath(`/products/${productId}`)} variant="light">
          {t('productPage.signIn')}
        </Button>
      </Group>
    );
  if (error)
    return <ErrorState title={t('app.errorTitle')} message={message} retryLabel={t('app.retry')} onRetry={retry} />;
  return null;
};

interface DocumentTableProps {
  productId: string;
  documents: readonly ProductDocument[];
  /** Left out where every document is of one kind (marketing folders). */
  showKind?: boolean;
}

const DocumentTable = ({ productId, documents, showKind = true }: DocumentTableProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { busy, download } = useDownload();

  const columns: DataTableColumn<ProductDocument>[] = [
    {
      key: 'title',
      header: t('productPage.documentTitle'),
      rowHeader: true,
      sortValue: (doc) => localized(doc.title, lang),
      render: (doc) => (
        <>
          {localized(doc.title, lang)}
          <Text size="xs" c="dimmed" fw={400}>
            {doc.fileName}
          </Text>
        </>
      ),
    },
    ...(showKind
      ? [
          {
            key: 'kind',
            header: t('productPage.documentKind'),
            sortValue: (doc: ProductDocument) => t(`documentKind.${doc.kind}`),
            render: (doc: ProductDocument) => t(`documentKind.${doc.kind}`),
          },
        ]
      : []),
    {
      key: 'size',
      header: t('productPage.documentSize'),
      align: 'end',
      noWrap: true,
      sortValue: (doc) => doc.size,
      render: (doc) => formatBytes(doc.size, lang),
    },
  ];

  return (
    <DataTable
      label={t('productPage.documents')}
      columns={columns}
      rows={documents}
      rowKey={(doc) => doc.documentId}
      minWidth={showKind ? 520 : 440}
      withTableBorder={false}
      actionsHeader={t('productPage.download')}
      rowActions={(doc) => (
        <Button
          size="compact-sm"
          variant="light"
          aria-label={t('productPage.downloadOf', { title: localized(doc.title, lang) })}
          loading={busy === doc.documentId}
          onClick={() => void download(doc.documentId, () => downloadProductDocument(productId, doc.documentId))}
        >
          {t('productPage.download')}
        </Button>
      )}
    />
  );
};

const ready = (docs: readonly ProductDocument[] | undefined) => (docs ?? []).filter((d) => d.state === 'READY');

/** Offering, legal, report and other documents (marketing documents have their own section). */
export const DocumentsSection = ({ productId }: { productId: string }) => {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useProductDocuments(productId);
  const gate = useDocumentsGate(productId, error, isLoading, () => void mutate());
  const documents = ready(data?.items).filter((d) => d.kind !== 'MARKETING');
  return (
    <SectionFrame title={t('productPage.documents')}>
      {gate ??
        (documents.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('productPage.noDocuments')}
          </Text>
        ) : (
          <DocumentTable productId={productId} documents={documents} />
        ))}
    </SectionFrame>
  );
};

/** Marketing documents, by folder, each folder downloadable as one zip. */
export const MarketingSection = ({ productId }: { productId: string }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const docs = useProductDocuments(productId);
  const folders = useMarketingFolders(productId);
  const gate = useDocumentsGate(productId, docs.error ?? folders.error, docs.isLoading || folders.isLoading, () => {
    void docs.mutate();
    void folders.mutate();
  });
  const { busy: zipping, download } = useDownload();
  const folderOrder = useHeadingOrder(3);
  const marketing = ready(docs.data?.items).filter((d) => d.kind === 'MARKETING');
  const folderList = folders.data?.items ?? [];
  const unfiled = marketing.filter((d) => !d.folderId || !folderList.some((f) => f.folderId === d.folderId));

  if (gate) return <SectionFrame title={t('productPage.marketing')}>{gate}</SectionFrame>;
  return (
    <SectionFrame title={t('productPage.marketing')}>
      {marketing.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('productPage.noFolders')}
        </Text>
      ) : (
        <Stack gap="lg">
          {folderList.map((folder) => {
            const inFolder = marketing.filter((d) => d.folderId === folder.folderId);
            if (inFolder.length === 0) return null;
            const name = localized(folder.name, lang);
            return (
              <Stack key={folder.folderId} gap="xs">
                <Group justify="space-between" gap="sm">
                  <div>
                    <Title order={folderOrder} size="h5">
                      {name}
                    </Title>
                    <Text size="xs" c="dimmed">
                      {t('productPage.folderDocuments', { count: inFolder.length })}
                    </Text>
                  </div>
                  <Button
                    size="compact-sm"
                    variant="default"
                    loading={zipping === folder.folderId}
                    aria-label={t('productPage.downloadZipOf', { name })}
                    onClick={() =>
                      void download(folder.folderId, () => downloadMarketingFolder(productId, folder.folderId))
                    }
                  >
                    {t('productPage.downloadZip')}
                  </Button>
                </Group>
                <DocumentTable productId={productId} documents={inFolder} showKind={false} />
              </Stack>
            );
          })}
          {unfiled.length > 0 && <DocumentTable productId={productId} documents={unfiled} showKind={false} />}
        </Stack>
      )}
    </SectionFrame>
  );
};
