import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { ProfileSummary } from '@tranche/shared/profile/profile.schema';
import { PROFILE_TYPE_LABELS, PROFILE_TYPES, type ProfileType } from '@tranche/shared/profile/profile-enums';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { NoticePanel } from '@/components/notice-panel';
import { useProfiles } from '@/features/profiles/api/get-profiles';
import { useStoreProfile } from '@/features/profiles/api/keys';
import { createProfile } from '@/features/profiles/api/mutations';
import { ProfileStatus } from '@/features/profiles/components/profile-status';
import { isInProgress } from '@/features/profiles/lib/profile-state';
import { useTenant } from '@/features/tenant';
import { errorText, useLang } from '@/i18n/use-lang';
import { formatDateTime } from '@/lib/format';

/**
 * /profiles: the investor's profiles with their type and validation status, a button per profile
 * type to start one, and "continue" on those still being filled in.
 */
export const ProfilesPage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  const tenant = useTenant();
  const navigate = useNavigate();
  const store = useStoreProfile();
  useDocumentTitle(`${t('profiles.title')} · ${tenant.branding.displayName}`);
  const { data, error, isLoading, mutate } = useProfiles();
  const [creating, setCreating] = useState<ProfileType | null>(null);

  const create = async (type: ProfileType) => {
    setCreating(type);
    try {
      const profile = await store(await createProfile(type));
      void navigate(`/profiles/${profile.profileId}`);
    } catch (failure) {
      notifications.show({ title: t('profiles.createFailed'), message: errorText(failure, lang, t), color: 'red' });
    } finally {
      setCreating(null);
    }
  };

  const nameOf = (p: ProfileSummary) => p.name || t('profiles.unnamed');
  const columns: DataTableColumn<ProfileSummary>[] = [
    {
      key: 'name',
      header: t('profiles.columns.name'),
      rowHeader: true,
      sortValue: nameOf,
      render: (p) => (
        <Anchor component={Link} to={`/profiles/${p.profileId}`} fw={600}>
          {nameOf(p)}
        </Anchor>
      ),
    },
    {
      key: 'type',
      header: t('profiles.columns.type'),
      sortValue: (p) => PROFILE_TYPE_LABELS[p.type][lang],
      render: (p) => PROFILE_TYPE_LABELS[p.type][lang],
    },
    {
      key: 'status',
      header: t('profiles.columns.status'),
      render: (p) => <ProfileStatus state={p.state} validationStatus={p.validationStatus} />,
    },
    {
      key: 'updated',
      header: t('profiles.columns.updated'),
      noWrap: true,
      sortValue: (p) => p.updatedAt,
      render: (p) => formatDateTime(p.updatedAt, lang),
    },
  ];

  const createButtons = (justify: 'center' | 'flex-start') => (
    <Group gap="sm" wrap="wrap" justify={justify}>
      {PROFILE_TYPES.map((type) => (
        <Button
          key={type}
          variant={type === 'INDIVIDUAL' ? 'filled' : 'default'}
          onClick={() => void create(type)}
          loading={creating === type}
          disabled={creating !== null && creating !== type}
        >
          {t(`profiles.create.${type}`)}
        </Button>
      ))}
    </Group>
  );

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('profiles.title')}</Title>
          <Text c="dimmed">{t('profiles.intro')}</Text>
        </Stack>
        {(data?.items.length ?? 0) > 0 && createButtons('flex-start')}
        <DataTable
          label={t('profiles.listLabel')}
          columns={columns}
          rows={data?.items ?? []}
          rowKey={(p) => p.profileId}
          loading={isLoading}
          error={error}
          onRetry={() => void mutate()}
          defaultSort={{ column: 'updated', direction: 'desc' }}
          rowActions={(p) => (
            <Button
              component={Link}
              to={`/profiles/${p.profileId}`}
              size="xs"
              variant="light"
              aria-label={
                isInProgress(p.state)
                  ? t('profiles.continueNamed', { name: nameOf(p) })
                  : t('profiles.openNamed', { name: nameOf(p) })
              }
            >
              {isInProgress(p.state) ? t('profiles.continue') : t('profiles.open')}
            </Button>
          )}
          empty={
            <NoticePanel title={t('profiles.emptyTitle')} action={createButtons('center')}>
              {t('profiles.emptyBody')}
            </NoticePanel>
          }
        />
      </Stack>
    </Container>
  );
};
