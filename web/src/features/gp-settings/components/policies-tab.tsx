import {
  Badge,
  Button,
  Fieldset,
  Group,
  Modal,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CreatePolicySchema,
  type GpPolicy,
  POLICY_BODY_MAX,
  POLICY_KINDS,
  type PolicyContent,
} from '@tranche/shared/tenant/policy.schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LoadError } from '@/components/error-state';
import {
  archivePolicy,
  createPolicy,
  publishPolicy,
  updatePolicy,
  usePolicies,
  useRevalidatePolicies,
} from '@/features/gp-settings/api/policies';
import { useSave } from '@/features/gp-settings/lib/use-save';
import { schemaResolver, useFieldError } from '@/features/gp-settings/lib/validation';
import { useLang } from '@/i18n/use-lang';
import { formatDate } from '@/lib/format';
import { localized } from '@/lib/localized';
import { notifications } from '@/lib/notifications';
import { SaveError } from './settings-section';
import { SwitchField } from './switch-field';

type Editing = { mode: 'new' } | { mode: 'edit'; policy: GpPolicy } | null;
type Confirming = { action: 'publish' | 'archive'; policy: GpPolicy } | null;

/** The tenant's policies: drafts, published versions, archive; each publication is a numbered version. */
export const PoliciesTab = ({ canEdit }: { canEdit: boolean }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { data, error, isLoading, mutate } = usePolicies();
  const revalidate = useRevalidatePolicies();
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);

  if (isLoading)
    return (
      <Stack aria-busy="true" gap="sm">
        <Skeleton h={28} w="30%" />
        <Skeleton h={160} />
      </Stack>
    );
  if (error || !data) return <LoadError error={error} onRetry={() => void mutate()} />;

  const columns: DataTableColumn<GpPolicy>[] = [
    {
      key: 'title',
      header: t('gpSettings.policies.columns.title'),
      rowHeader: true,
      sortValue: (p) => localized(p.draft.title, lang),
      render: (p) => localized(p.draft.title, lang),
    },
    {
      key: 'kind',
      header: t('gpSettings.policies.columns.kind'),
      sortValue: (p) => t(`gpSettings.policies.kinds.${p.draft.kind}`),
      render: (p) => t(`gpSettings.policies.kinds.${p.draft.kind}`),
    },
    {
      key: 'status',
      header: t('gpSettings.policies.columns.status'),
      sortValue: (p) => t(`gpSettings.policies.status.${p.status}`),
      render: (p) => (
        <Group gap={4}>
          <Badge variant="light" color={p.status === 'PUBLISHED' ? 'green' : p.status === 'DRAFT' ? 'gray' : 'dark'}>
            {t(`gpSettings.policies.status.${p.status}`)}
          </Badge>
          {p.published && (
            <Badge variant="outline" color="gray">
              {t('gpSettings.policies.version', { version: p.published.version })}
            </Badge>
          )}
          {p.status === 'PUBLISHED' && p.hasUnpublishedChanges && (
            <Badge variant="light" color="orange">
              {t('gpSettings.policies.unpublished')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'updated',
      header: t('gpSettings.policies.columns.updated'),
      noWrap: true,
      sortValue: (p) => p.updatedAt,
      render: (p) => formatDate(p.updatedAt, lang),
    },
  ];

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="policies-title">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <div>
          <Title order={2} size="h3" id="policies-title">
            {t('gpSettings.policies.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4} maw={640}>
            {t('gpSettings.policies.description')}
          </Text>
        </div>
        {canEdit && <Button onClick={() => setEditing({ mode: 'new' })}>{t('gpSettings.policies.new')}</Button>}
      </Group>
      <DataTable
        label={t('gpSettings.policies.title')}
        columns={columns}
        rows={data.items}
        rowKey={(p) => p.policyId}
        minWidth={640}
        withTableBorder={false}
        actionsHeader={t('gpSettings.policies.columns.actions')}
        rowActions={(p) => {
          const title = localized(p.draft.title, lang);
          return (
            <>
              <Button
                size="compact-sm"
                variant="default"
                aria-label={
                  canEdit ? t('gpSettings.policies.editOf', { title }) : t('gpSettings.policies.viewOf', { title })
                }
                onClick={() => setEditing({ mode: 'edit', policy: p })}
              >
                {canEdit ? t('gpSettings.policies.edit') : t('gpSettings.policies.view')}
              </Button>
              {canEdit && p.hasUnpublishedChanges && (
                <Button
                  size="compact-sm"
                  aria-label={t('gpSettings.policies.publishOf', { title })}
                  onClick={() => setConfirming({ action: 'publish', policy: p })}
                >
                  {p.status === 'ARCHIVED' && p.published && !changedSincePublished(p)
                    ? t('gpSettings.policies.republish')
                    : t('gpSettings.policies.publish')}
                </Button>
              )}
              {canEdit && p.status !== 'ARCHIVED' && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  aria-label={t('gpSettings.policies.archiveOf', { title })}
                  onClick={() => setConfirming({ action: 'archive', policy: p })}
                >
                  {t('gpSettings.policies.archive')}
                </Button>
              )}
            </>
          );
        }}
        empty={<Text c="dimmed">{t('gpSettings.policies.empty')}</Text>}
      />
      {editing && (
        <PolicyEditor
          editing={editing}
          canEdit={canEdit}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await revalidate();
          }}
        />
      )}
      {confirming && (
        <ConfirmAction
          confirming={confirming}
          onClose={() => setConfirming(null)}
          onDone={async () => {
            setConfirming(null);
            await revalidate();
          }}
        />
      )}
    </Paper>
  );
};

/** An archived policy whose draft still equals its last published version is restored, not re-versioned. */
const changedSincePublished = (p: GpPolicy) =>
  !p.published ||
  JSON.stringify([p.draft.kind, p.draft.title, p.draft.body, p.draft.requireAcceptance]) !==
    JSON.stringify([p.published.kind, p.published.title, p.published.body, p.published.requireAcceptance]);

const EMPTY: PolicyContent = {
  kind: 'PRIVACY',
  title: { en: '', 'zh-CN': '' },
  body: { en: '', 'zh-CN': '' },
  requireAcceptance: false,
};

/** Drops empty Chinese texts: the schema wants a Chinese text to be absent rather than empty. */
const cleaned = (c: PolicyContent): PolicyContent => ({
  ...c,
  title: c.title['zh-CN']?.trim() ? c.title : { en: c.title.en },
  body: c.body['zh-CN']?.trim() ? c.body : { en: c.body.en },
});

const PolicyEditor = ({
  editing,
  canEdit,
  onClose,
  onSaved,
}: {
  editing: NonNullable<Editing>;
  canEdit: boolean;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) => {
  const { t } = useTranslation();
  const existing = editing.mode === 'edit' ? editing.policy : undefined;
  const defaults: PolicyContent = existing
    ? {
        ...existing.draft,
        title: { 'zh-CN': '', ...existing.draft.title },
        body: { 'zh-CN': '', ...existing.draft.body },
      }
    : EMPTY;
  const form = useForm<PolicyContent>({
    defaultValues: defaults,
    resolver: async (values, context, options) =>
      schemaResolver<PolicyContent>(CreatePolicySchema)(cleaned(values), context, options),
  });
  const errorOf = useFieldError(form.formState.errors);
  const { error, run } = useSave(form);

  const submit = form.handleSubmit(async (values) => {
    const ok = await run(
      () =>
        existing
          ? updatePolicy(existing.policyId, { ...cleaned(values), revision: existing.revision })
          : createPolicy(cleaned(values)),
      t('gpSettings.policies.draftSaved'),
    );
    if (ok) await onSaved();
  });

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={existing ? t('gpSettings.policies.formTitleEdit') : t('gpSettings.policies.formTitleNew')}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Fieldset disabled={!canEdit} variant="unstyled" p={0}>
          <Stack gap="md">
            <Group align="flex-end" gap="lg">
              <NativeSelect
                label={t('gpSettings.policies.kind')}
                data={POLICY_KINDS.map((k) => ({ value: k, label: t(`gpSettings.policies.kinds.${k}`) }))}
                error={errorOf('kind')}
                {...form.register('kind')}
              />
              <SwitchField
                control={form.control}
                name="requireAcceptance"
                label={t('gpSettings.policies.requireAcceptance')}
              />
            </Group>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <Stack gap="sm">
                <TextInput
                  label={t('gpSettings.policies.titleEn')}
                  withAsterisk
                  maxLength={200}
                  error={errorOf('title.en')}
                  {...form.register('title.en')}
                />
                <Textarea
                  label={t('gpSettings.policies.bodyEn')}
                  description={t('gpSettings.policies.bodyHint')}
                  withAsterisk
                  autosize
                  minRows={8}
                  maxRows={18}
                  maxLength={POLICY_BODY_MAX}
                  error={errorOf('body.en')}
                  {...form.register('body.en')}
                />
              </Stack>
              <Stack gap="sm" lang="zh-CN">
                <TextInput
                  label={t('gpSettings.policies.titleZh')}
                  maxLength={200}
                  error={errorOf('title.zh-CN')}
                  {...form.register('title.zh-CN')}
                />
                <Textarea
                  label={t('gpSettings.policies.bodyZh')}
                  description={t('gpSettings.policies.bodyHint')}
                  autosize
                  minRows={8}
                  maxRows={18}
                  maxLength={POLICY_BODY_MAX}
                  error={errorOf('body.zh-CN')}
                  {...form.register('body.zh-CN')}
                />
              </Stack>
            </SimpleGrid>
            {existing && existing.versions.length > 0 && (
              <Text size="xs" c="dimmed">
                {t('gpSettings.policies.history', {
                  versions: existing.versions.map((v) => `v${v.version}`).join(', '),
                })}
              </Text>
            )}
          </Stack>
        </Fieldset>
        {error ? (
          <Stack mt="md">
            <SaveError error={error} onReload={() => void onSaved()} />
          </Stack>
        ) : null}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            {t('gpSettings.policies.cancel')}
          </Button>
          {canEdit && (
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('gpSettings.policies.saveDraft')}
            </Button>
          )}
        </Group>
      </form>
    </Modal>
  );
};

const ConfirmAction = ({
  confirming,
  onClose,
  onDone,
}: {
  confirming: NonNullable<Confirming>;
  onClose: () => void;
  onDone: () => Promise<void>;
}) => {
  const { t } = useTranslation();
  const { action, policy } = confirming;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const nextVersion = changedSincePublished(policy) ? (policy.published?.version ?? 0) + 1 : policy.published?.version;
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const result =
        action === 'publish'
          ? await publishPolicy(policy.policyId, policy.revision)
          : await archivePolicy(policy.policyId);
      notifications.show({
        color: 'green',
        message:
          action === 'publish'
            ? t('gpSettings.policies.published', { version: result.published?.version })
            : t('gpSettings.policies.archived'),
      });
      await onDone();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={action === 'publish' ? t('gpSettings.policies.publish') : t('gpSettings.policies.archive')}
    >
      <Stack gap="md">
        <Text size="sm">
          {action === 'publish'
            ? t('gpSettings.policies.confirmPublish', { version: nextVersion })
            : t('gpSettings.policies.confirmArchive', { title: policy.draft.title.en })}
        </Text>
        {error ? <SaveError error={error} onReload={() => void onDone()} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('gpSettings.policies.cancel')}
          </Button>
          <Button color={action === 'archive' ? 'red' : undefined} loading={busy} onClick={() => void confirm()}>
            {t('gpSettings.policies.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
