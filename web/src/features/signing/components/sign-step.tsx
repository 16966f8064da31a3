import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { FieldValueInput, SignDetail, SignerSelf } from '@tranche/shared/signing/sign.schema';
import type { CompanySeal } from '@tranche/shared/signing/signing.schema';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/error-state';
import { PageSkeleton } from '@/components/page-skeleton';
import { useCompanySeals } from '@/features/signing/api/projects';
import {
  declineSigning,
  type SignerCredentials,
  type SignerRef,
  signDocuments,
  useSignDetail,
} from '@/features/signing/api/signer';
import { type DraftValue, FieldValueModal } from '@/features/signing/components/field-value-modal';
import { PdfPage, useAvailableWidth } from '@/features/signing/components/pdf-page';
import { type FieldKind, readingOrder } from '@/features/signing/lib/fields';
import { type PageBox, shownSize, toShown } from '@/features/signing/lib/geometry';
import { todayText } from '@/features/signing/lib/signature-image';
import { type LoadedPdf, usePdf } from '@/features/signing/lib/use-pdf';
import { useErrorText } from '@/i18n/use-lang';

type SignDocument = SignDetail['documents'][number];
type SignField = SignDocument['fields'][number];

interface SignStepProps {
  signerRef: SignerRef;
  creds: SignerCredentials;
  signer: SignerSelf;
  consentText: string;
  onDone: (signer: SignerSelf) => void;
}

const fieldDomId = (fieldId: string) => `signing-field-${fieldId}`;
const pageDomId = (documentId: string, pageIndex: number) => `signing-page-${documentId}-${pageIndex}`;
const MAX_PAGE_WIDTH = 880;

const toInput = (fieldId: string, value: DraftValue): FieldValueInput =>
  value.type === 'seal' ? { fieldId, type: 'seal', sealId: value.sealId } : ({ fieldId, ...value } as FieldValueInput);

/**
 * Review and sign: the documents' pages (thumbnails to jump, each field of this signer over its page),
 * "Next field" taking the signer to the next one to fill, explicit consent, then Sign or Decline.
 * Works on a 390 px phone: pages take the width available, the actions stay at the bottom.
 */
export const SignStep = ({ signerRef, creds, signer, consentText, onDone }: SignStepProps) => {
  const { t } = useTranslation();
  const detail = useSignDetail(signerRef, creds, true);
  const [values, setValues] = useState<Record<string, DraftValue>>({});
  const [adopted, setAdopted] = useState<{ SIGNATURE?: DraftValue; INITIALS?: DraftValue }>({});
  const [editing, setEditing] = useState<SignField | null>(null);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState(false);
  const [busy, setBusy] = useState<'sign' | 'decline' | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const failureText = useErrorText(failure);
  const [declining, decline] = useDisclosure(false);
  const [reason, setReason] = useState('');

  const documents = useMemo(() => [...(detail.data?.documents ?? [])].sort((a, b) => a.order - b.order), [detail.data]);
  const ordered = useMemo(() => documents.flatMap((d) => readingOrder(d.fields).filter((f) => !f.filled)), [documents]);
  const hasSeal = ordered.some((f) => f.kind === 'SEAL');
  const seals = useCompanySeals(hasSeal);
  const required = ordered.filter((f) => f.required);
  const missing = required.filter((f) => !values[f.fieldId]);
  const filledCount = ordered.filter((f) => values[f.fieldId]).length;

  if (detail.error) return <LoadError error={detail.error} onRetry={() => void detail.mutate()} />;
  if (!detail.data) return <PageSkeleton label={t('signing.pdfLoading')} />;

  const set = (fieldId: string, value: DraftValue | undefined) =>
    setValues((all) => {
      const next = { ...all };
      if (value) next[fieldId] = value;
      else delete next[fieldId];
      return next;
    });

  /** A field chosen: dates and ticks fill at once, signatures reuse the one already made. */
  const open = (field: SignField) => {
    const kind = field.kind as FieldKind;
    const current = values[field.fieldId];
    if (kind === 'CHECKBOX') return set(field.fieldId, current ? undefined : { type: 'checkbox', checked: true });
    if (kind === 'DATE' && !current) return set(field.fieldId, { type: 'text', text: todayText() });
    if ((kind === 'SIGNATURE' || kind === 'INITIALS') && !current && adopted[kind])
      return set(field.fieldId, adopted[kind]);
    setEditing(field);
  };

  const goToNext = () => {
    const next = ordered.find((f) => !values[f.fieldId] && f.required) ?? ordered.find((f) => !values[f.fieldId]);
    if (!next) return;
    const element = document.getElementById(fieldDomId(next.fieldId));
    element?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    element?.focus({ preventScroll: true });
  };

  const sign = async () => {
    if (!consent) {
      setConsentError(true);
      document.getElementById('signing-consent')?.focus();
      return;
    }
    if (missing.length) {
      goToNext();
      return;
    }
    setBusy('sign');
    setFailure(null);
    try {
      const inputs = Object.entries(values).map(([fieldId, value]) => toInput(fieldId, value));
      onDone(await signDocuments(signerRef, creds, inputs));
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(null);
    }
  };

  const sendDecline = async () => {
    if (!reason.trim()) return;
    setBusy('decline');
    setFailure(null);
    try {
      const next = await declineSigning(signerRef, creds, reason.trim());
      decline.close();
      onDone(next);
    } catch (error) {
      decline.close();
      setFailure(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="md">
      {documents.map((doc) => (
        <DocumentReview
          key={doc.documentId}
          doc={doc}
          values={values}
          onOpen={open}
          title={documents.length > 1 ? doc.name : undefined}
        />
      ))}
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('signing.signer.consentTitle')}
          </Title>
          <Checkbox
            id="signing-consent"
            checked={consent}
            onChange={(e) => {
              setConsent(e.currentTarget.checked);
              setConsentError(false);
            }}
            label={consentText || t('signing.signer.consent')}
            error={consentError ? t('signing.signer.consentRequired') : undefined}
          />
        </Stack>
      </Paper>
      {failure !== null && (
        <Alert color="red" role="alert">
          {failureText}
        </Alert>
      )}
      <Paper
        withBorder
        radius="md"
        p="sm"
        pos="sticky"
        bottom={0}
        style={{ zIndex: 5, boxShadow: 'var(--mantine-shadow-md)' }}
        component="section"
        aria-label={t('signing.signer.title')}
      >
        <Stack gap={6}>
          <Text size="sm" aria-live="polite">
            {missing.length
              ? t('signing.signer.progress', { done: filledCount, count: ordered.length })
              : t('signing.signer.allFilled')}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Button variant="light" onClick={goToNext} disabled={filledCount === ordered.length}>
              {t('signing.signer.nextField')}
            </Button>
            <Button onClick={() => void sign()} loading={busy === 'sign'} style={{ flexGrow: 1 }}>
              {t('signing.signer.sign')}
            </Button>
            <Button variant="subtle" color="red" onClick={decline.open}>
              {t('signing.signer.decline')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {editing && (
        <FieldValueModal
          opened
          kind={editing.kind as FieldKind}
          label={editing.label}
          signerName={signer.name}
          current={values[editing.fieldId]}
          seals={(seals.data?.items ?? []) as CompanySeal[]}
          onClose={() => setEditing(null)}
          onApply={(value) => {
            set(editing.fieldId, value);
            if (value && (editing.kind === 'SIGNATURE' || editing.kind === 'INITIALS'))
              setAdopted((a) => ({ ...a, [editing.kind]: value }));
            setEditing(null);
            requestAnimationFrame(() => document.getElementById(fieldDomId(editing.fieldId))?.focus());
          }}
        />
      )}
      <Modal opened={declining} onClose={decline.close} title={t('signing.signer.declineTitle')}>
        <Stack>
          <Textarea
            label={t('signing.signer.declineReason')}
            description={t('signing.signer.declineReasonHint')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={3}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={decline.close}>
              {t('signing.signer.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => void sendDecline()}
              disabled={!reason.trim()}
              loading={busy === 'decline'}
            >
              {t('signing.signer.declineConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
};

/** One document: thumbnails to jump between pages, then every page with this signer's fields. */
const DocumentReview = ({
  doc,
  values,
  onOpen,
  title,
}: {
  doc: SignDocument;
  values: Record<string, DraftValue>;
  onOpen: (field: SignField) => void;
  title: string | undefined;
}) => {
  const { t } = useTranslation();
  const { pdf, error, loading } = usePdf({ url: doc.sourceUrl });
  const [frameRef, available] = useAvailableWidth<HTMLDivElement>();
  const width = Math.min(available, MAX_PAGE_WIDTH);
  const count = doc.pages.length;
  return (
    <Stack gap="sm" component="section" aria-label={doc.name}>
      {title && (
        <Title order={2} size="h4">
          {title}
        </Title>
      )}
      {pdf && <Thumbnails doc={doc} pdf={pdf} />}
      <div ref={frameRef} style={{ width: '100%' }}>
        {error !== undefined && (
          <Alert color="red" role="alert">
            {t('signing.pdfFailed')}
          </Alert>
        )}
        {loading && !pdf && (
          <Text size="sm" c="dimmed" role="status">
            {t('signing.pdfLoading')}
          </Text>
        )}
        {/* The pages' frames and this signer's fields come from the answer, before the file has loaded,
            so "Next field" and the fields work at once; pdf.js draws each page into its frame. */}
        {width > 0 && (
          <Stack gap="md" align="center">
            {doc.pages.map((box, pageIndex) => (
              <PdfPage
                // biome-ignore lint/suspicious/noArrayIndexKey: pages are their index
                key={pageIndex}
                id={pageDomId(doc.documentId, pageIndex)}
                doc={pdf?.doc}
                pageIndex={pageIndex}
                box={box}
                width={width}
                lazy
                label={`${doc.name}: ${t('signing.page', { page: pageIndex + 1, count })}`}
              >
                <SignerFields
                  box={box}
                  scale={width / shownSize(box).width}
                  fields={doc.fields.filter((f) => f.pageIndex === pageIndex)}
                  values={values}
                  onOpen={onOpen}
                />
              </PdfPage>
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
};

const THUMB_WIDTH = 64;

const Thumbnails = ({ doc, pdf }: { doc: SignDocument; pdf: LoadedPdf }) => {
  const { t } = useTranslation();
  if (doc.pages.length < 2) return null;
  return (
    <ScrollArea type="auto" offsetScrollbars aria-label={t('signing.signer.thumbnails')} component="nav">
      <Group gap="xs" wrap="nowrap" pb={4}>
        {doc.pages.map((box, pageIndex) => (
          <UnstyledButton
            // biome-ignore lint/suspicious/noArrayIndexKey: pages are their index
            key={pageIndex}
            aria-label={t('signing.signer.goToPage', { page: pageIndex + 1 })}
            onClick={() =>
              document.getElementById(pageDomId(doc.documentId, pageIndex))?.scrollIntoView({ behavior: 'smooth' })
            }
            style={{ flex: 'none' }}
          >
            <Stack gap={2} align="center">
              <Box aria-hidden>
                <PdfPage doc={pdf.doc} pageIndex={pageIndex} box={box} width={THUMB_WIDTH} label="" lazy />
              </Box>
              <Text size="xs" aria-hidden>
                {pageIndex + 1}
              </Text>
            </Stack>
          </UnstyledButton>
        ))}
      </Group>
    </ScrollArea>
  );
};

/** This signer's fields over a page: each a button that fills it; filled ones show their value. */
const SignerFields = ({
  box,
  scale,
  fields,
  values,
  onOpen,
}: {
  box: PageBox;
  scale: number;
  fields: readonly SignField[];
  values: Record<string, DraftValue>;
  onOpen: (field: SignField) => void;
}) => {
  const { t } = useTranslation();
  return (
    <>
      {fields.map((field) => {
        const shown = toShown(box, field);
        const value = values[field.fieldId];
        const kind = t(`signing.kind.${field.kind}`);
        const name = field.label ?? kind;
        const done = !!value || field.filled;
        return (
          <UnstyledButton
            key={field.fieldId}
            id={fieldDomId(field.fieldId)}
            data-field-kind={field.kind}
            disabled={field.filled}
            onClick={() => onOpen(field)}
            aria-label={
              done
                ? t('signing.signer.filledField', { kind: name })
                : `${t('signing.signer.fillField', { kind: name })}${field.required ? `, ${t('signing.signer.fieldRequired')}` : ''}`
            }
            pos="absolute"
            style={{
              left: shown.x * scale,
              top: shown.y * scale,
              width: shown.width * scale,
              height: shown.height * scale,
              minWidth: 24,
              minHeight: 24,
              border: `2px ${done ? 'solid' : 'dashed'} var(--mantine-color-${done ? 'teal' : 'orange'}-8)`,
              background: done ? 'transparent' : 'color-mix(in srgb, var(--mantine-color-yellow-2) 75%, transparent)',
              borderRadius: 3,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              overflow: 'hidden',
              outlineOffset: 2,
            }}
          >
            {value?.type === 'image' && (
              <img src={`data:image/png;base64,${value.png}`} alt="" style={{ maxWidth: '100%', maxHeight: '100%' }} />
            )}
            {value?.type === 'seal' && (
              <img src={value.dataUrl} alt="" style={{ maxWidth: '100%', maxHeight: '100%' }} />
            )}
            {value?.type === 'text' && (
              // As large as the field allows, as the sealed PDF will draw it.
              <Text
                component="span"
                lh={1}
                c="dark.9"
                fz={Math.max(6, Math.min(14, shown.height * scale * 0.7))}
                style={{ whiteSpace: 'nowrap' }}
              >
                {value.text}
              </Text>
            )}
            {value?.type === 'checkbox' && (
              <Text component="span" fw={700} c="dark.9" lh={1} aria-hidden>
                ✓
              </Text>
            )}
            {!value && (
              <Text
                component="span"
                size="10px"
                fw={700}
                c="orange.9"
                lh={1.1}
                px={2}
                ta="center"
                style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' }}
              >
                {name}
              </Text>
            )}
          </UnstyledButton>
        );
      })}
    </>
  );
};
