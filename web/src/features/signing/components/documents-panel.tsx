import { Alert, Button, FileButton, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { SigningDocument } from '@tranche/shared/signing/signing.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StorageRefused, uploadSigningPdf } from '@/features/signing/api/upload';
import { useErrorText } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';

interface DocumentsPanelProps {
  documents: readonly SigningDocument[];
  activeId: string | null;
  onOpen: (documentId: string) => void;
  /** Adds the checked file (READY) to the project's documents. */
  onAdd: (file: { fileId: string; name: string }) => Promise<void>;
  onRemove: (documentId: string) => Promise<void>;
}

/**
 * The project's PDFs: upload (registered, sent straight to storage, checked by the server: over 25 MB,
 * encrypted or malformed files are refused with the catalogue's words), open one, remove one.
 */
export const DocumentsPanel = ({ documents, activeId, onOpen, onAdd, onRemove }: DocumentsPanelProps) => {
  const { t } = useTranslation();
  const [stage, setStage] = useState<{ name: string; step: 'uploading' | 'checking' } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const apiText = useErrorText(failure);
  const failureText =
    failure instanceof StorageRefused || !isApiError(failure) ? t('signing.editor.uploadFailed') : apiText;

  const upload = async (file: File | null) => {
    if (!file) return;
    setFailure(null);
    try {
      const pdf = await uploadSigningPdf(file, (step) => setStage({ name: file.name, step }));
      await onAdd({ fileId: pdf.fileId, name: file.name.replace(/\.pdf$/i, '') || file.name });
    } catch (error) {
      setFailure(error);
    } finally {
      setStage(null);
    }
  };

  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('signing.editor.documents')}
      </Title>
      {documents.length === 0 && !stage && (
        <Text size="sm" c="dimmed">
          {t('signing.editor.noDocuments')}
        </Text>
      )}
      {documents.map((d) => (
        <Group key={d.documentId} justify="space-between" wrap="nowrap" gap="xs">
          <UnstyledButton
            onClick={() => onOpen(d.documentId)}
            aria-current={d.documentId === activeId ? 'true' : undefined}
            fw={d.documentId === activeId ? 700 : 400}
            style={{ overflowWrap: 'anywhere', textDecoration: d.documentId === activeId ? 'underline' : undefined }}
          >
            {d.name}{' '}
            <Text component="span" size="xs" c="dimmed">
              ({t('signing.pageCount', { count: d.pages.length })})
            </Text>
          </UnstyledButton>
          <Button
            variant="subtle"
            color="red"
            size="compact-xs"
            aria-label={t('signing.editor.removeDocument', { name: d.name })}
            onClick={() => void onRemove(d.documentId)}
          >
            {t('signing.editor.remove')}
          </Button>
        </Group>
      ))}
      {stage && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">
            {t(stage.step === 'uploading' ? 'signing.editor.uploading' : 'signing.editor.checking', {
              name: stage.name,
            })}
          </Text>
        </Group>
      )}
      {failure !== null && (
        <Alert color="red" role="alert">
          {failureText}
        </Alert>
      )}
      <FileButton onChange={(f) => void upload(f)} accept="application/pdf,.pdf">
        {(props) => (
          <Button {...props} variant="default" disabled={!!stage} data-testid="signing-upload">
            {t('signing.editor.upload')}
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        {t('signing.editor.uploadHint')}
      </Text>
    </Stack>
  );
};
