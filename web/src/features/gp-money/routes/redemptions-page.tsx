import { Button, Group, Modal, NativeSelect, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Redemption } from '@tranche/shared/money/money.schema';
import { REDEMPTION_LIFECYCLE, REDEMPTION_STATES, type RedemptionState } from '@tranche/shared/money/redemption-state';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { NoticePanel } from '@/components/notice-panel';
import { AccessNotice, isAccessError } from '@/features/gp-console';
import { payRedemption } from '@/features/gp-money/api/dealing';
import { decideRedemption, useGpRedemptions, useInvestorNames } from '@/features/gp-money/api/money';
import { RedemptionStateBadge } from '@/features/gp-money/components/badges';
import { FormAlert } from '@/features/session/screens';
import { useLang } from '@/i18n/use-lang';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { notifications } from '@/lib/notifications';

type Decision = 'CONFIRM' | 'REQUEST_CHANGES' | 'REJECT' | 'PAY';
// PAY: finance confirms the transfer of a dealt redemption's proceeds (the dealing routes).
const DECISIONS: readonly Decision[] = ['CONFIRM', 'PAY', 'REQUEST_CHANGES', 'REJECT'];
const isState = (v: string | null): v is RedemptionState => (REDEMPTION_STATES as readonly unknown[]).includes(v);

/** Units as the investor asked for them: up to 6 decimals, grouped in the reader's language. */
const formatUnits = (units: string, lang: string) =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: 6 }).format(units as `${number}`);

/**
 * /gp/money/redemptions: the investors' redemption requests with their state, and the decisions the
 * API offers this user on each (confirm; ask for changes, with the comment the investor reads; reject).
 */
export const RedemptionsPage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(t('gpMoney.redemptions.title'));
  const [params, setParams] = useSearchParams();
  const stateParam = params.get('state');
  const state = isState(stateParam) ? stateParam : undefined;
  const list = useGpRedemptions();
  const nameOf = useInvestorNames();
  const [deciding, setDeciding] = useState<{ redemption: Redemption; event: Decision } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>();
  if (isAccessError(list.error)) return <AccessNotice error={list.error} />;

  const label: Record<Decision, string> = {
    CONFIRM: t('gpMoney.redemptions.confirm'),
    REQUEST_CHANGES: t('gpMoney.redemptions.requestChanges'),
    REJECT: t('gpMoney.redemptions.reject'),
    PAY: t('gpMoney.redemptions.pay'),
  };
  const rows = (list.data?.items ?? []).filter((r) => !state || r.state === state);
  const investor = (r: Redemption) => `${nameOf(r.investorId)} · ${r.fund}`;

  const decide = async (redemption: Redemption, event: Decision, comment?: string) => {
    setBusy(redemption.redemptionId);
    setError(undefined);
    try {
      if (event === 'PAY') await payRedemption(redemption.redemptionId);
      else await decideRedemption(redemption.redemptionId, event, comment);
      notifications.show({ color: 'green', message: t('gpMoney.redemptions.done', { what: label[event] }) });
      setDeciding(null);
      await list.mutate();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };

  const columns: DataTableColumn<Redemption>[] = [
    {
      key: 'investor',
      header: t('gpMoney.common.investor'),
      rowHeader: true,
      sortValue: (r) => nameOf(r.investorId),
      render: (r) => (
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {nameOf(r.investorId)}
          </Text>
          <Text size="xs" c="dimmed">
            {r.fund}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'state',
      header: t('gpMoney.common.state'),
      sortValue: (r) => REDEMPTION_LIFECYCLE.stateLabel(r.state, lang),
      render: (r) => (
        <Stack gap={2} align="flex-start">
          <RedemptionStateBadge state={r.state} />
          {r.comment && (
            <Text size="xs" c="dimmed" lineClamp={2} title={r.comment}>
              {r.comment}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'units',
      header: t('gpMoney.redemptions.units'),
      align: 'end',
      noWrap: true,
      sortValue: (r) => Number(r.units),
      render: (r) => (
        <Stack gap={0} align="flex-end">
          <span>{r.full ? t('gpMoney.redemptions.full') : formatUnits(r.units, lang)}</span>
          {r.dealtUnits && (
            <Text size="xs" c="dimmed">
              {t('gpMoney.redemptions.dealt', {
                dealt: formatUnits(r.dealtUnits, lang),
                units: formatUnits(r.units, lang),
              })}
            </Text>
          )}
          {r.proceeds && (
            <Text size="xs" c="dimmed">
              {t('gpMoney.redemptions.proceeds', { amount: formatMoney(r.proceeds, r.currency, lang) })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'value',
      header: t('gpMoney.redemptions.value'),
      align: 'end',
      noWrap: true,
      sortValue: (r) => Number(r.estimatedValue ?? 0),
      render: (r) =>
        r.estimatedValue ? formatMoney(r.estimatedValue, r.currency, lang) : t('gpMoney.common.notAvailable'),
    },
    {
      key: 'dealing',
      header: t('gpMoney.redemptions.dealingDate'),
      noWrap: true,
      sortValue: (r) => r.dealingDate,
      render: (r) => formatDate(r.dealingDate, lang),
    },
    {
      key: 'requested',
      header: t('gpMoney.redemptions.requested'),
      noWrap: true,
      sortValue: (r) => r.requestedAt,
      render: (r) => formatDateTime(r.requestedAt, lang),
    },
  ];

  const actionsOf = (r: Redemption) => {
    const events = DECISIONS.filter((e) => r.allowedEvents.includes(e));
    if (events.length === 0) return null;
    return events.map((event) => (
      <Button
        key={event}
        size="compact-sm"
        variant={event === 'CONFIRM' || event === 'PAY' ? 'filled' : 'light'}
        color={event === 'REJECT' ? 'red' : undefined}
        aria-label={t('gpMoney.redemptions.actionFor', { action: label[event], name: investor(r) })}
        loading={busy === r.redemptionId && (event === 'CONFIRM' || event === 'PAY')}
        disabled={busy !== null}
        onClick={() =>
          event === 'CONFIRM' || event === 'PAY' ? void decide(r, event) : setDeciding({ redemption: r, event })
        }
      >
        {label[event]}
      </Button>
    ));
  };
  const anyAction = rows.some((r) => actionsOf(r) !== null);

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1}>{t('gpMoney.redemptions.title')}</Title>
        <Text c="dimmed">{t('gpMoney.redemptions.intro')}</Text>
      </div>
      <NativeSelect
        label={t('gpMoney.redemptions.filter')}
        value={state ?? ''}
        onChange={(e) => {
          const next = new URLSearchParams(params);
          if (e.currentTarget.value) next.set('state', e.currentTarget.value);
          else next.delete('state');
          setParams(next, { replace: true });
        }}
        data={[
          { value: '', label: t('gpMoney.common.all') },
          ...REDEMPTION_STATES.map((s) => ({ value: s, label: REDEMPTION_LIFECYCLE.stateLabel(s, lang) })),
        ]}
        maw={280}
      />
      <FormAlert error={deciding ? undefined : error} title={t('gpMoney.common.actionFailed')} />
      <DataTable
        label={t('gpMoney.redemptions.tableLabel')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.redemptionId}
        minWidth={960}
        loading={list.isLoading}
        error={list.error}
        onRetry={() => void list.mutate()}
        {...(anyAction ? { rowActions: actionsOf } : {})}
        empty={
          <NoticePanel title={t('gpMoney.redemptions.emptyTitle')}>{t('gpMoney.redemptions.emptyBody')}</NoticePanel>
        }
      />
      {deciding && (
        <CommentModal
          title={t('gpMoney.redemptions.actionFor', {
            action: label[deciding.event],
            name: investor(deciding.redemption),
          })}
          required={deciding.event === 'REQUEST_CHANGES'}
          busy={busy !== null}
          error={error}
          onClose={() => setDeciding(null)}
          onSend={(comment) => void decide(deciding.redemption, deciding.event, comment)}
        />
      )}
    </Stack>
  );
};

/** The comment the investor reads: required when asking for changes, optional on a rejection. */
const CommentModal = ({
  title,
  required,
  busy,
  error,
  onClose,
  onSend,
}: {
  title: string;
  required: boolean;
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onSend: (comment: string | undefined) => void;
}) => {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <Modal opened onClose={onClose} title={title}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (required && !comment.trim()) {
            setMissing(true);
            return;
          }
          onSend(comment.trim() || undefined);
        }}
      >
        <Stack gap="md">
          <FormAlert error={error} title={t('gpMoney.common.actionFailed')} />
          <Textarea
            label={required ? t('gpMoney.redemptions.comment') : t('gpMoney.redemptions.commentOptional')}
            required={required}
            autosize
            minRows={3}
            maxLength={1000}
            value={comment}
            onChange={(e) => {
              setComment(e.currentTarget.value);
              setMissing(false);
            }}
            error={missing ? t('gpMoney.redemptions.commentRequired') : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('gpMoney.common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('gpMoney.redemptions.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
