import { Anchor, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Lang } from '@tranche/shared/i18n/langs';
import { ACTIVITY_ACTIONS, type ActivityAction } from '@tranche/shared/inbox/inbox.schema';
import { PROFILE_TYPE_LABELS, PROFILE_TYPES, type ProfileType } from '@tranche/shared/profile/profile-enums';
import { PROFILE_STATES, type ProfileState, validationStatusOf } from '@tranche/shared/profile/profile-lifecycle';
import { SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_TYPE_LABELS } from '@tranche/shared/subscription/statuses';
import type { SubscriptionSummary } from '@tranche/shared/subscription/subscription.schema';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AuditTrail, type AuditTrailEntry } from '@/components/audit-trail';
import { BackLink } from '@/components/back-link';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LoadError } from '@/components/error-state';
import { NotFoundPanel } from '@/components/not-found-panel';
import { usePrincipalDetail } from '@/features/gp-console/api/principal-detail';
import { AccessNotice, isAccessError } from '@/features/gp-console/components/access-notice';
import { AccountStatusBadge } from '@/features/gp-console/components/status-badge';
import { useGpConsoleLocales } from '@/features/gp-console/locales';
import { GP_INVESTORS_PATH } from '@/features/gp-console/paths';
import { gpSubscriptionPath } from '@/features/gp-subscriptions/paths';
import { ProfileStatus } from '@/features/profiles/status';
import { SubscriptionStatusBadge } from '@/features/subscriptions/badge';
import { useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { formatDateTime, formatMoney } from '@/lib/format';

type PrincipalProfile = { profileId: string; type: string; name: string; state: string; updatedAt: string };
type Activity = { at: string; action: string; subjectId?: string | undefined };

const isProfileState = (v: string): v is ProfileState => (PROFILE_STATES as readonly string[]).includes(v);
const isProfileType = (v: string): v is ProfileType => (PROFILE_TYPES as readonly string[]).includes(v);
const isActivityAction = (v: string): v is ActivityAction => (ACTIVITY_ACTIONS as readonly string[]).includes(v);

/**
 * The investor's recent activity as the shared AuditTrail draws it, newest first: what they viewed or
 * did, in words. A fund they looked at is named when one of their subscriptions is to it (the trail
 * keeps ids only, and the route answers no product names).
 */
export const activityEntries = (
  activity: readonly Activity[],
  subscriptions: readonly SubscriptionSummary[],
  t: TFunction,
): AuditTrailEntry[] => {
  const fundOf = new Map(subscriptions.map((s) => [s.productId, s.fund]));
  return [...activity]
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    .map((a, i) => {
      const fund = a.action === 'VIEW_PRODUCT' && a.subjectId ? fundOf.get(a.subjectId) : undefined;
      return {
        // Two reports in the same millisecond are possible: the position keeps the key unique.
        id: `${a.at}#${i}`,
        at: a.at,
        action: a.action,
        sentence: isActivityAction(a.action)
          ? t(`gpConsole.investor.activityAction.${a.action}`)
          : t('gpConsole.investor.activityOther', { action: a.action }),
        details: fund ? [t('gpConsole.investor.activityFund', { fund })] : [],
      };
    });
};

const Section = ({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) => (
  <Paper component="section" withBorder radius="md" p="md">
    <Stack gap="sm">
      <div>
        <Title order={2} size="h3">
          {title}
        </Title>
        {intro && (
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  </Paper>
);

const profileColumns = (t: TFunction, lang: Lang): DataTableColumn<PrincipalProfile>[] => [
  {
    key: 'name',
    header: t('gpConsole.investor.profileName'),
    rowHeader: true,
    render: (p) => <span style={{ overflowWrap: 'anywhere' }}>{p.name || t('gpConsole.investor.unnamed')}</span>,
  },
  {
    key: 'type',
    header: t('gpConsole.investor.profileType'),
    render: (p) => (isProfileType(p.type) ? PROFILE_TYPE_LABELS[p.type][lang] : p.type),
  },
  {
    key: 'status',
    header: t('gpConsole.investor.profileStatus'),
    render: (p) =>
      isProfileState(p.state) ? (
        <ProfileStatus state={p.state} validationStatus={validationStatusOf(p.state)} />
      ) : (
        p.state
      ),
  },
  {
    key: 'updated',
    header: t('gpConsole.investor.updated'),
    noWrap: true,
    render: (p) => formatDateTime(p.updatedAt, lang),
  },
];

const subscriptionColumns = (t: TFunction, lang: Lang): DataTableColumn<SubscriptionSummary>[] => [
  {
    key: 'fund',
    header: t('gpConsole.investor.fund'),
    rowHeader: true,
    sortValue: (s) => s.fund,
    render: (s) => (
      <Anchor component={Link} to={gpSubscriptionPath(s.subscriptionId)} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {s.fund}
      </Anchor>
    ),
  },
  {
    key: 'type',
    header: t('gpConsole.investor.subscriptionType'),
    sortValue: (s) => SUBSCRIPTION_TYPE_LABELS[s.type][lang],
    render: (s) => SUBSCRIPTION_TYPE_LABELS[s.type][lang],
  },
  {
    key: 'status',
    header: t('gpConsole.investor.subscriptionStatus'),
    sortValue: (s) => SUBSCRIPTION_STATUS_LABELS[s.status][lang],
    render: (s) => <SubscriptionStatusBadge status={s.status} />,
  },
  {
    key: 'amount',
    header: t('gpConsole.investor.amount'),
    align: 'end',
    noWrap: true,
    sortValue: (s) => Number(s.amount ?? 0),
    render: (s) => (s.amount ? formatMoney(s.amount, s.currency, lang) : t('gpConsole.investor.noAmount')),
  },
  {
    key: 'updated',
    header: t('gpConsole.investor.updated'),
    noWrap: true,
    sortValue: (s) => s.updatedAt,
    render: (s) => formatDateTime(s.updatedAt, lang),
  },
];

/**
 * /gp/investors/:userId: one investor for the team, from the one principal-detail route: the account,
 * their profiles with the verification state the KYC review gives them, their subscriptions (each
 * opening its case page) and what they recently viewed or did on the portal.
 */
const InvestorPage = () => {
  // Loaded on its own (React.lazy): the console's strings may not be in yet when it renders first.
  useGpConsoleLocales();
  const { t } = useTranslation();
  const lang = useLang();
  const { userId } = useParams();
  const { data, error, isLoading, mutate } = usePrincipalDetail(userId);
  useDocumentTitle(data ? data.investor.name || data.investor.email : t('gpConsole.investor.title'));

  if (isAccessError(error)) return <AccessNotice error={error} />;
  const back = <BackLink to={GP_INVESTORS_PATH}>{t('gpConsole.investor.backToList')}</BackLink>;
  let content: ReactNode;
  if (isApiError(error) && (error.status === 404 || error.code === 'PARAMS_ERROR'))
    content = (
      <NotFoundPanel
        title={t('gpConsole.investor.notFoundTitle')}
        backTo={GP_INVESTORS_PATH}
        backLabel={t('gpConsole.investor.backToList')}
      >
        {t('gpConsole.investor.notFoundBody')}
      </NotFoundPanel>
    );
  else if (error)
    content = (
      <Stack gap="md">
        <Title order={1}>{t('gpConsole.investor.title')}</Title>
        <LoadError error={error} onRetry={() => void mutate()} />
      </Stack>
    );
  else if (isLoading || !data)
    content = (
      <Stack gap="md" role="status" aria-busy="true">
        <VisuallyHidden>{t('gpConsole.investor.loading')}</VisuallyHidden>
        <Skeleton h={36} w="40%" aria-hidden />
        <Skeleton h={20} w="30%" aria-hidden />
        <Skeleton h={140} aria-hidden />
        <Skeleton h={200} aria-hidden />
      </Stack>
    );
  else {
    const { investor, profiles, subscriptions, activity } = data;
    content = (
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} miw={0}>
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {investor.name || investor.email}
            </Title>
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              <VisuallyHidden>{t('gpConsole.investor.email')}: </VisuallyHidden>
              <Anchor href={`mailto:${investor.email}`} c="inherit" underline="always">
                {investor.email}
              </Anchor>
            </Text>
          </Stack>
          <Group gap={6}>
            <Text size="sm" c="dimmed" span>
              {t('gpConsole.investor.account')}
            </Text>
            <AccountStatusBadge status={investor.inviteStatus} />
          </Group>
        </Group>
        <Section title={t('gpConsole.investor.profiles')} intro={t('gpConsole.investor.profilesIntro')}>
          <DataTable
            label={t('gpConsole.investor.profilesLabel')}
            columns={profileColumns(t, lang)}
            rows={profiles}
            rowKey={(p) => p.profileId}
            minWidth={620}
            withTableBorder={false}
            empty={<Text c="dimmed">{t('gpConsole.investor.noProfiles')}</Text>}
          />
        </Section>
        <Section title={t('gpConsole.investor.subscriptions')}>
          <DataTable
            label={t('gpConsole.investor.subscriptionsLabel')}
            columns={subscriptionColumns(t, lang)}
            rows={subscriptions}
            rowKey={(s) => s.subscriptionId}
            defaultSort={{ column: 'updated', direction: 'desc' }}
            minWidth={760}
            withTableBorder={false}
            empty={<Text c="dimmed">{t('gpConsole.investor.noSubscriptions')}</Text>}
          />
        </Section>
        <Section title={t('gpConsole.investor.activity')} intro={t('gpConsole.investor.activityIntro')}>
          <AuditTrail
            entries={activityEntries(activity, subscriptions, t)}
            lang={lang}
            label={t('gpConsole.investor.activityLabel')}
            emptyText={t('gpConsole.investor.noActivity')}
          />
        </Section>
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={1100}>
      {back}
      {content}
    </Stack>
  );
};
export default InvestorPage;
