import { Alert, Skeleton, Stack, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { can } from '@tranche/shared/auth/permissions';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { LoadError } from '@/components/error-state';
import { AccessNotice, isAccessError } from '@/features/gp-console';
import { useRevalidateTenant, useTenantConfig } from '@/features/gp-settings/api/tenant-config';
import { BrandingTab } from '@/features/gp-settings/components/branding-tab';
import { CountriesTab } from '@/features/gp-settings/components/countries-tab';
import { DomainTab } from '@/features/gp-settings/components/domain-tab';
import { GeneralTab } from '@/features/gp-settings/components/general-tab';
import { MandatoryDocsTab } from '@/features/gp-settings/components/mandatory-docs-tab';
import { PoliciesTab } from '@/features/gp-settings/components/policies-tab';
import { ProfileRequirementsTab } from '@/features/gp-settings/components/profile-requirements-tab';
import { useGpSettingsLocales } from '@/features/gp-settings/locales';
import { useCurrentUser } from '@/features/session';
import { useTenant } from '@/features/tenant';

const TABS = ['general', 'branding', 'domain', 'policies', 'countries', 'profiles', 'subscriptionDocs'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: unknown): v is Tab => (TABS as readonly unknown[]).includes(v);

/**
 * The console's settings area (`/gp/settings/<tab>`), loaded on demand. The whole GP team may look;
 * only admins and owners may change anything (the API enforces the same), so members see every
 * form disabled with a note saying why.
 */
const GpSettings = () => {
  useGpSettingsLocales();
  const { t } = useTranslation();
  const tenant = useTenant();
  const navigate = useNavigate();
  const tab = useParams()['*'];
  const { data: config, error, isLoading, mutate } = useTenantConfig();
  const { data: user } = useCurrentUser();
  const revalidate = useRevalidateTenant();
  useDocumentTitle(`${t('gpSettings.title')} · ${tenant.branding.displayName}`);

  if (!isTab(tab)) return <Navigate to="general" replace />;

  if (isLoading)
    return (
      <div role="status" aria-live="polite" aria-busy="true">
        <VisuallyHidden>{t('gpSettings.loading')}</VisuallyHidden>
        <Stack aria-hidden gap="md" maw={960}>
          <Skeleton h={32} w="30%" />
          <Skeleton h={36} />
          <Skeleton h={240} />
        </Stack>
      </div>
    );

  if (isAccessError(error)) return <AccessNotice error={error} offerSignIn={false} />;

  if (error || !config) return <LoadError error={error} onRetry={() => void mutate()} />;

  const canEdit = user !== undefined && can(user.role, 'changeTenantSettings');
  const props = { config, canEdit, onChanged: revalidate };
  const panels: Record<Tab, ReactNode> = {
    general: <GeneralTab {...props} />,
    branding: <BrandingTab {...props} />,
    domain: <DomainTab {...props} />,
    policies: <PoliciesTab canEdit={canEdit} />,
    countries: <CountriesTab canEdit={canEdit} />,
    profiles: <ProfileRequirementsTab canEdit={canEdit} />,
    subscriptionDocs: <MandatoryDocsTab canEdit={canEdit} />,
  };

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>{t('gpSettings.title')}</Title>
        <Text c="dimmed">{t('gpSettings.intro', { name: tenant.branding.displayName })}</Text>
      </div>
      {user && !canEdit && (
        <Alert color="blue" variant="light" title={t('gpSettings.readOnlyTitle')}>
          {t('gpSettings.readOnlyBody')}
        </Alert>
      )}
      <Tabs value={tab} onChange={(next) => next && navigate(`../${next}`, { relative: 'path' })} keepMounted={false}>
        <Tabs.List aria-label={t('gpSettings.tabsLabel')}>
          {TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`gpSettings.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((name) => (
          <Tabs.Panel key={name} value={name} pt="lg">
            {panels[name]}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
};
export default GpSettings;
