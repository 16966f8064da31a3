import { Anchor, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { can } from '@tranche/shared/auth/permissions';
import { PROFILE_TYPE_LABELS, PROFILE_TYPES, type ProfileType } from '@tranche/shared/profile/profile-enums';
import type { ScenarioSummary } from '@tranche/shared/scenario/scenario.schema';
import { SUBSCRIPTION_TYPE_LABELS } from '@tranche/shared/subscription/statuses';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { NoticePanel } from '@/components/notice-panel';
import { AccessNotice, isAccessError } from '@/features/gp-console';
import { createFundScenario, useFundScenarios } from '@/features/gp-subscriptions/api/scenarios';
import { useFundChoices } from '@/features/gp-subscriptions/api/subscriptions';
import { GP_SUBSCRIPTIONS_PATH } from '@/features/gp-subscriptions/paths';
import { useCurrentUser } from '@/features/session';
import { FormAlert } from '@/features/session/screens';
import { useLang } from '@/i18n/use-lang';
import { formatDateTime } from '@/lib/format';
import { localized } from '@/lib/localized';

const JOURNEY_TYPES = ['EXPRESSED_INTEREST_SUBSCRIPTION', 'RESERVE_SUBSCRIPTION', 'INVEST_SUBSCRIPTION'] as const;
type JourneyType = (typeof JOURNEY_TYPES)[number];

/**
 * /gp/subscriptions/scenarios: a fund's scenarios, one per subscription type and investor type. A fund
 * without its own uses the tenant's defaults; an admin copies the default into the fund to edit it.
 */
export const ScenariosPage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  useDocumentTitle(t('gpSubscriptions.scenarios.title'));
  const [params, setParams] = useSearchParams();
  const funds = useFundChoices();
  const productId = params.get('productId') ?? funds.data?.items[0]?.productId;
  const scenarios = useFundScenarios(productId);
  const role = useCurrentUser().data?.role;
  const [type, setType] = useState<JourneyType>('INVEST_SUBSCRIPTION');
  const [investorType, setInvestorType] = useState<ProfileType>('INDIVIDUAL');
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<unknown>();

  if (isAccessError(scenarios.error)) return <AccessNotice error={scenarios.error} />;

  const columns: DataTableColumn<ScenarioSummary>[] = [
    {
      key: 'type',
      header: t('gpSubscriptions.scenarios.type'),
      rowHeader: true,
      render: (s) => (
        <Anchor component={Link} to={`${GP_SUBSCRIPTIONS_PATH}/scenarios/${s.scenarioId}`} fw={600}>
          {SUBSCRIPTION_TYPE_LABELS[s.subscriptionType][lang]}
        </Anchor>
      ),
    },
    {
      key: 'investor',
      header: t('gpSubscriptions.scenarios.investorType'),
      render: (s) => PROFILE_TYPE_LABELS[s.investorType][lang],
    },
    {
      key: 'published',
      header: t('gpSubscriptions.scenarios.published'),
      render: (s) => (s.publishedVersion ? t('gpSubscriptions.editor.version', { version: s.publishedVersion }) : '—'),
    },
    {
      key: 'draft',
      header: t('gpSubscriptions.scenarios.draft'),
      render: (s) => (s.draftVersion ? t('gpSubscriptions.editor.version', { version: s.draftVersion }) : '—'),
    },
    { key: 'updated', header: t('gpSubscriptions.queue.updated'), render: (s) => formatDateTime(s.updatedAt, lang) },
  ];

  const create = async () => {
    if (!productId) return;
    setCreating(true);
    setError(undefined);
    try {
      const made = await createFundScenario(productId, { subscriptionType: type, investorType });
      await scenarios.mutate();
      void navigate(`${GP_SUBSCRIPTIONS_PATH}/scenarios/${made.scenarioId}`);
    } catch (failure) {
      setError(failure);
    } finally {
      setCreating(false);
    }
  };

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>{t('gpSubscriptions.scenarios.title')}</Title>
        <Text c="dimmed">{t('gpSubscriptions.scenarios.intro')}</Text>
      </div>
      <NativeSelect
        label={t('gpSubscriptions.queue.fund')}
        value={productId ?? ''}
        onChange={(e) => setParams({ productId: e.currentTarget.value }, { replace: true })}
        data={(funds.data?.items ?? []).map((p) => ({ value: p.productId, label: localized(p.name, lang) }))}
        maw={420}
      />
      <DataTable
        label={t('gpSubscriptions.scenarios.tableLabel')}
        columns={columns}
        rows={scenarios.data?.items ?? []}
        rowKey={(s) => s.scenarioId}
        minWidth={760}
        loading={scenarios.isLoading || funds.isLoading}
        error={scenarios.error}
        onRetry={() => void scenarios.mutate()}
        empty={
          <NoticePanel title={t('gpSubscriptions.scenarios.emptyTitle')}>
            {t('gpSubscriptions.scenarios.emptyBody')}
          </NoticePanel>
        }
      />
      {role && can(role, 'publishProducts') && productId && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('gpSubscriptions.scenarios.copyTitle')}
            </Title>
            <FormAlert error={error} title={t('gpSubscriptions.case.actionFailed')} />
            <Group align="flex-end" gap="sm">
              <NativeSelect
                label={t('gpSubscriptions.scenarios.type')}
                value={type}
                onChange={(e) => setType(e.currentTarget.value as JourneyType)}
                data={JOURNEY_TYPES.map((v) => ({ value: v, label: SUBSCRIPTION_TYPE_LABELS[v][lang] }))}
              />
              <NativeSelect
                label={t('gpSubscriptions.scenarios.investorType')}
                value={investorType}
                onChange={(e) => setInvestorType(e.currentTarget.value as ProfileType)}
                data={PROFILE_TYPES.map((v) => ({ value: v, label: PROFILE_TYPE_LABELS[v][lang] }))}
              />
              <Button loading={creating} onClick={() => void create()}>
                {t('gpSubscriptions.scenarios.copy')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
};
