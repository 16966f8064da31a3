import { Alert, Anchor, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import {
  type CreateSigningProject,
  CreateSigningProjectSchema,
  type SigningProjectSummary,
} from '@tranche/shared/signing/signing.schema';
import {
  SIGNING_PROJECT_LIFECYCLE,
  SIGNING_PROJECT_STATES,
  type SigningProjectState,
} from '@tranche/shared/signing/signing-state';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { cursorPaging, DataTable, type DataTableColumn } from '@/components/data-table';
import { NoticePanel } from '@/components/notice-panel';
import { AccessNotice, isAccessError } from '@/features/gp-console';
import { useCurrentUser } from '@/features/session';
import { createProject, downloadSealed, useSigningProjects } from '@/features/signing/api/projects';
import { CompanySeals } from '@/features/signing/components/company-seals';
import { DeadlineFields } from '@/features/signing/components/deadline-fields';
import { ProjectStatusBadge } from '@/features/signing/components/status-badges';
import { SigningTemplates } from '@/features/signing/components/templates';
import { schemaResolver, useFieldError } from '@/features/signing/lib/validation';
import { useErrorText, useLang } from '@/i18n/use-lang';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { useDownload } from '@/lib/use-download';

const isStatus = (v: string | null): v is SigningProjectState =>
  (SIGNING_PROJECT_STATES as readonly unknown[]).includes(v);

/**
 * The manager's signing projects (listSigningProjects), newest first, one status or all; the status
 * is in the address (?status=...), so coming back from a project returns to the same list.
 */
export const ProjectsPage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(t('signing.list.title'));
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status = isStatus(asked) ? asked : null;
  const { projects, error, isLoading, hasMore, isLoadingMore, size, setSize, mutate } = useSigningProjects(status);
  const [creating, { open, close }] = useDisclosure(false);
  const { busy, download } = useDownload();
  const { data: user } = useCurrentUser();

  if (isAccessError(error)) return <AccessNotice error={error} />;

  const statusLabel = (s: SigningProjectState) => SIGNING_PROJECT_LIFECYCLE.stateLabel(s, lang);
  const columns: DataTableColumn<SigningProjectSummary>[] = [
    {
      key: 'name',
      header: t('signing.list.name'),
      rowHeader: true,
      sortValue: (p) => p.name,
      render: (p) => (
        <Anchor component={Link} to={`/gp/signing/${p.projectId}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {p.name}
        </Anchor>
      ),
    },
    {
      key: 'status',
      header: t('signing.list.status'),
      sortValue: (p) => SIGNING_PROJECT_STATES.indexOf(p.status),
      render: (p) => <ProjectStatusBadge status={p.status} />,
    },
    {
      key: 'progress',
      header: t('signing.list.progress'),
      align: 'end',
      noWrap: true,
      sortValue: (p) => (p.signers ? p.signed / p.signers : 0),
      render: (p) => t('signing.list.progressValue', { signed: p.signed, count: p.signers }),
    },
    {
      key: 'created',
      header: t('signing.list.created'),
      noWrap: true,
      sortValue: (p) => p.createdAt,
      render: (p) => formatDateTime(p.createdAt, lang),
    },
    {
      key: 'completed',
      header: t('signing.list.completed'),
      noWrap: true,
      sortValue: (p) => p.completedAt ?? '',
      render: (p) => (p.completedAt ? formatDateTime(p.completedAt, lang) : '—'),
    },
  ];

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1}>{t('signing.list.title')}</Title>
          <Text c="dimmed">{t('signing.list.intro')}</Text>
        </div>
        <Button onClick={open}>{t('signing.list.create')}</Button>
      </Group>
      <SegmentedControl
        aria-label={t('signing.list.statusFilter')}
        value={status ?? 'ALL'}
        onChange={(next) => setParams(next === 'ALL' ? {} : { status: next }, { replace: true })}
        data={[
          { value: 'ALL', label: t('signing.list.all') },
          ...SIGNING_PROJECT_STATES.map((s) => ({ value: s, label: statusLabel(s) })),
        ]}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
      />
      <DataTable
        label={t('signing.list.tableLabel')}
        columns={columns}
        rows={projects}
        rowKey={(p) => p.projectId}
        minWidth={760}
        loading={isLoading}
        error={error}
        onRetry={() => void mutate()}
        defaultSort={{ column: 'created', direction: 'desc' }}
        paging={cursorPaging({ hasMore, isLoadingMore, size, setSize }, t('signing.list.loadMore'))}
        rowActions={(p) =>
          p.status === 'COMPLETED' ? (
            p.sealed ? (
              <Button
                size="compact-sm"
                variant="light"
                loading={busy === p.projectId}
                aria-label={t('signing.list.downloadNamed', { name: p.name })}
                onClick={() => void download(p.projectId, () => downloadSealed(p.projectId))}
              >
                {t('signing.list.download')}
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                {t('signing.list.sealing')}
              </Text>
            )
          ) : null
        }
        empty={
          <NoticePanel
            title={t('signing.list.emptyTitle')}
            action={<Button onClick={open}>{t('signing.list.create')}</Button>}
          >
            {status
              ? t('signing.list.emptyFilteredBody', { status: statusLabel(status) })
              : t('signing.list.emptyBody')}
          </NoticePanel>
        }
      />
      <SigningTemplates />
      <CompanySeals canAdd={user?.role === 'GP_ADMIN' || user?.role === 'GP_OWNER'} />
      <Modal opened={creating} onClose={close} title={t('signing.create.title')}>
        <CreateProjectForm onCancel={close} />
      </Modal>
    </Stack>
  );
};

interface CreateValues {
  name: string;
  expiresInDays: number | string;
  reminderEveryDays: number | string;
}

const toInput = (v: CreateValues) => ({
  name: v.name.trim(),
  expiresInDays: v.expiresInDays === '' ? undefined : Number(v.expiresInDays),
  reminderEveryDays: v.reminderEveryDays === '' ? undefined : Number(v.reminderEveryDays),
});

const CreateProjectForm = ({ onCancel }: { onCancel: () => void }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const form = useForm<CreateValues, unknown, CreateSigningProject>({
    defaultValues: { name: '', expiresInDays: 30, reminderEveryDays: 3 },
    resolver: schemaResolver(CreateSigningProjectSchema, toInput),
  });
  const errorOf = useFieldError(form.formState.errors);
  const [failure, setFailure] = useState<unknown>(null);
  const failureText = useErrorText(failure);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const detail = await createProject({ ...values, language: lang });
      navigate(`/gp/signing/${detail.project.projectId}`);
    } catch (error) {
      if (!applyApiFieldErrors(error, form)) setFailure(error);
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        {failure !== null && (
          <Alert color="red" role="alert">
            {failureText}
          </Alert>
        )}
        <TextInput
          {...form.register('name')}
          label={t('signing.create.name')}
          description={t('signing.create.nameHint')}
          error={errorOf('name')}
          required
          data-autofocus
        />
        <DeadlineFields control={form.control} errorOf={errorOf} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('signing.create.cancel')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('signing.create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
