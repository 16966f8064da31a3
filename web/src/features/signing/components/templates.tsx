import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { SigningProjectDetail, SigningTemplate } from '@tranche/shared/signing/signing.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  deleteTemplate,
  projectFromTemplate,
  saveTemplate,
  useSigningTemplates,
} from '@/features/signing/api/projects';
import { tagLabel } from '@/features/signing/lib/tags';
import { useErrorText, useLang } from '@/i18n/use-lang';
import { formatDate } from '@/lib/format';
import { notifications } from '@/lib/notifications';

/**
 * Kept templates on the signing page (docs/signing.md "Templates"): each is documents with their
 * fields and the signers' places, kept from a draft in the editor ("Save as template"). "Use" names
 * the person for each place and makes a draft project (POST /template/project), opened in the editor to
 * review and send; "Delete" removes the template (projects made from it keep their own copy).
 */
export const SigningTemplates = () => {
  const { t } = useTranslation();
  const lang = useLang();
  const templates = useSigningTemplates();
  const [using, setUsing] = useState<SigningTemplate | null>(null);
  const [deleting, setDeleting] = useState<SigningTemplate | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const failureText = useErrorText(failure);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    setFailure(null);
    try {
      await deleteTemplate(deleting.templateId);
      await templates.mutate();
      notifications.show({ color: 'green', message: t('signing.templates.deleted', { name: deleting.name }) });
      setDeleting(null);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="signing-templates-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="signing-templates-title">
          {t('signing.templates.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('signing.templates.hint')}
        </Text>
        {failure !== null && !deleting && (
          <Alert color="red" role="alert">
            {failureText}
          </Alert>
        )}
        {templates.data && templates.data.items.length === 0 && <Text size="sm">{t('signing.templates.none')}</Text>}
        {templates.data && templates.data.items.length > 0 && (
          // A list, not a table: each template's actions stay in view on a phone.
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {templates.data.items.map((tpl) => (
              <Group
                component="li"
                key={tpl.templateId}
                justify="space-between"
                align="center"
                gap="sm"
                py="sm"
                style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
              >
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {tpl.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('signing.templates.summary', {
                      count: tpl.documents.length,
                      places: tpl.signers.map((s) => s.label).join(', '),
                    })}{' '}
                    · {t('signing.templates.kept', { date: formatDate(tpl.createdAt, lang) })}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    onClick={() => setUsing(tpl)}
                    aria-label={t('signing.templates.useNamed', { name: tpl.name })}
                  >
                    {t('signing.templates.use')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => setDeleting(tpl)}
                    aria-label={t('signing.templates.deleteNamed', { name: tpl.name })}
                  >
                    {t('signing.templates.delete')}
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <Modal opened={using !== null} onClose={() => setUsing(null)} title={t('signing.templates.useTitle')}>
        {using && <UseTemplateForm template={using} onCancel={() => setUsing(null)} />}
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('signing.templates.delete')}>
        <Stack>
          <Text>{t('signing.templates.deleteConfirm', { name: deleting?.name ?? '' })}</Text>
          {failure !== null && (
            <Alert color="red" role="alert">
              {failureText}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('signing.create.cancel')}
            </Button>
            <Button color="red" loading={busy} onClick={() => void remove()} data-autofocus>
              {t('signing.templates.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
};

/** Names the person for each place of the template, then makes the draft and opens it in the editor. */
const UseTemplateForm = ({ template, onCancel }: { template: SigningTemplate; onCancel: () => void }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [name, setName] = useState(template.name);
  const [people, setPeople] = useState(() => template.signers.map(() => ({ name: '', email: '' })));
  const [tags, setTags] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const failureText = useErrorText(failure);
  const [busy, setBusy] = useState(false);
  const ready = name.trim() && people.every((p) => p.name.trim() && p.email.trim());

  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const tagValues = Object.fromEntries(Object.entries(tags).filter(([, v]) => v.trim()));
      const detail = await projectFromTemplate({
        templateId: template.templateId,
        name: name.trim(),
        language: lang,
        signers: template.signers.map((place, i) => ({
          signerId: place.signerId,
          name: people[i]?.name.trim() ?? '',
          email: people[i]?.email.trim() ?? '',
        })),
        ...(Object.keys(tagValues).length ? { tagValues } : {}),
      });
      navigate(`/gp/signing/${detail.project.projectId}`);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) void submit();
      }}
      noValidate
    >
      <Stack gap="md">
        {failure !== null && (
          <Alert color="red" role="alert">
            {failureText}
          </Alert>
        )}
        <TextInput
          label={t('signing.create.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          maxLength={200}
          data-autofocus
        />
        {template.signers.map((place, i) => (
          <Stack gap={4} key={place.signerId} component="fieldset" style={{ border: 0, margin: 0, padding: 0 }}>
            <Text component="legend" fw={600} size="sm">
              {t('signing.templates.place', { label: place.label, role: t(`signing.role.${place.role}`) })}
            </Text>
            <Group grow align="flex-start">
              <TextInput
                label={t('signing.editor.signerName')}
                value={people[i]?.name ?? ''}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setPeople((all) => all.map((p, j) => (j === i ? { ...p, name: value } : p)));
                }}
                required
                maxLength={200}
              />
              <TextInput
                type="email"
                label={t('signing.editor.signerEmail')}
                value={people[i]?.email ?? ''}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setPeople((all) => all.map((p, j) => (j === i ? { ...p, email: value } : p)));
                }}
                required
                maxLength={254}
              />
            </Group>
          </Stack>
        ))}
        {template.tags.map((tag) => (
          <TextInput
            key={tag}
            label={t('signing.templates.tagValue', { tag: tagLabel(tag, lang) })}
            value={tags[tag] ?? ''}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setTags((all) => ({ ...all, [tag]: value }));
            }}
            maxLength={500}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('signing.create.cancel')}
          </Button>
          <Button type="submit" loading={busy} disabled={!ready}>
            {t('signing.templates.makeProject')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/**
 * "Save as template" in a draft's editor: its documents with their saved fields and its signers as
 * places (each labelled, by default with the signer's name), kept under a name.
 */
export const SaveAsTemplate = ({
  detail,
  prepare,
}: {
  detail: SigningProjectDetail;
  /**
   * Saves what is unsaved in the editor first and answers the project as stored (what the template
   * keeps); undefined when that was refused (the editor shows why).
   */
  prepare: () => Promise<SigningProjectDetail | undefined>;
}) => {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  const [name, setName] = useState(detail.project.name);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const failureText = useErrorText(failure);
  const [busy, setBusy] = useState(false);
  const { documents, signers } = detail;
  const labelOf = (signerId: string, fallback: string) => labels[signerId] ?? fallback;

  const save = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const stored = await prepare();
      if (!stored) {
        modal.close();
        return;
      }
      await saveTemplate({
        name: name.trim(),
        documents: stored.documents.map((d) => ({ fileId: d.fileId, name: d.name, fields: d.fields })),
        signers: stored.signers.map((s) => ({
          signerId: s.signerId,
          label: labelOf(s.signerId, s.name).trim(),
          role: s.role,
          group: s.group,
          ...(s.onBehalfOf ? { onBehalfOf: s.onBehalfOf } : {}),
        })),
      });
      notifications.show({ color: 'green', message: t('signing.templates.saved', { name: name.trim() }) });
      modal.close();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="default" onClick={modal.open} disabled={documents.length === 0 || signers.length === 0}>
        {t('signing.templates.saveAs')}
      </Button>
      <Modal opened={opened} onClose={modal.close} title={t('signing.templates.saveAs')}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          noValidate
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('signing.templates.saveHint')}
            </Text>
            {failure !== null && (
              <Alert color="red" role="alert">
                {failureText}
              </Alert>
            )}
            <TextInput
              label={t('signing.templates.name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              required
              maxLength={200}
              data-autofocus
            />
            {signers.map((s) => (
              <TextInput
                key={s.signerId}
                label={t('signing.templates.placeLabel', { role: t(`signing.role.${s.role}`), group: s.group })}
                value={labelOf(s.signerId, s.name)}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setLabels((all) => ({ ...all, [s.signerId]: value }));
                }}
                required
                maxLength={200}
              />
            ))}
            <Group justify="flex-end">
              <Button variant="default" onClick={modal.close}>
                {t('signing.create.cancel')}
              </Button>
              <Button
                type="submit"
                loading={busy}
                disabled={!name.trim() || signers.some((s) => !labelOf(s.signerId, s.name).trim())}
              >
                {t('signing.templates.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
};
