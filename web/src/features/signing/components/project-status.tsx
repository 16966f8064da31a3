import { Alert, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { SignerView, SigningProjectDetail } from '@tranche/shared/signing/signing.schema';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { downloadSealed, isSealing, resendProject, voidProject } from '@/features/signing/api/projects';
import { DocumentCanvas } from '@/features/signing/components/document-canvas';
import { SignerStateBadge } from '@/features/signing/components/status-badges';
import { type EditorField, signerColor } from '@/features/signing/lib/fields';
import { tagLabel, tagsOfFields } from '@/features/signing/lib/tags';
import { errorText, useErrorText, useLang } from '@/i18n/use-lang';
import { formatDateTime } from '@/lib/format';
import { notifications } from '@/lib/notifications';
import { useDownload } from '@/lib/use-download';

interface ProjectStatusProps {
  detail: SigningProjectDetail;
  onSaved: (detail: SigningProjectDetail) => void;
}

const OPEN = new Set(['SENT', 'PARTLY_SIGNED']);
const RESENDABLE = new Set(['NOTIFIED', 'VERIFIED', 'LOCKED']);

/**
 * A project after it was sent: each signer's progress (invited, verified, signed, declined, locked),
 * resend to one signer, void with a reason, and the sealed PDFs once everyone has signed.
 */
export const ProjectStatus = ({ detail, onSaved }: ProjectStatusProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { project, documents, signers } = detail;
  const open = OPEN.has(project.status);
  const [voiding, voidModal] = useDisclosure(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const failureText = useErrorText(failure);
  const downloads = useDownload();
  const [docId, setDocId] = useState(documents[0]?.documentId ?? null);
  const [page, setPage] = useState(0);
  const doc = documents.find((d) => d.documentId === docId) ?? documents[0];
  const signerIndex = useMemo(() => new Map(signers.map((s, i) => [s.signerId, i])), [signers]);

  const resend = async (signer: SignerView) => {
    setBusy(signer.signerId);
    setFailure(null);
    try {
      onSaved(await resendProject(project.projectId, signer.signerId));
      notifications.show({ color: 'green', message: t('signing.editor.resent', { name: signer.name }) });
    } catch (error) {
      notifications.show({ color: 'red', title: t('app.errorTitle'), message: errorText(error, lang, t) });
    } finally {
      setBusy(null);
    }
  };

  const sendVoid = async () => {
    if (!reason.trim()) return;
    setBusy('void');
    setFailure(null);
    try {
      onSaved(await voidProject(project.projectId, reason.trim()));
      voidModal.close();
      notifications.show({ color: 'green', message: t('signing.editor.voided') });
    } catch (error) {
      voidModal.close();
      setFailure(error);
    } finally {
      setBusy(null);
    }
  };

  const columns: DataTableColumn<SignerView>[] = [
    {
      key: 'name',
      header: t('signing.editor.signerName'),
      rowHeader: true,
      sortValue: (s) => s.name,
      render: (s) => (
        <Stack gap={0}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {s.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {s.email}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'role',
      header: t('signing.editor.signerRole'),
      render: (s) => (
        <Stack gap={0}>
          <Text size="sm">{t(`signing.role.${s.role}`)}</Text>
          <Text size="xs" c="dimmed">
            {s.onBehalfOf ? t('signing.editor.onBehalf', { entity: s.onBehalfOf }) : t('signing.editor.personally')}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'group',
      header: t('signing.editor.signerGroup'),
      align: 'end',
      sortValue: (s) => s.group,
      render: (s) => s.group,
    },
    {
      key: 'state',
      header: t('signing.editor.status'),
      render: (s) => (
        <Stack gap={2} align="flex-start">
          <SignerStateBadge state={s.state} />
          {s.codeLocked && (
            <Text size="xs" c="orange.9">
              {t('signing.editor.locked')}
            </Text>
          )}
          {s.declineReason && (
            <Text size="xs" c="red.9" style={{ overflowWrap: 'anywhere' }}>
              {t('signing.editor.declinedBecause', { reason: s.declineReason })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'times',
      header: t('signing.editor.signerStatus'),
      render: (s) => (
        <Stack gap={0}>
          {s.signedAt && (
            <Text size="xs">{t('signing.editor.signedAt', { time: formatDateTime(s.signedAt, lang) })}</Text>
          )}
          {s.viewedAt && (
            <Text size="xs">{t('signing.editor.viewedAt', { time: formatDateTime(s.viewedAt, lang) })}</Text>
          )}
          {s.notifiedAt && (
            <Text size="xs">{t('signing.editor.notifiedAt', { time: formatDateTime(s.notifiedAt, lang) })}</Text>
          )}
        </Stack>
      ),
    },
  ];

  const fields: EditorField[] = (doc?.fields ?? []).map((f) => ({ ...f, signerId: f.signerId ?? null }));
  const nameOf = (f: EditorField) =>
    signers.find((s) => s.signerId === f.signerId)?.name ?? t('signing.editor.noSigner');
  // The data written into the fields filled from data, as fixed when the project was sent.
  const filled = tagsOfFields(documents.flatMap((d) => d.fields)).flatMap((tag) => {
    const value = project.tagValues?.[tag];
    return value ? [{ tag, value }] : [];
  });

  return (
    <Stack gap="md">
      {failure !== null && (
        <Alert color="red" role="alert">
          {failureText}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          {project.expiresAt && open && (
            <Text size="sm">{t('signing.editor.expiresAt', { time: formatDateTime(project.expiresAt, lang) })}</Text>
          )}
          {project.voidReason && (
            <Text size="sm" c="red.9">
              {t('signing.editor.voidReasonShown', { reason: project.voidReason })}
            </Text>
          )}
          {filled.length > 0 && (
            <Stack gap={2} component="section" aria-label={t('signing.editor.tagValues')}>
              <Text size="sm" fw={600}>
                {t('signing.editor.tagValues')}
              </Text>
              {filled.map(({ tag, value }) => (
                <Text size="sm" key={tag}>
                  {t('signing.editor.tagValueShown', { tag: tagLabel(tag, lang), value })}
                </Text>
              ))}
            </Stack>
          )}
          {project.status === 'COMPLETED' && isSealing(detail) && (
            <Text size="sm" role="status">
              {t('signing.editor.sealingNote')}
            </Text>
          )}
          <Group gap="sm">
            {project.status === 'COMPLETED' &&
              documents
                .filter((d) => d.sealed)
                .map((d) => (
                  <Button
                    key={d.documentId}
                    loading={downloads.busy === d.documentId}
                    onClick={() =>
                      void downloads.download(d.documentId, () => downloadSealed(project.projectId, d.documentId))
                    }
                  >
                    {documents.length > 1
                      ? t('signing.editor.downloadDocument', { name: d.name })
                      : t('signing.editor.download')}
                  </Button>
                ))}
            {open && (
              <Button variant="outline" color="red" onClick={voidModal.open}>
                {t('signing.editor.void')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
      <DataTable
        label={t('signing.editor.signerStatus')}
        columns={columns}
        rows={signers}
        rowKey={(s) => s.signerId}
        minWidth={760}
        defaultSort={{ column: 'group', direction: 'asc' }}
        rowActions={(s) =>
          open && RESENDABLE.has(s.state) ? (
            <Button
              size="compact-sm"
              variant="light"
              loading={busy === s.signerId}
              aria-label={t('signing.editor.resendNamed', { name: s.name })}
              onClick={() => void resend(s)}
            >
              {t('signing.editor.resend')}
            </Button>
          ) : null
        }
      />
      {doc && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('signing.editor.documents')}
          </Title>
          {documents.length > 1 && (
            <Group gap="xs">
              {documents.map((d) => (
                <Button
                  key={d.documentId}
                  size="compact-sm"
                  variant={d.documentId === doc.documentId ? 'filled' : 'default'}
                  aria-pressed={d.documentId === doc.documentId}
                  onClick={() => {
                    setDocId(d.documentId);
                    setPage(0);
                  }}
                >
                  {d.name}
                </Button>
              ))}
            </Group>
          )}
          <DocumentCanvas
            document={doc}
            fields={fields}
            page={page}
            onPage={setPage}
            selectedId={null}
            colorOf={(f) => (f.tag ? 'gray' : signerColor(signerIndex.get(f.signerId ?? '') ?? -1))}
            nameOf={nameOf}
            tagValues={project.tagValues}
            readOnly
          />
        </Stack>
      )}
      <Modal opened={voiding} onClose={voidModal.close} title={t('signing.editor.voidTitle')}>
        <Stack>
          <Textarea
            label={t('signing.editor.voidReason')}
            description={t('signing.editor.voidReasonHint')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={3}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={voidModal.close}>
              {t('signing.create.cancel')}
            </Button>
            <Button color="red" onClick={() => void sendVoid()} disabled={!reason.trim()} loading={busy === 'void'}>
              {t('signing.editor.voidConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
};
