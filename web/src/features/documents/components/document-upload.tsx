import { Alert, Button, FileButton, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { errorMessage, isErrorCode } from '@tranche/shared/errors/catalogue';
import {
  FILE_LIMITS,
  type FilePurpose,
  PROFILE_DOCUMENT_CONTENT_TYPES,
  type ProfileDocumentContentType,
  type UploadedFile,
} from '@tranche/shared/files/files.schema';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerUpload, sendToStorage, UploadFailed, waitForVerdict } from '@/features/documents/api/files';
import { useDocumentsLocales } from '@/features/documents/locales';
import { useErrorText, useLang } from '@/i18n/use-lang';

export interface DocumentUploadProps {
  /** The button's purpose in words ("Upload your passport"), also the group's accessible name. */
  label: string;
  /** What to upload, under the label. */
  description?: string;
  purpose?: FilePurpose;
  disabled?: boolean;
  /** Called once the file is CLEAN: attach it (ProfileDocumentUpload does), or keep its name. */
  onClean: (file: UploadedFile) => void | Promise<void>;
  /** Called when the checks refused the file (the component already shows why). */
  onRefused?: (file: UploadedFile) => void;
  /** Called when a new file is picked, so the caller can clear what it said about the last one. */
  onStart?: () => void;
}

type State =
  | { step: 'idle' }
  | { step: 'uploading'; name: string; fraction: number }
  | { step: 'scanning'; name: string }
  | { step: 'slow'; name: string }
  | { step: 'clean'; name: string }
  | { step: 'refused'; name: string; file: UploadedFile }
  | { step: 'failed'; name: string; error: unknown }
  | { step: 'invalid'; message: string }
  | { step: 'cancelled' };

/** What the browser says a file is, or the HEIC type phones' photos often arrive without. */
const declaredType = (file: File): ProfileDocumentContentType | undefined => {
  const type = file.type || (/\.hei[cf]$/i.test(file.name) ? 'image/heic' : '');
  return (PROFILE_DOCUMENT_CONTENT_TYPES as readonly string[]).includes(type)
    ? (type as ProfileDocumentContentType)
    : undefined;
};

/**
 * Uploads one identity or proof document: the investor picks a file, it goes straight to storage
 * with a progress bar, then the page follows the server's checks (its type, then the malware scan)
 * until the file is clean or refused, and says why when it is refused. Every state is announced
 * (a polite live region; a refusal is an alert). Nothing is shown or linked before the file is clean.
 */
export const DocumentUpload = ({
  label,
  description,
  purpose = 'PROFILE_DOCUMENT',
  disabled,
  onClean,
  onRefused,
  onStart,
}: DocumentUploadProps) => {
  useDocumentsLocales();
  const { t } = useTranslation();
  const lang = useLang();
  const [state, setState] = useState<State>({ step: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const descriptionId = useId();
  const limits = FILE_LIMITS[purpose];
  const maxMb = Math.round(limits.maxBytes / (1024 * 1024));
  const failedText = useErrorText(state.step === 'failed' ? state.error : undefined);

  // Leaving the page stops the upload and the polling.
  useEffect(() => () => abort.current?.abort(), []);

  const start = async (file: File | null) => {
    if (!file) return;
    onStart?.();
    const contentType = declaredType(file);
    if (!contentType || !limits.contentTypes.includes(contentType)) {
      setState({ step: 'invalid', message: t('documents.wrongType', { name: file.name }) });
      return;
    }
    if (file.size > limits.maxBytes || file.size === 0) {
      setState({ step: 'invalid', message: t('documents.tooLarge', { name: file.name, maxMb }) });
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const name = file.name;
    try {
      setState({ step: 'uploading', name, fraction: 0 });
      const { file: registered, upload } = await registerUpload({
        purpose,
        originalName: name,
        contentType,
        size: file.size,
      });
      await sendToStorage(
        upload,
        file,
        (fraction) => setState({ step: 'uploading', name, fraction }),
        controller.signal,
      );
      setState({ step: 'scanning', name });
      const verdict = await waitForVerdict(registered.fileName, controller.signal);
      if (verdict.status === 'CLEAN') {
        setState({ step: 'clean', name });
        await onClean(verdict);
      } else if (verdict.status === 'REFUSED') {
        setState({ step: 'refused', name, file: verdict });
        onRefused?.(verdict);
      } else {
        setState({ step: 'slow', name });
      }
    } catch (error) {
      if ((error as { name?: string }).name === 'AbortError') setState({ step: 'cancelled' });
      else setState({ step: 'failed', name, error });
    }
  };

  const busy = state.step === 'uploading' || state.step === 'scanning';
  const refusal =
    state.step === 'refused' && state.file.code && isErrorCode(state.file.code)
      ? errorMessage(state.file.code, lang, { maxMb })
      : undefined;

  return (
    <Stack gap="xs" role="group" aria-label={label} aria-describedby={descriptionId}>
      <Group gap="sm" wrap="wrap">
        <FileButton onChange={start} accept={limits.contentTypes.join(',')} disabled={disabled || busy}>
          {(props) => (
            <Button {...props} variant={state.step === 'idle' ? 'filled' : 'light'} disabled={disabled || busy}>
              {state.step === 'idle' ? label : t('documents.chooseAnother')}
            </Button>
          )}
        </FileButton>
        {busy && (
          <Button variant="subtle" color="gray" onClick={() => abort.current?.abort()}>
            {t('documents.cancel')}
          </Button>
        )}
      </Group>
      <Text id={descriptionId} size="sm" c="dimmed">
        {description ? `${description} ` : ''}
        {t('documents.formats', { maxMb })}
      </Text>
      {state.step === 'uploading' && (
        <Progress
          value={Math.round(state.fraction * 100)}
          aria-label={t('documents.progress', { name: state.name })}
          size="lg"
          animated
        />
      )}
      <div role="status" aria-live="polite">
        {state.step === 'uploading' && <Text size="sm">{t('documents.uploading', { name: state.name })}</Text>}
        {state.step === 'scanning' && (
          <Group gap="xs">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">{t('documents.scanning', { name: state.name })}</Text>
          </Group>
        )}
        {state.step === 'slow' && <Text size="sm">{t('documents.slowScan')}</Text>}
        {state.step === 'clean' && (
          <Text size="sm" c="teal.9">
            {t('documents.clean', { name: state.name })}
          </Text>
        )}
        {state.step === 'cancelled' && <Text size="sm">{t('documents.cancelled')}</Text>}
      </div>
      {state.step === 'refused' && (
        <Alert color="red" role="alert" title={t('documents.refusedTitle', { name: state.name })}>
          {refusal}
        </Alert>
      )}
      {state.step === 'failed' && (
        <Alert color="red" role="alert">
          {state.error instanceof UploadFailed ? t('documents.uploadFailed') : failedText}
        </Alert>
      )}
      {state.step === 'invalid' && (
        <Alert color="red" role="alert">
          {state.message}
        </Alert>
      )}
    </Stack>
  );
};
