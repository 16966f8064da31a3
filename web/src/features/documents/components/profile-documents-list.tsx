import { ActionIcon, Button, Group, Modal, Text, Tooltip } from '@mantine/core';
import { PROFILE_DOCUMENT_KIND_LABELS, type ProfileDocument } from '@tranche/shared/files/files.schema';
import { ID_DOCUMENT_TYPE_LABELS } from '@tranche/shared/profile/profile-enums';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { deleteProfileDocument, documentLink, useProfileDocuments } from '@/features/documents/api/files';
import { useDocumentsLocales } from '@/features/documents/locales';
import { useErrorText, useLang } from '@/i18n/use-lang';
import { formatDateTime } from '@/lib/format';

export interface ProfileDocumentsListProps {
  profileId: string;
  /** The manager's view: the tenant's id (listTenantProfileDocuments); read-only. */
  tenantId?: string;
  /** The owner may remove documents (the server refuses while the profile is under review). */
  canDelete?: boolean;
  /** Names of the entity's people by member id: a document about one of them says whom. */
  memberNames?: Readonly<Record<string, string>>;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

const DownloadIcon = () => (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    <path d="M8 1v9m0 0L4.5 6.5M8 10l3.5-3.5M2 12v2h12v-2" fill="none" stroke="currentColor" strokeWidth="1.6" />
  </svg>
);
const RemoveIcon = () => (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    <path d="M3 4h10M6 4V2h4v2M4.5 4l.7 10h5.6l.7-10" fill="none" stroke="currentColor" strokeWidth="1.6" />
  </svg>
);

/**
 * A profile's documents: what it is (kind, ID type), the file as the investor named it, size and
 * date; download asks for a fresh short-lived link each time (so links are never stale or shared).
 */
export const ProfileDocumentsList = ({
  profileId,
  tenantId,
  canDelete = false,
  memberNames = {},
}: ProfileDocumentsListProps) => {
  useDocumentsLocales();
  const { t } = useTranslation();
  const lang = useLang();
  const { data, error, isLoading, mutate } = useProfileDocuments(profileId, tenantId);
  const [removing, setRemoving] = useState<ProfileDocument | null>(null);
  const [actionError, setActionError] = useState<unknown>();
  const actionErrorText = useErrorText(actionError);

  const download = async (doc: ProfileDocument) => {
    setActionError(undefined);
    try {
      const { download: link } = await documentLink(doc);
      window.location.assign(link.url);
    } catch (e) {
      setActionError(e);
    }
  };

  const kindText = (doc: ProfileDocument) =>
    [
      PROFILE_DOCUMENT_KIND_LABELS[doc.kind][lang],
      doc.idDocumentType && ID_DOCUMENT_TYPE_LABELS[doc.idDocumentType][lang],
      doc.memberId && (memberNames[doc.memberId] ?? t('documents.aboutPerson')),
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <>
      {actionError !== undefined && (
        <Text role="alert" c="red.8" size="sm">
          {actionErrorText}
        </Text>
      )}
      <DataTable
        label={t('documents.listLabel')}
        loading={isLoading}
        error={error}
        onRetry={() => void mutate()}
        rows={data?.items ?? []}
        rowKey={(doc) => doc.documentId}
        columns={[
          { key: 'kind', header: t('documents.kind'), rowHeader: true, render: kindText },
          { key: 'file', header: t('documents.file'), render: (doc) => doc.originalName },
          { key: 'size', header: t('documents.size'), align: 'end', noWrap: true, render: (doc) => sizeText(doc.size) },
          {
            key: 'added',
            header: t('documents.added'),
            noWrap: true,
            sortValue: (doc) => doc.addedAt,
            render: (doc) => formatDateTime(doc.addedAt, lang),
          },
        ]}
        actionsHeader={t('documents.actions')}
        rowActions={(doc) => (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('documents.download', { name: doc.originalName })}>
              <ActionIcon
                variant="subtle"
                aria-label={t('documents.download', { name: doc.originalName })}
                onClick={() => void download(doc)}
              >
                <DownloadIcon />
              </ActionIcon>
            </Tooltip>
            {canDelete && !tenantId && (
              <Tooltip label={t('documents.delete', { name: doc.originalName })}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('documents.delete', { name: doc.originalName })}
                  onClick={() => setRemoving(doc)}
                >
                  <RemoveIcon />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        )}
        empty={
          <Text size="sm" c="dimmed">
            {t('documents.empty')}
          </Text>
        }
      />
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={t('documents.deleteTitle')}>
        {removing && (
          <>
            <Text size="sm">{t('documents.deleteBody', { name: removing.originalName })}</Text>
            <Group justify="flex-end" mt="md">
              <Button variant="default" onClick={() => setRemoving(null)}>
                {t('documents.keep')}
              </Button>
              <Button
                color="red"
                onClick={async () => {
                  const doc = removing;
                  setRemoving(null);
                  setActionError(undefined);
                  try {
                    await deleteProfileDocument(doc.profileId, doc.documentId);
                    await mutate();
                  } catch (e) {
                    setActionError(e);
                  }
                }}
              >
                {t('documents.deleteConfirm')}
              </Button>
            </Group>
          </>
        )}
      </Modal>
    </>
  );
};
