import { Alert, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { BANK_ACCOUNT_LIFECYCLE } from '@tranche/shared/profile/bank-account';
import type { GpBankAccount } from '@tranche/shared/profile/bank-approval.schema';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { BADGE_WARNING } from '@/components/badge-colors';
import { LoadError } from '@/components/error-state';
import { NoticePanel } from '@/components/notice-panel';
import { useBankAccountReview, useDecideBankAccount } from '@/features/bank-accounts/api/bank-account-review';
import { useBankAccountsLocales } from '@/features/bank-accounts/locales';
import { AccessNotice, isAccessError } from '@/features/gp-console';
import { errorText, useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';

// Pending stands out (nothing may be paid to it); dark shades keep 4.5:1 on white.
const STATUS_COLOR = { PENDING: BADGE_WARNING, OPEN: 'teal.9', CLOSED: 'gray.7' } as const;

/**
 * A bank account of an investor profile as the team reviews it (where the GP_BANK_CHANGE_APPROVAL task
 * links): the details with the number masked, and for admins and owners the decision with its reason,
 * on the version read (a stale one is refused and the page reloads it).
 */
const GpBankAccountPage = () => {
  useBankAccountsLocales();
  const { t } = useTranslation();
  const { profileId, bankId } = useParams();
  const { data, error, isLoading, mutate } = useBankAccountReview(profileId, bankId);
  useDocumentTitle(t('bankAccounts.review.title'));

  if (isAccessError(error)) return <AccessNotice error={error} />;
  if (isApiError(error) && error.status === 404)
    return (
      <Stack maw={640} gap="md">
        <BackLink to="/gp/tasks">{t('bankAccounts.review.back')}</BackLink>
        <NoticePanel title={t('bankAccounts.review.notFound')} headingOrder={1}>
          {t('bankAccounts.review.notFoundBody')}
        </NoticePanel>
      </Stack>
    );
  if (error && !data)
    return (
      <Stack maw={640} gap="md">
        <BackLink to="/gp/tasks">{t('bankAccounts.review.back')}</BackLink>
        <LoadError error={error} onRetry={() => void mutate()} />
      </Stack>
    );
  if (isLoading || !data || !profileId || !bankId)
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label={t('bankAccounts.review.loading')}>
        <Skeleton h={36} w="50%" />
        <Skeleton h={200} />
      </Stack>
    );
  return <AccountView account={data} onReload={() => void mutate()} />;
};
export default GpBankAccountPage;

const AccountView = ({ account, onReload }: { account: GpBankAccount; onReload: () => void }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const rows: [string, string | undefined][] = [
    [t('bankAccounts.review.investor'), account.investorName],
    [t('bankAccounts.review.profile'), account.profileName],
    [t('bankAccounts.review.bankName'), account.bankName],
    [t('bankAccounts.review.accountName'), account.accountName],
    [t('bankAccounts.review.number'), account.accountNumberMasked],
    [t('bankAccounts.review.currency'), account.currency],
    [t('bankAccounts.review.country'), account.bankCountry],
    [t('bankAccounts.review.swift'), account.swiftBic],
    [t('bankAccounts.review.routing'), account.routingNumber],
    [t('bankAccounts.review.changedAt'), formatDateTime(account.updatedAt, lang)],
  ];
  return (
    <Stack gap="lg" maw={960}>
      <BackLink to="/gp/tasks">{t('bankAccounts.review.back')}</BackLink>
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2">
          {t('bankAccounts.review.title')}
        </Title>
        <Badge color={STATUS_COLOR[account.status]} variant="outline" radius="sm">
          {BANK_ACCOUNT_LIFECYCLE.stateLabel(account.status, lang)}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs" component="dl" m={0}>
            {rows
              .filter((r): r is [string, string] => Boolean(r[1]))
              .map(([label, value]) => (
                <Group key={label} justify="space-between" wrap="nowrap" gap="md">
                  <Text component="dt" size="sm" c="dimmed">
                    {label}
                  </Text>
                  <Text component="dd" size="sm" m={0} ta="right" style={{ overflowWrap: 'anywhere' }}>
                    {value}
                  </Text>
                </Group>
              ))}
          </Stack>
        </Paper>
        <DecisionForm account={account} onStale={onReload} />
      </SimpleGrid>
    </Stack>
  );
};

const DecisionForm = ({ account, onStale }: { account: GpBankAccount; onStale: () => void }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const decide = useDecideBankAccount(account.profileId, account.bankId);
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<'APPROVED' | 'REJECTED'>();
  const [failure, setFailure] = useState<unknown>();
  const [missing, setMissing] = useState(false);

  if (account.review)
    return (
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t(`bankAccounts.review.decided.${account.review.decision}`)}
          </Title>
          <Text size="sm">{account.review.reason}</Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(account.review.decidedAt, lang)}
          </Text>
        </Stack>
      </Paper>
    );
  if (account.allowedDecisions.length === 0)
    return (
      <Paper withBorder radius="md" p="md">
        <Text size="sm">
          {account.status === 'PENDING' ? t('bankAccounts.review.adminsOnly') : t('bankAccounts.review.notPending')}
        </Text>
      </Paper>
    );
  const submit = async (decision: 'APPROVED' | 'REJECTED') => {
    if (reason.trim().length === 0) {
      setMissing(true);
      return;
    }
    setBusy(decision);
    setFailure(undefined);
    try {
      await decide({ decision, reason: reason.trim(), updatedAt: account.updatedAt });
    } catch (e) {
      setFailure(e);
      if (isApiError(e) && e.code === 'BANK_ACCOUNT_NOT_PENDING') onStale();
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('bankAccounts.review.decide')}
        </Title>
        <Text size="sm">{t('bankAccounts.review.decideHint')}</Text>
        <Textarea
          id={reasonId}
          label={t('bankAccounts.review.reason')}
          required
          rows={3}
          resize="vertical"
          maxLength={1000}
          value={reason}
          error={missing ? t('bankAccounts.review.reasonRequired') : undefined}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setMissing(false);
          }}
        />
        {failure !== undefined && (
          <Alert color="red" variant="light" role="alert">
            {errorText(failure, lang, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          {account.allowedDecisions.includes('REJECTED') && (
            <Button variant="outline" color="red" loading={busy === 'REJECTED'} onClick={() => void submit('REJECTED')}>
              {t('bankAccounts.review.reject')}
            </Button>
          )}
          {account.allowedDecisions.includes('APPROVED') && (
            <Button loading={busy === 'APPROVED'} onClick={() => void submit('APPROVED')}>
              {t('bankAccounts.review.approve')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
};
