import { Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/error-state';
import { useGpSettings } from '@/features/gp-console/api/get-gp-settings';
import { AccessNotice, isAccessError } from '@/features/gp-console/components/access-notice';
import { useTenant } from '@/features/tenant';

/** The console's overview: the team settings, or why they cannot be shown. */
export const GpHome = () => {
  const { t } = useTranslation();
  const tenant = useTenant();
  const { data, error, isLoading, mutate } = useGpSettings();
  useDocumentTitle(`${t('gp.consoleName')} · ${tenant.branding.displayName}`);

  if (isLoading)
    return (
      <div role="status" aria-live="polite" aria-busy="true">
        <VisuallyHidden>{t('gp.loadingSettings')}</VisuallyHidden>
        <Stack aria-hidden gap="md" maw={720}>
          <Skeleton h={32} w="40%" />
          <Skeleton h={160} />
        </Stack>
      </div>
    );

  if (isAccessError(error)) return <AccessNotice error={error} returnTo="/gp" />;

  if (error || !data) return <LoadError error={error} onRetry={() => void mutate()} />;

  const { settings, version } = data;
  const yesNo = (on: boolean) => (on ? t('common.enabled') : t('common.disabled'));
  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1}>{t('gp.overview')}</Title>
        <Text c="dimmed">{t('gp.settingsIntro', { name: tenant.branding.displayName })}</Text>
      </div>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="gp-settings-title">
        <Title order={2} size="h3" id="gp-settings-title" mb="sm">
          {t('gp.settings')}
        </Title>
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">{t('gp.requireMfaForGp')}</Table.Th>
              <Table.Td>{yesNo(settings.requireMfaForGp)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('gp.fourEyesApproval')}</Table.Th>
              <Table.Td>{yesNo(settings.fourEyesApproval)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('gp.capitalCallNotice')}</Table.Th>
              <Table.Td>{t('gp.businessDays', { count: settings.capitalCallNoticeBusinessDays })}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed" mt="sm">
          {t('gp.settingsVersion', { version })}
        </Text>
      </Paper>
    </Stack>
  );
};
