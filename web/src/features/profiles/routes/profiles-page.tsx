import { Anchor, Button, Container, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ProfileSummary } from '@tranche/shared/profile/profile.schema';
import { PROFILE_TYPE_LABELS, PROFILE_TYPES, type ProfileType } from '@tranche/shared/profile/profile-enums';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmActions } from '@/components/confirm-actions';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { NoticePanel } from '@/components/notice-panel';
import { useProfiles } from '@/features/profiles/api/get-profiles';
import { useStoreProfile } from '@/features/profiles/api/keys';
import { createProfile, deleteProfile } from '@/features/profiles/api/mutations';
import { ProfileStatus } from '@/features/profiles/components/profile-status';
import { isInProgress } from '@/features/profiles/lib/profile-state';
import { useTenant } from '@/features/tenant';
import { errorText, useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { notifications } from '@/lib/notifications';

/**
 * /profiles: the investor's profiles with their type and validation status, a button per profile
 * type to start one, "continue" on those still being filled in, and "delete" on a draft.
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
  // Only a draft is offered for deletion (the server also deletes a rejected one, but that is a record
  // of a decision the investor may want to correct rather than lose).
  const [deleting, setDeleting] = useState<ProfileSummary | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<unknown>(null);
  const closeDelete = () => {
    setDeleting(null);
    setDeleteFailure(null);
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteFailure(null);
    try {
      await deleteProfile(deleting);
      notifications.show({ color: 'green', message: t('profiles.deleted', { name: nameOf(deleting) }) });
      closeDelete();
      void mutate();
    } catch (failure) {
      setDeleteFailure(failure);
    } finally {
      setDeleteBusy(false);
    }
  };
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
            <Group gap="xs" wrap="nowrap">
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
              {p.state === 'DRAFT' && (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => setDeleting(p)}
                  aria-label={t('profiles.deleteDraftNamed', { name: nameOf(p) })}
                >
                  {t('profiles.deleteDraft')}
                </Button>
              )}
            </Group>
          )}
          empty={
            <NoticePanel title={t('profiles.emptyTitle')} action={createButtons('center')}>
              {t('profiles.emptyBody')}
            </NoticePanel>
          }
        />
      </Stack>
      <Modal
        opened={deleting !== null}
        onClose={closeDelete}
        title={deleting ? t('profiles.deleteTitle', { name: nameOf(deleting) }) : ''}
        centered
        closeButtonProps={{ 'aria-label': t('profiles.deleteClose') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('profiles.deleteBody')}</Text>
          <ConfirmActions
            failure={deleteFailure}
            // The draft was saved, submitted or deleted elsewhere since the list was read.
            isConflict={(e) => isApiError(e) && e.status === 409}
            conflictTitle={t('profiles.deleteConflictTitle')}
            conflictBody={t('profiles.deleteConflictBody')}
            reloadLabel={t('profiles.deleteReload')}
            onReload={() => void mutate()}
            cancelLabel={t('profiles.deleteCancel')}
            onCancel={closeDelete}
            confirmLabel={t('profiles.deleteConfirm')}
            confirmColor="red"
            busy={deleteBusy}
            onConfirm={() => void confirmDelete()}
          />
        </Stack>
      </Modal>
    </Container>
  );
};
