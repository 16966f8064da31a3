import { Container, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  PROFILE_DOCUMENT_KIND_LABELS,
  PROFILE_DOCUMENT_KINDS,
  type ProfileDocumentKind,
} from '@tranche/shared/files/files.schema';
import { ID_DOCUMENT_TYPE_LABELS, ID_DOCUMENT_TYPES, type IdDocumentType } from '@tranche/shared/profile/profile-enums';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { ProfileDocumentUpload } from '@/features/documents/components/profile-document-upload';
import { ProfileDocumentsList } from '@/features/documents/components/profile-documents-list';
import { useDocumentsLocales } from '@/features/documents/locales';
import { useTenant } from '@/features/tenant';
import { useLang } from '@/i18n/use-lang';

/**
 * /profiles/:profileId/documents: where the KYC_DOCUMENTS_REQUIRED task leads (its path), and where an
 * investor adds or removes a profile's documents at any time: choose what the document is, upload it
 * (progress, then the checks), and it joins the list. Another investor's profile lists as not found.
 */
export const ProfileDocumentsPage = () => {
  useDocumentsLocales();
  const { t } = useTranslation();
  const lang = useLang();
  const tenant = useTenant();
  const { profileId = '' } = useParams();
  useDocumentTitle(`${t('documents.pageTitle')} · ${tenant.branding.displayName}`);
  const [kind, setKind] = useState<ProfileDocumentKind>('PROOF_OF_IDENTITY');
  const [idType, setIdType] = useState<IdDocumentType | null>(null);
  const needsIdType = kind === 'PROOF_OF_IDENTITY';

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <BackLink to={`/profiles/${profileId}`}>{t('documents.backToProfile')}</BackLink>
        <Title order={1}>{t('documents.pageTitle')}</Title>
        <Paper withBorder p="md" radius="md">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('documents.addTitle')}
            </Title>
            <Select
              label={t('documents.kind')}
              data={PROFILE_DOCUMENT_KINDS.map((k) => ({ value: k, label: PROFILE_DOCUMENT_KIND_LABELS[k][lang] }))}
              value={kind}
              onChange={(value) => value && setKind(value as ProfileDocumentKind)}
              allowDeselect={false}
            />
            {needsIdType && (
              <Select
                label={t('documents.idType')}
                required
                placeholder={t('documents.idTypePlaceholder')}
                data={ID_DOCUMENT_TYPES.map((k) => ({ value: k, label: ID_DOCUMENT_TYPE_LABELS[k][lang] }))}
                value={idType}
                onChange={(value) => setIdType(value as IdDocumentType | null)}
              />
            )}
            {needsIdType && !idType && (
              <Text size="sm" c="dimmed">
                {t('documents.idTypeFirst')}
              </Text>
            )}
            <ProfileDocumentUpload
              profileId={profileId}
              kind={kind}
              {...(needsIdType && idType ? { idDocumentType: idType } : {})}
              label={t('documents.uploadButton')}
              disabled={needsIdType && !idType}
            />
          </Stack>
        </Paper>
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('documents.listTitle')}
          </Title>
          <ProfileDocumentsList profileId={profileId} canDelete />
        </Stack>
      </Stack>
    </Container>
  );
};
