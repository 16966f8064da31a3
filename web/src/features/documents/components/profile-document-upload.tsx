import { Alert, Text } from '@mantine/core';
import type { ProfileDocument, ProfileDocumentKind } from '@tranche/shared/files/files.schema';
import type { IdDocumentType } from '@tranche/shared/profile/profile-enums';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { addProfileDocument, profileDocumentsKey } from '@/features/documents/api/files';
import { useDocumentsLocales } from '@/features/documents/locales';
import { useErrorText } from '@/i18n/use-lang';
import { DocumentUpload } from './document-upload';

export interface ProfileDocumentUploadProps {
  profileId: string;
  kind: ProfileDocumentKind;
  /** Required for PROOF_OF_IDENTITY (the server refuses it without one, naming the field). */
  idDocumentType?: IdDocumentType;
  /** The entity member the document is about (a director's passport). */
  memberId?: string;
  label: string;
  description?: string;
  disabled?: boolean;
  /** After the document is attached (its PROFILE_DOCUMENT_ADDED event is committed). */
  onAdded?: (document: ProfileDocument) => void;
}

/**
 * Upload, checks, then attach to the profile: what the profile wizard and a "documents requested"
 * task use. The profile's document list (useProfileDocuments) is refreshed once it is attached.
 */
export const ProfileDocumentUpload = ({
  profileId,
  kind,
  idDocumentType,
  memberId,
  label,
  description,
  disabled,
  onAdded,
}: ProfileDocumentUploadProps) => {
  useDocumentsLocales();
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const [attached, setAttached] = useState<string>();
  const [error, setError] = useState<unknown>();
  const errorText = useErrorText(error);

  return (
    <>
      <DocumentUpload
        label={label}
        description={description}
        disabled={disabled}
        onStart={() => {
          setAttached(undefined);
          setError(undefined);
        }}
        onClean={async (file) => {
          setError(undefined);
          setAttached(undefined);
          try {
            const { document } = await addProfileDocument(profileId, {
              fileName: file.fileName,
              kind,
              ...(idDocumentType ? { idDocumentType } : {}),
              ...(memberId ? { memberId } : {}),
            });
            setAttached(file.originalName);
            await mutate(profileDocumentsKey(profileId));
            onAdded?.(document);
          } catch (e) {
            setError(e);
          }
        }}
      />
      <div role="status" aria-live="polite">
        {attached && (
          <Text size="sm" c="teal.9">
            {t('documents.attached', { name: attached })}
          </Text>
        )}
      </div>
      {error !== undefined && (
        <Alert color="red" role="alert">
          {errorText}
        </Alert>
      )}
    </>
  );
};
