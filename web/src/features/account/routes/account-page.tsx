import { Container, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { can } from '@tranche/shared/auth/permissions';
import type { CurrentUser } from '@tranche/shared/user/user.schema';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import {
  updateEmailPreferences,
  updateInvestPreferences,
  useEmailPreferences,
  useInvestPreferences,
} from '@/features/account/api/email-preferences';
import { ChangePasswordSection } from '@/features/account/components/change-password-section';
import { MfaSection } from '@/features/account/components/mfa-section';
import { PreferencesSection } from '@/features/account/components/preferences-section';
import { ProfileSection } from '@/features/account/components/profile-section';
import { useAccountLocales } from '@/features/account/locales';
import { SignedIn } from '@/features/session/signed-in';
import { useTenant } from '@/features/tenant';

const TABS = ['profile', 'security', 'emails'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => (TABS as readonly (string | null)[]).includes(v);

/**
 * The user centre (/account in the portal, /gp/account in the console): profile, password and
 * two-step verification, email preferences (and investment notices for investors). The tab is in
 * the URL (`?tab=security`), so links and the MFA-enrolment redirect can open the right one.
 */
interface AccountPageProps {
  /** Inside the manager console, whose frame already pads and aligns its pages. */
  inConsole?: boolean;
}

const AccountPage = ({ inConsole = false }: AccountPageProps) => {
  useAccountLocales();
  const { t } = useTranslation();
  const tenant = useTenant();
  useDocumentTitle(`${t('account.title')} · ${tenant.branding.displayName}`);

  return (
    <SignedIn loadingLabel={t('account.loading')}>
      {(user) => <AccountTabs user={user} inConsole={inConsole} />}
    </SignedIn>
  );
};
export default AccountPage;

const AccountTabs = ({ user, inConsole }: { user: CurrentUser; inConsole: boolean }) => {
  const { t } = useTranslation();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'profile';
  const enrolmentRequired = Boolean(
    (location.state as { mfaEnrolmentRequired?: boolean } | null)?.mfaEnrolmentRequired,
  );
  const investor = can(user.role, 'manageInvestAccountPreferences');
  const emailPreferences = useEmailPreferences();
  const investPreferences = useInvestPreferences(investor);

  return (
    <Container
      size="lg"
      py={inConsole ? 0 : { base: 'lg', sm: 'xl' }}
      px={inConsole ? 0 : undefined}
      mx={inConsole ? 0 : undefined}
    >
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('account.title')}</Title>
          <Text c="dimmed">{t('account.intro')}</Text>
        </div>
        <Tabs
          value={tab}
          onChange={(next) =>
            isTab(next) && setParams(next === 'profile' ? {} : { tab: next }, { replace: true, state: location.state })
          }
          keepMounted={false}
        >
          <Tabs.List aria-label={t('account.tabsLabel')} mb="lg">
            <Tabs.Tab value="profile">{t('account.tabProfile')}</Tabs.Tab>
            <Tabs.Tab value="security">{t('account.tabSecurity')}</Tabs.Tab>
            <Tabs.Tab value="emails">{t('account.tabEmails')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="profile">
            <ProfileSection user={user} />
          </Tabs.Panel>
          <Tabs.Panel value="security">
            <Stack gap="lg">
              <MfaSection user={user} enrolmentRequired={enrolmentRequired} />
              <ChangePasswordSection email={user.email} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="emails">
            <Stack gap="lg">
              <PreferencesSection
                id="account-emails"
                title={t('account.emailsTitle')}
                intro={t('account.emailsIntro')}
                items={[
                  { key: 'productNews', label: t('account.productNews') },
                  { key: 'marketing', label: t('account.marketing') },
                  { key: 'inboxDigest', label: t('account.inboxDigest') },
                ]}
                query={emailPreferences}
                save={updateEmailPreferences}
              />
              {investor && (
                <PreferencesSection
                  id="account-invest"
                  title={t('account.investTitle')}
                  intro={t('account.investIntro')}
                  items={[
                    { key: 'capitalCalls', label: t('account.capitalCalls') },
                    { key: 'navUpdates', label: t('account.navUpdates') },
                    { key: 'distributions', label: t('account.distributions') },
                    { key: 'documents', label: t('account.documents') },
                    { key: 'subscriptionUpdates', label: t('account.subscriptionUpdates') },
                  ]}
                  query={investPreferences}
                  save={updateInvestPreferences}
                />
              )}
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
};
