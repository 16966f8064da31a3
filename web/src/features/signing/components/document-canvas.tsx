import { Alert, Button, Group, Pagination, Stack, Text } from '@mantine/core';
import type { SigningDocument } from '@tranche/shared/signing/signing.schema';
import { useTranslation } from 'react-i18next';
import { PageSkeleton } from '@/components/page-skeleton';
import { useSourcePdfUrl } from '@/features/signing/api/source-pdf';
import { FieldLayer } from '@/features/signing/components/field-layer';
import { PdfPage, useAvailableWidth } from '@/features/signing/components/pdf-page';
import type { EditorField, FieldKind } from '@/features/signing/lib/fields';
import type { Rect } from '@/features/signing/lib/geometry';
import { shownSize } from '@/features/signing/lib/geometry';
import { usePdf } from '@/features/signing/lib/use-pdf';

interface DocumentCanvasProps {
  document: SigningDocument;
  fields: readonly EditorField[];
  page: number;
  onPage: (page: number) => void;
  selectedId: string | null;
  colorOf: (field: EditorField) => string;
  nameOf: (field: EditorField) => string;
  onSelect?: (fieldId: string | null) => void;
  onChange?: (field: EditorField) => void;
  onRemove?: (fieldId: string) => void;
  onDropKind?: (kind: FieldKind, rect: Rect, pageIndex: number) => void;
  /** The project's tag values, shown in the fields filled from data. */
  tagValues?: Readonly<Record<string, string>> | undefined;
  readOnly?: boolean;
}

const noop = () => undefined;
/** Pages are never drawn wider than this: beyond it a page only gets blurrier, not more legible. */
const MAX_PAGE_WIDTH = 880;

/**
 * One document's page at a time, rendered by pdf.js at the width available, with its fields over
 * it: placed and moved in the editor, shown only on the status page. Page sizes come from the
 * server's check of the file (the same crop boxes it validates fields against).
 */
export const DocumentCanvas = ({
  document,
  fields,
  page,
  onPage,
  selectedId,
  colorOf,
  nameOf,
  onSelect = noop,
  onChange = noop,
  onRemove = noop,
  onDropKind = noop,
  tagValues,
  readOnly = false,
}: DocumentCanvasProps) => {
  const { t } = useTranslation();
  const source = useSourcePdfUrl(document.fileId);
  const { pdf, error, loading } = usePdf(source.data?.url ? { url: source.data.url } : null);
  const [frameRef, available] = useAvailableWidth<HTMLDivElement>();
  const count = document.pages.length;
  const box = document.pages[page] ?? pdf?.pages[page];
  const width = Math.min(available, MAX_PAGE_WIDTH);
  const scale = box ? width / shownSize(box).width : 1;

  return (
    <Stack gap="sm">
      {count > 1 && (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('signing.page', { page: page + 1, count })}
          </Text>
          <Pagination
            total={count}
            value={page + 1}
            onChange={(p) => onPage(p - 1)}
            size="sm"
            siblings={0}
            aria-label={t('signing.editor.showPage')}
          />
        </Group>
      )}
      <div ref={frameRef} style={{ width: '100%', overflowX: 'auto' }}>
        {(source.error || error) && (
          <Alert color="red" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('signing.pdfFailed')}</Text>
              <Button size="compact-sm" variant="white" color="red" onClick={() => void source.mutate()}>
                {t('app.retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        {(source.isLoading || loading) && !pdf && <PageSkeleton label={t('signing.pdfLoading')} />}
        {pdf && box && width > 0 && (
          <PdfPage
            doc={pdf.doc}
            pageIndex={page}
            box={box}
            width={width}
            label={`${document.name}: ${t('signing.page', { page: page + 1, count })}`}
          >
            <FieldLayer
              box={box}
              pageIndex={page}
              scale={scale}
              fields={fields.filter((f) => f.pageIndex === page)}
              selectedId={selectedId}
              colorOf={colorOf}
              nameOf={nameOf}
              onSelect={onSelect}
              onChange={onChange}
              onRemove={onRemove}
              onDropKind={onDropKind}
              tagValues={tagValues}
              readOnly={readOnly}
            />
          </PdfPage>
        )}
      </div>
    </Stack>
  );
};
