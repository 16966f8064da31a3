import { Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import type { ProductDocumentKind } from '@tranche/shared/enums';
import {
  CreateProductDocumentSchema,
  MAX_PRODUCT_DOCUMENT_BYTES,
  type ProductDocument,
} from '@tranche/shared/product/product.schema';
import { useId, useState } from 'react';
import { type FieldError, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { type UploadStage, uploadProductDocument } from '@/features/gp-products/api/document-mutations';
import { UploadFailedError } from '@/features/gp-products/api/upload-file';
import { type LocalizedValues, localizedInput } from '@/features/gp-products/lib/form-values';
import { schemaResolver } from '@/features/gp-products/lib/validation';
import type { MarketingFolder } from '@/features/products';
import { errorText, useLang } from '@/i18n/use-lang';
import { formatBytes } from '@/lib/format';
import { localized } from '@/lib/localized';
import { notifications } from '@/lib/notifications';
import { DocumentKindFields, LocalizedFields } from './form-fields';

interface UploadValues {
  file: File | null;
  kind: ProductDocumentKind;
  title: LocalizedValues;
  folderId: string;
}

type UploadInput = z.output<typeof CreateProductDocumentSchema>;

const toInput = (v: UploadValues) => ({
  kind: v.kind,
  title: localizedInput(v.title),
  ...(v.kind === 'MARKETING' && v.folderId ? { folderId: v.folderId } : {}),
  fileName: v.file?.name ?? '',
  contentType: 'application/pdf',
  size: v.file?.size ?? 0,
});

const resolver = schemaResolver<UploadValues, UploadInput>(CreateProductDocumentSchema, toInput);

const EMPTY: UploadValues = { file: null, kind: 'MARKETING', title: { en: '', 'zh-CN': '' }, folderId: '' };

interface DocumentUploadProps {
  productId: string;
  folders: readonly MarketingFolder[];
  onUploaded: (document: ProductDocument) => void;
}

/**
 * Adds a PDF: pick or drop the file, name it, then upload. The file goes straight to storage over a
 * presigned URL with its progress shown; the API then checks it is a real PDF.
 */
export const DocumentUpload = ({ productId, folders, onUploaded }: DocumentUploadProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const headingId = useId();
  const form = useForm<UploadValues, unknown, UploadInput>({ defaultValues: EMPTY, resolver });
  const file = useWatch({ control: form.control, name: 'file' });
  const [progress, setProgress] = useState<{ stage: UploadStage; fraction: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The schema checks the file through the fields it sends: its name, type and size.
  const errors = form.formState.errors as Partial<Record<'fileName' | 'size' | 'contentType', FieldError>>;

  const fileError = errors.fileName
    ? t('gpProducts.documents.pdfOnly')
    : errors.size?.type === 'tooLong'
      ? t('gpProducts.documents.tooBig')
      : errors.size || errors.contentType
        ? t('gpProducts.documents.chooseFile')
        : undefined;

  const choose = (files: File[]) => {
    const picked = files[0];
    if (!picked) return;
    setFailure(null);
    form.setValue('file', picked, { shouldValidate: form.formState.isSubmitted });
    if (!form.getValues('title.en')) form.setValue('title.en', picked.name.replace(/\.pdf$/i, ''));
  };
  const reject = (rejections: FileRejection[]) => {
    const tooBig = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
    setFailure(tooBig ? t('gpProducts.documents.tooBig') : t('gpProducts.documents.pdfOnly'));
  };

  const submit = form.handleSubmit(async (input) => {
    const picked = form.getValues('file');
    if (!picked) return;
    setFailure(null);
    try {
      const document = await uploadProductDocument(
        productId,
        { kind: input.kind, title: input.title, folderId: input.folderId, file: picked },
        (stage, fraction) => setProgress({ stage, fraction }),
      );
      if (document.state === 'REJECTED') {
        setFailure(t('gpProducts.documents.rejected'));
      } else {
        notifications.show({
          color: 'green',
          message: t('gpProducts.documents.uploaded', { title: localized(document.title, lang) }),
        });
        form.reset(EMPTY);
      }
      onUploaded(document);
    } catch (error) {
      setFailure(
        error instanceof UploadFailedError ? t('gpProducts.documents.uploadFailed') : errorText(error, lang, t),
      );
    } finally {
      setProgress(null);
    }
  });

  const percent = progress ? Math.round(progress.fraction * 100) : 0;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId} mb="sm">
        {t('gpProducts.documents.uploadTitle')}
      </Title>
      <FormProvider {...form}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="sm">
            <Dropzone
              onDrop={choose}
              onReject={reject}
              accept={['application/pdf']}
              maxSize={MAX_PRODUCT_DOCUMENT_BYTES}
              multiple={false}
              disabled={progress !== null}
              aria-label={t('gpProducts.documents.dropzone')}
              aria-describedby={fileError || failure ? `${headingId}-file-error` : undefined}
            >
              <Stack align="center" gap={4} mih={80} justify="center" style={{ pointerEvents: 'none' }}>
                <Text fw={500}>{file ? file.name : t('gpProducts.documents.dropzone')}</Text>
                <Text size="sm" c="dimmed">
                  {file
                    ? formatBytes(file.size, lang)
                    : t('gpProducts.documents.dropzoneHint', { size: formatBytes(MAX_PRODUCT_DOCUMENT_BYTES, lang) })}
                </Text>
              </Stack>
            </Dropzone>
            {(fileError || failure) && (
              <Text id={`${headingId}-file-error`} c="red.9" size="sm" role="alert">
                {failure ?? fileError}
              </Text>
            )}
            <LocalizedFields name="title" label={t('gpProducts.documents.titleField')} required maxLength={200} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <DocumentKindFields folders={folders} />
            </SimpleGrid>
            {progress && (
              <Stack gap={4}>
                <Text size="sm" aria-live="polite">
                  {t(`gpProducts.documents.stage.${progress.stage}`, { percent })}
                </Text>
                <Progress
                  value={progress.stage === 'uploading' ? percent : progress.stage === 'checking' ? 100 : 2}
                  animated={progress.stage !== 'uploading'}
                  aria-label={t('gpProducts.documents.progress')}
                />
              </Stack>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={progress !== null}>
                {t('gpProducts.documents.upload')}
              </Button>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </Paper>
  );
};
