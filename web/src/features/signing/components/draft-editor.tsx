import { Alert, Button, Grid, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { SigningField, SigningProjectDetail } from '@tranche/shared/signing/signing.schema';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/session';
import {
  readProject,
  startProject,
  updateProject,
  updateProjectFile,
  updateProjectFiles,
} from '@/features/signing/api/projects';
import { DocumentCanvas } from '@/features/signing/components/document-canvas';
import { DocumentsPanel } from '@/features/signing/components/documents-panel';
import { FieldPalette, FieldProperties, FROM_DATA } from '@/features/signing/components/field-panel';
import { ProjectSettings } from '@/features/signing/components/project-settings';
import { type SignerInputs, SignersForm } from '@/features/signing/components/signers-form';
import { SaveAsTemplate } from '@/features/signing/components/templates';
import {
  DEFAULT_FIELD_SIZE,
  type EditorField,
  type FieldKind,
  newFieldId,
  signerColor,
} from '@/features/signing/lib/fields';
import {
  clampShown,
  type PageBox,
  type Rect,
  roundRect,
  shownSize,
  toPage,
  toShown,
} from '@/features/signing/lib/geometry';
import { fillFromData, tagLabel, tagsOfFields } from '@/features/signing/lib/tags';
import { notifications } from '@/lib/notifications';

const bottomShown = (box: PageBox, field: Rect) => {
  const shown = toShown(box, field);
  return shown.y + shown.height;
};

import { useErrorText, useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';

interface DraftEditorProps {
  detail: SigningProjectDetail;
  /** Puts a fresh answer of the API in the cache (each change answers the whole project). */
  onSaved: (detail: SigningProjectDetail) => void;
  /** Reads the project again (after a version conflict). */
  reload: () => Promise<unknown>;
}

const fromApi = (fields: readonly SigningField[]): EditorField[] =>
  fields.map((f) => ({ ...f, signerId: f.signerId ?? null, tag: f.tag, label: f.label }));

const toApi = (fields: readonly EditorField[]) =>
  fields.map((f) => ({
    fieldId: f.fieldId,
    kind: f.kind,
    pageIndex: f.pageIndex,
    x: f.x,
    y: f.y,
    width: f.width,
    height: f.height,
    required: f.required,
    ...(f.tag ? { tag: f.tag } : f.signerId ? { signerId: f.signerId } : {}),
    ...(f.label ? { label: f.label } : {}),
  })) as SigningField[];

/**
 * The manager's editor for a DRAFT project: documents, signers and their fields, then Send. Each
 * part saves through its own route and the API answers the whole project with its new version;
 * a change made meanwhile by someone else answers VERSION_CONFLICT, and the project is read again.
 */
export const DraftEditor = ({ detail, onSaved, reload }: DraftEditorProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { data: user } = useCurrentUser();
  const canSeal = user?.role === 'GP_ADMIN' || user?.role === 'GP_OWNER';
  const { project, documents, signers } = detail;
  const version = useRef(project.version);
  version.current = project.version;

  const [activeId, setActiveId] = useState<string | null>(documents[0]?.documentId ?? null);
  const active = documents.find((d) => d.documentId === activeId) ?? documents[0];
  const [page, setPage] = useState(0);
  const [fieldsByDoc, setFieldsByDoc] = useState<Record<string, EditorField[]>>({});
  const [dirtyDocs, setDirtyDocs] = useState<ReadonlySet<string>>(new Set());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [assignTo, setAssignTo] = useState<string | null>(signers[0]?.signerId ?? null);
  const [failure, setFailure] = useState<unknown>(null);
  const failureText = useErrorText(failure);
  const [busy, setBusy] = useState<'fields' | 'send' | null>(null);
  const [confirming, confirm] = useDisclosure(false);
  const [sendValues, setSendValues] = useState<Record<string, string>>({});
  const signersDirty = useRef<{ dirty: boolean; save: () => Promise<boolean> }>({
    dirty: false,
    save: async () => true,
  });

  // The stored fields of each document, except where the manager has unsaved changes (read through a
  // ref: only a new answer of the API resets them, not marking a document dirty).
  const dirtyRef = useRef(dirtyDocs);
  dirtyRef.current = dirtyDocs;
  useEffect(() => {
    setFieldsByDoc((current) => {
      const next: Record<string, EditorField[]> = {};
      for (const d of documents)
        next[d.documentId] =
          dirtyRef.current.has(d.documentId) && current[d.documentId]
            ? (current[d.documentId] ?? [])
            : fromApi(d.fields);
      return next;
    });
  }, [documents]);
  useEffect(() => {
    if (assignTo !== FROM_DATA && (!assignTo || !signers.some((s) => s.signerId === assignTo)))
      setAssignTo(signers[0]?.signerId ?? null);
  }, [signers, assignTo]);
  const openDocument = (documentId: string, atPage = 0) => {
    setActiveId(documentId);
    setPage(atPage);
  };

  const signerIndex = useMemo(() => new Map(signers.map((s, i) => [s.signerId, i])), [signers]);
  const colorOf = useCallback(
    (f: EditorField) => (f.tag ? 'gray' : signerColor(signerIndex.get(f.signerId ?? '') ?? -1)),
    [signerIndex],
  );
  const nameOf = useCallback(
    (f: EditorField) => signers.find((s) => s.signerId === f.signerId)?.name ?? t('signing.editor.noSigner'),
    [signers, t],
  );

  const fields = active ? (fieldsByDoc[active.documentId] ?? []) : [];
  const selected = fields.find((f) => f.fieldId === selectedId);
  const setFields = (next: (fields: EditorField[]) => EditorField[]) => {
    if (!active) return;
    setFieldsByDoc((all) => ({ ...all, [active.documentId]: next(all[active.documentId] ?? []) }));
    setDirtyDocs((d) => new Set(d).add(active.documentId));
  };

  const failed = async (error: unknown) => {
    if (isApiError(error) && error.code === 'VERSION_CONFLICT') {
      notifications.show({ color: 'orange', message: t('signing.editor.staleVersion') });
      await reload();
      return;
    }
    setFailure(error);
  };

  const addField = (kind: FieldKind, rect: Rect, pageIndex: number) => {
    if (!assignTo) return;
    const placed: EditorField = {
      fieldId: newFieldId(),
      kind,
      pageIndex,
      ...rect,
      signerId: assignTo === FROM_DATA ? null : assignTo,
      required: kind !== 'CHECKBOX',
    };
    const field = assignTo === FROM_DATA ? fillFromData(placed) : placed;
    if (!field.signerId && !field.tag) return;
    setFields((fs) => [...fs, field]);
    setSelectedId(field.fieldId);
  };
  /**
   * A field added without a pointer: at the left margin of the page shown, below the fields already
   * there (as shown), so new ones never cover each other; back at the top once the page is full.
   */
  const addOnPage = (kind: FieldKind) => {
    const box = active?.pages[page];
    if (!box) return;
    const size = DEFAULT_FIELD_SIZE[kind];
    const below = Math.max(44, ...fields.filter((f) => f.pageIndex === page).map((f) => bottomShown(box, f) + 12));
    const y = below + size.height <= shownSize(box).height - 36 ? below : 56;
    const rect = clampShown(box, { x: 56, y, ...size });
    addField(kind, roundRect(toPage(box, rect)), page);
    // Focus the new field so the arrow keys move it at once.
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-pressed="true"][data-field-id]')?.focus());
  };

  const saveSigners = async (inputs: SignerInputs) => {
    const next = await updateProject({ projectId: project.projectId, version: version.current, signers: inputs });
    version.current = next.project.version;
    onSaved(next);
    // Fields of a removed signer go with them.
    const kept = new Set(inputs.map((s) => s.signerId));
    setFieldsByDoc((all) =>
      Object.fromEntries(
        Object.entries(all).map(([id, fs]) => [id, fs.filter((f) => !f.signerId || kept.has(f.signerId))]),
      ),
    );
    notifications.show({ color: 'green', message: t('signing.editor.signersSaved') });
  };
  const onSignersDirty = useCallback((dirty: boolean, save: () => Promise<boolean>) => {
    signersDirty.current = { dirty, save };
  }, []);

  const saveDocuments = async (docs: { documentId?: string; fileId: string; name: string }[]) => {
    setFailure(null);
    try {
      const next = await updateProjectFiles({
        projectId: project.projectId,
        version: version.current,
        documents: docs,
      });
      version.current = next.project.version;
      onSaved(next);
      return next;
    } catch (error) {
      await failed(error);
      return undefined;
    }
  };
  const kept = documents.map((d) => ({ documentId: d.documentId, fileId: d.fileId, name: d.name }));
  const addDocument = async (file: { fileId: string; name: string }) => {
    const next = await saveDocuments([...kept, file]);
    const added = next?.documents.find(
      (d) => d.fileId === file.fileId && !kept.some((k) => k.documentId === d.documentId),
    );
    if (added) openDocument(added.documentId);
  };
  const removeDocument = async (documentId: string) => {
    await saveDocuments(kept.filter((d) => d.documentId !== documentId));
  };

  /** Saves every document whose fields changed; false when one was refused (its error is shown). */
  const saveFields = async (): Promise<boolean> => {
    setFailure(null);
    for (const documentId of dirtyDocs) {
      try {
        const next = await updateProjectFile({
          projectId: project.projectId,
          version: version.current,
          documentId,
          fields: toApi(fieldsByDoc[documentId] ?? []),
        });
        version.current = next.project.version;
        setDirtyDocs((d) => {
          const rest = new Set(d);
          rest.delete(documentId);
          return rest;
        });
        onSaved(next);
      } catch (error) {
        // A field outside its page names the field: select it so the manager sees which.
        const field = isApiError(error) ? error.details.field : undefined;
        if (typeof field === 'string') {
          const bad = fieldsByDoc[documentId]?.find((f) => f.fieldId === field);
          openDocument(documentId, bad?.pageIndex ?? 0);
          setSelectedId(field);
        }
        await failed(error);
        return false;
      }
    }
    return true;
  };

  const onSaveFields = async () => {
    setBusy('fields');
    try {
      if (await saveFields()) notifications.show({ color: 'green', message: t('signing.editor.fieldsSaved') });
    } finally {
      setBusy(null);
    }
  };

  /** Send: whatever is unsaved is saved first, so what the manager sees is what goes out. */
  const send = async () => {
    confirm.close();
    setBusy('send');
    setFailure(null);
    try {
      if (signersDirty.current.dirty && !(await signersDirty.current.save())) return;
      if (!(await saveFields())) return;
      const tagValues = Object.fromEntries(usedTags.map((tag) => [tag, sendValues[tag]?.trim() ?? '']));
      const next = await startProject({
        projectId: project.projectId,
        version: version.current,
        ...(usedTags.length ? { tagValues } : {}),
      });
      onSaved(next);
      // The page becomes the progress view: start it at its top, where the status is.
      window.scrollTo({ top: 0 });
      notifications.show({ color: 'green', message: t('signing.editor.sent') });
    } catch (error) {
      await failed(error);
    } finally {
      setBusy(null);
    }
  };

  /** For "Save as template": what is unsaved is saved first, then the project is read as stored. */
  const prepareTemplate = async () => {
    setFailure(null);
    try {
      if (signersDirty.current.dirty && !(await signersDirty.current.save())) return undefined;
      if (!(await saveFields())) return undefined;
      return await readProject(project.projectId);
    } catch (error) {
      await failed(error);
      return undefined;
    }
  };

  const signerOptions = signers.map((s) => ({ signerId: s.signerId, name: s.name, role: s.role }));
  const fieldCount = Object.values(fieldsByDoc).reduce((n, fs) => n + fs.length, 0);
  // The tags the fields carry: their values are asked for when sending (the server fixes them then).
  const usedTags = tagsOfFields(Object.values(fieldsByDoc).flat());
  const openSend = () => {
    setSendValues(Object.fromEntries(usedTags.map((tag) => [tag, project.tagValues?.[tag] ?? ''])));
    confirm.open();
  };

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('signing.editor.draftNote')}</Text>
      {failure !== null && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          onClose={() => setFailure(null)}
          closeButtonLabel={t('gpConsole.dismiss')}
        >
          {failureText}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <Paper withBorder p="md" radius="md">
              <ProjectSettings
                detail={detail}
                version={() => version.current}
                onSaved={(next) => {
                  version.current = next.project.version;
                  onSaved(next);
                }}
                onConflict={reload}
              />
            </Paper>
            <Paper withBorder p="md" radius="md">
              <DocumentsPanel
                documents={documents}
                activeId={active?.documentId ?? null}
                onOpen={openDocument}
                onAdd={addDocument}
                onRemove={removeDocument}
              />
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {t('signing.editor.signers')}
                </Title>
                <SignersForm detail={detail} onSave={saveSigners} onDirty={onSignersDirty} />
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            {active && (
              <Paper withBorder p="md" radius="md">
                <Stack gap="md">
                  <FieldPalette
                    signers={signerOptions}
                    assignTo={assignTo}
                    onAssignTo={setAssignTo}
                    onAdd={addOnPage}
                    canSeal={canSeal}
                  />
                  {selected && (
                    <FieldProperties
                      field={selected}
                      pages={active.pages.length}
                      signers={signerOptions}
                      canSeal={canSeal}
                      onChange={(f) => {
                        setFields((fs) => fs.map((x) => (x.fieldId === f.fieldId ? f : x)));
                        if (f.pageIndex !== page) setPage(f.pageIndex);
                      }}
                      onRemove={() => {
                        setFields((fs) => fs.filter((x) => x.fieldId !== selected.fieldId));
                        setSelectedId(null);
                      }}
                    />
                  )}
                </Stack>
              </Paper>
            )}
            {active && (
              <DocumentCanvas
                document={active}
                fields={fields}
                page={page}
                onPage={setPage}
                selectedId={selectedId}
                colorOf={colorOf}
                nameOf={nameOf}
                onSelect={setSelectedId}
                onChange={(f) => setFields((fs) => fs.map((x) => (x.fieldId === f.fieldId ? f : x)))}
                onRemove={(id) => {
                  setFields((fs) => fs.filter((x) => x.fieldId !== id));
                  setSelectedId(null);
                }}
                onDropKind={addField}
                tagValues={project.tagValues}
              />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <Paper withBorder p="md" radius="md" pos="sticky" bottom={0} style={{ zIndex: 3 }}>
        <Group justify="space-between" gap="sm">
          <Text size="sm" c={dirtyDocs.size ? 'orange.9' : 'dimmed'} aria-live="polite">
            {dirtyDocs.size ? t('signing.editor.unsaved') : ''}
          </Text>
          <Group gap="sm">
            <SaveAsTemplate detail={detail} prepare={prepareTemplate} />
            <Button
              variant="default"
              onClick={() => void onSaveFields()}
              disabled={!dirtyDocs.size}
              loading={busy === 'fields'}
            >
              {t('signing.editor.saveFields')}
            </Button>
            <Button
              onClick={openSend}
              loading={busy === 'send'}
              disabled={documents.length === 0 || signers.length === 0 || fieldCount === 0}
            >
              {t('signing.editor.send')}
            </Button>
          </Group>
        </Group>
      </Paper>
      <Modal opened={confirming} onClose={confirm.close} title={t('signing.editor.send')}>
        <Stack>
          <Text>{t('signing.editor.sendConfirm', { name: project.name, count: signers.length })}</Text>
          {usedTags.length > 0 && (
            <Stack gap="xs" component="fieldset" style={{ border: 0, margin: 0, padding: 0 }}>
              <Text component="legend" fw={600} size="sm">
                {t('signing.editor.tagValues')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('signing.editor.tagValuesHint')}
              </Text>
              {usedTags.map((tag, i) => (
                <TextInput
                  key={tag}
                  label={tagLabel(tag, lang)}
                  value={sendValues[tag] ?? ''}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setSendValues((all) => ({ ...all, [tag]: value }));
                  }}
                  required
                  maxLength={500}
                  data-autofocus={i === 0 || undefined}
                />
              ))}
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              {t('signing.create.cancel')}
            </Button>
            <Button
              onClick={() => void send()}
              disabled={usedTags.some((tag) => !sendValues[tag]?.trim())}
              data-autofocus={usedTags.length === 0 || undefined}
            >
              {t('signing.editor.send')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
};
