import { Group, Skeleton, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { SigningProjectDetail } from '@tranche/shared/signing/signing.schema';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { LoadError } from '@/components/error-state';
import { NoticePanel } from '@/components/notice-panel';
import { AccessNotice, isAccessError } from '@/features/gp-console';
import { useSigningProject } from '@/features/signing/api/projects';
import { DraftEditor } from '@/features/signing/components/draft-editor';
import { ProjectStatus } from '@/features/signing/components/project-status';
import { ProjectStatusBadge } from '@/features/signing/components/status-badges';
import { isApiError } from '@/lib/api-error';

/** One signing project: the editor while it is a draft, its progress and downloads once sent. */
export const ProjectPage = () => {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const { data, error, mutate } = useSigningProject(projectId);
  useDocumentTitle(data?.project.name ?? t('signing.list.title'));
  const back = <BackLink to="/gp/signing">{t('signing.editor.back')}</BackLink>;

  if (isAccessError(error)) return <AccessNotice error={error} />;
  if (isApiError(error) && error.status === 404)
    return (
      <Stack gap="md" maw={720}>
        {back}
        <NoticePanel title={t('signing.editor.notFoundTitle')} headingOrder={1}>
          {t('signing.editor.notFoundBody')}
        </NoticePanel>
      </Stack>
    );
  if (error && !data)
    return (
      <Stack gap="md">
        {back}
        <Title order={1}>{t('signing.list.title')}</Title>
        <LoadError error={error} onRetry={() => void mutate()} />
      </Stack>
    );
  if (!data)
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('signing.editor.loading')}>
        {back}
        <Skeleton h={36} w="50%" />
        <Skeleton h={160} />
        <Skeleton h={420} />
      </Stack>
    );

  const saved = (next: SigningProjectDetail) => void mutate(next, { revalidate: false });
  return (
    <Stack gap="md" maw={1280}>
      {back}
      <Group gap="sm" align="center">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {data.project.name}
        </Title>
        <ProjectStatusBadge status={data.project.status} />
      </Group>
      {data.project.status === 'DRAFT' ? (
        <DraftEditor detail={data} onSaved={saved} reload={() => mutate()} />
      ) : (
        <ProjectStatus detail={data} onSaved={saved} />
      )}
    </Stack>
  );
};
