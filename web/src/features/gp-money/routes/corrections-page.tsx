import { Anchor, Button, Group, Modal, NativeSelect, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { CORRECTION_STATES, type CorrectionState } from '@tranche/shared/money/correction-state';
import type { LedgerCorrection } from '@tranche/shared/money/money.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { NoticePanel } from '@/components/notice-panel';
import { AccessNotice, isAccessError } from '@/features/gp-console';
import { decideLedgerCorrection, useLedgerCorrections } from '@/features/gp-money/api/corrections';
import { useInvestorNames, useTeamNames } from '@/features/gp-money/api/money';
import { StateBadge } from '@/features/gp-money/components/badges';
import { gpInvestmentPath } from '@/features/gp-money/paths';
import { FormAlert } from '@/features/session/screens';
import { useLang } from '@/i18n/use-lang';
import { formatDate, formatMoney } from '@/lib/format';
import { notifications } from '@/lib/notifications';

const isState = (v: string | null): v is CorrectionState => (CORRECTION_STATES as readonly unknown[]).includes(v);
const COLORS: Record<CorrectionState, string> = { PENDING: 'violet.9', POSTED: 'teal.9', REJECTED: 'red.9' };

/**
 * /gp/money/corrections: ledger corrections (waiting for approval first), approved or rejected by an
 * admin who did not prepare them (`canDecide` says who may). Each links to its investment's ledger.
 */
export const CorrectionsPage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(t('gpMoney.corrections.title'));
  const [params, setParams] = useSearchParams();
  const given = params.get('state');
  // Waiting ones first: what needs someone now. "All" is an explicit choice.
  const state = given === 'ALL' ? undefined : isState(given) ? given : 'PENDING';
  const list = useLedgerCorrections(state);
  const investorName = useInvestorNames();
  const teamName = useTeamNames();
  const [rejecting, setRejecting] = useState<LedgerCorrection | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>();
  if (isAccessError(list.error)) return <AccessNotice error={list.error} />;

  const name = (c: LedgerCorrection) => `${investorName(c.investorId)} · ${c.fund}`;
  const money = (amount: string, c: LedgerCorrection) => formatMoney(amount, c.currency, lang);
  const decide = async (c: LedgerCorrection, event: 'APPROVE' | 'REJECT', why?: string) => {
    setBusy(c.correctionId);
    setError(undefined);
    try {
      await decideLedgerCorrection(c.correctionId, event, why);
      const what = event === 'APPROVE' ? t('gpMoney.corrections.approve') : t('gpMoney.corrections.reject');
      notifications.show({ color: 'green', message: t('gpMoney.corrections.done', { what }) });
      setRejecting(null);
      setComment('');
      await list.mutate();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };

  const columns: DataTableColumn<LedgerCorrection>[] = [
    {
      key: 'investor',
      header: t('gpMoney.common.investor'),
      rowHeader: true,
      render: (c) => (
        <Stack gap={0}>
          <Anchor component={Link} to={gpInvestmentPath(c.subscriptionId)} fw={600}>
            {investorName(c.investorId)}
          </Anchor>
          <Text size="xs" c="dimmed">
            {c.fund}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'entry',
      header: t('gpMoney.corrections.entry'),
      render: (c) =>
        t('gpMoney.corrections.entryValue', {
          seq: c.seq,
          kind: t(`gpMoney.kinds.${c.entry.kind}`),
          amount: money(c.entry.amount, c),
          date: formatDate(c.entry.effectiveDate, lang),
        }),
    },
    {
      key: 'corrected',
      header: t('gpMoney.corrections.corrected'),
      render: (c) =>
        c.corrected
          ? t('gpMoney.corrections.correctedValue', {
              amount: money(c.corrected.amount, c),
              date: formatDate(c.corrected.effectiveDate, lang),
            })
          : t('gpMoney.corrections.reversalOnly'),
    },
    { key: 'reason', header: t('gpMoney.corrections.reason'), render: (c) => c.reason },
    {
      key: 'state',
      header: t('gpMoney.common.state'),
      render: (c) => <StateBadge color={COLORS[c.state]} label={t(`gpMoney.corrections.states.${c.state}`)} />,
    },
    { key: 'prepared', header: t('gpMoney.corrections.preparedBy'), render: (c) => teamName(c.preparedBy) },
  ];

  const rows = list.data?.items ?? [];
  const anyAction = rows.some((c) => c.canDecide);

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1}>{t('gpMoney.corrections.title')}</Title>
        <Text c="dimmed">{t('gpMoney.corrections.intro')}</Text>
      </div>
      <NativeSelect
        label={t('gpMoney.corrections.filter')}
        value={state ?? 'ALL'}
        onChange={(e) => setParams(new URLSearchParams({ state: e.currentTarget.value }), { replace: true })}
        data={[
          ...CORRECTION_STATES.map((s) => ({ value: s, label: t(`gpMoney.corrections.states.${s}`) })),
          { value: 'ALL', label: t('gpMoney.common.all') },
        ]}
        maw={280}
      />
      <FormAlert error={rejecting ? undefined : error} title={t('gpMoney.common.actionFailed')} />
      <DataTable
        label={t('gpMoney.corrections.tableLabel')}
        columns={columns}
        rows={rows}
        rowKey={(c) => c.correctionId}
        minWidth={980}
        loading={list.isLoading}
        error={list.error}
        onRetry={() => void list.mutate()}
        {...(anyAction
          ? {
              rowActions: (c: LedgerCorrection) =>
                c.canDecide ? (
                  <>
                    <Button
                      size="compact-sm"
                      aria-label={t('gpMoney.corrections.actionFor', {
                        action: t('gpMoney.corrections.approve'),
                        name: name(c),
                      })}
                      loading={busy === c.correctionId}
                      disabled={busy !== null}
                      onClick={() => void decide(c, 'APPROVE')}
                    >
                      {t('gpMoney.corrections.approve')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="red"
                      aria-label={t('gpMoney.corrections.actionFor', {
                        action: t('gpMoney.corrections.reject'),
                        name: name(c),
                      })}
                      disabled={busy !== null}
                      onClick={() => setRejecting(c)}
                    >
                      {t('gpMoney.corrections.reject')}
                    </Button>
                  </>
                ) : null,
            }
          : {})}
        empty={
          <NoticePanel title={t('gpMoney.corrections.emptyTitle')}>{t('gpMoney.corrections.emptyBody')}</NoticePanel>
        }
      />
      {rejecting && (
        <Modal
          opened
          onClose={() => setRejecting(null)}
          title={t('gpMoney.corrections.actionFor', { action: t('gpMoney.corrections.reject'), name: name(rejecting) })}
        >
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void decide(rejecting, 'REJECT', comment.trim() || undefined);
            }}
          >
            <Stack gap="md">
              <FormAlert error={error} title={t('gpMoney.common.actionFailed')} />
              <Textarea
                label={t('gpMoney.corrections.comment')}
                autosize
                minRows={2}
                maxLength={500}
                value={comment}
                onChange={(e) => setComment(e.currentTarget.value)}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setRejecting(null)}>
                  {t('gpMoney.common.cancel')}
                </Button>
                <Button type="submit" color="red" loading={busy !== null}>
                  {t('gpMoney.corrections.send')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal>
      )}
    </Stack>
  );
};
