import { Alert, Anchor, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { can } from '@tranche/shared/auth/permissions';
import type { Currency } from '@tranche/shared/currency';
import { defaultDueDate } from '@tranche/shared/money/calendar';
import { holidaysOf } from '@tranche/shared/money/holidays';
import type { CallNotice, CapitalCall } from '@tranche/shared/money/money.schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LoadError } from '@/components/error-state';
import { NoticePanel } from '@/components/notice-panel';
import { PageLoader } from '@/components/page-loader';
import { AccessNotice, isAccessError } from '@/features/gp-console';
import {
  callNoticePdf,
  confirmCallReceipt,
  decideCapitalCall,
  exportCallNotices,
  issueCapitalCall,
  recordCallPayment,
  useCapitalCall,
  useStoreCall,
  useTeamNames,
  writingNotices,
} from '@/features/gp-money/api/money';
import { CallStateBadge, NoticeStateBadge } from '@/features/gp-money/components/badges';
import { Fact, Section } from '@/features/gp-money/components/section';
import { isPositive, noticeSums, sumAmounts, todayUtc } from '@/features/gp-money/lib/call-form';
import { amountRules, useAttemptKey } from '@/features/gp-money/lib/money-form';
import { saveExport } from '@/features/gp-money/lib/save-file';
import { GP_CALLS_PATH, gpInvestmentPath } from '@/features/gp-money/paths';
import { useCurrentUser } from '@/features/session';
import { FormAlert } from '@/features/session/screens';
import { errorText, useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { placeApiError, ruleTextWith } from '@/lib/api-field-error';
import { useFieldErrorText } from '@/lib/form-errors';
import { formatDate, formatDateTime, formatMoney, formatPercent } from '@/lib/format';
import { notifications } from '@/lib/notifications';

/**
 * /gp/money/calls/:callId: one capital call. Its figures, the decisions open to this user (the API's
 * `allowedEvents`: the preparer is never offered Approve), the allocation per investor with the sums
 * of its parts, and per notice "Record payment" (part or whole) and "Confirm receipt" once paid.
 */
export const CallPage = () => {
  const { t } = useTranslation();
  const { callId } = useParams();
  const call = useCapitalCall(callId);
  useDocumentTitle(call.data ? t('gpMoney.call.title', { fund: call.data.fund }) : t('gpMoney.calls.title'));
  if (isAccessError(call.error)) return <AccessNotice error={call.error} />;
  if (isApiError(call.error) && call.error.code === 'capitalCallNotExists')
    return (
      <Stack gap="md" maw={720}>
        <BackLink to={GP_CALLS_PATH}>{t('gpMoney.create.back')}</BackLink>
        <NoticePanel title={t('gpMoney.call.notFoundTitle')} headingOrder={1}>
          {t('gpMoney.call.notFoundBody')}
        </NoticePanel>
      </Stack>
    );
  if (call.error && !call.data) return <LoadError error={call.error} onRetry={() => void call.mutate()} />;
  if (!call.data) return <PageLoader label={t('gpMoney.call.loading')} />;
  return <CallView call={call.data} />;
};

const CallView = ({ call }: { call: CapitalCall }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useCurrentUser().data;
  const nameOf = useTeamNames();
  const person = (userId: string) => (userId === user?.userId ? t('gpMoney.call.you') : nameOf(userId));
  const money = (amount: string) => formatMoney(amount, call.currency, lang);
  const [exporting, setExporting] = useState(false);
  const outstanding = noticeSums(call.notices, call.currency).outstanding;

  const onExport = async () => {
    setExporting(true);
    try {
      saveExport(await exportCallNotices(call.callId));
    } catch (error) {
      notifications.show({ color: 'red', title: t('gpMoney.common.actionFailed'), message: errorText(error, lang, t) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="lg" maw={1200}>
      <BackLink to={GP_CALLS_PATH}>{t('gpMoney.create.back')}</BackLink>
      <Group gap="sm" align="center">
        <Title order={1}>{t('gpMoney.call.title', { fund: call.fund })}</Title>
        <CallStateBadge state={call.state} />
      </Group>
      <Section title={t('gpMoney.call.facts')}>
        <SimpleGrid component="dl" cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="sm" m={0}>
          <Fact label={t('gpMoney.call.basis')}>
            {call.basis === 'PERCENTAGE' && call.percent
              ? t('gpMoney.call.byPercent', { percent: formatPercent(call.percent, lang) })
              : t('gpMoney.call.byAmount')}
          </Fact>
          <Fact label={t('gpMoney.call.investment')}>{money(call.totals.investment)}</Fact>
          <Fact label={t('gpMoney.call.managementFee')}>{money(call.totals.managementFee)}</Fact>
          <Fact label={t('gpMoney.call.expenses')}>{money(call.totals.expenses)}</Fact>
          <Fact label={t('gpMoney.call.total')}>{money(call.totals.amount)}</Fact>
          <Fact label={t('gpMoney.call.paid')}>{money(call.paid)}</Fact>
          <Fact label={t('gpMoney.call.outstanding')}>{money(outstanding)}</Fact>
          <Fact label={t('gpMoney.call.dueDate')}>
            {call.dueDate ? formatDate(call.dueDate, lang) : t('gpMoney.call.dueDefault')}
          </Fact>
          <Fact label={t('gpMoney.call.preparedBy')}>{person(call.preparedBy)}</Fact>
          {call.approvedBy && <Fact label={t('gpMoney.call.approvedBy')}>{person(call.approvedBy)}</Fact>}
          {call.issuedAt && <Fact label={t('gpMoney.call.issuedAt')}>{formatDateTime(call.issuedAt, lang)}</Fact>}
          {call.purpose && <Fact label={t('gpMoney.call.purpose')}>{call.purpose}</Fact>}
        </SimpleGrid>
      </Section>
      <Decisions call={call} preparedByMe={call.preparedBy === user?.userId} />
      <Section
        title={t('gpMoney.call.allocation')}
        action={
          call.notices.length > 0 ? (
            <Button variant="default" loading={exporting} onClick={() => void onExport()}>
              {t('gpMoney.call.exportCsv')}
            </Button>
          ) : undefined
        }
      >
        <Allocation call={call} />
      </Section>
    </Stack>
  );
};

type Decision = 'APPROVE' | 'RETURN_TO_DRAFT' | 'CANCEL';
const DECISIONS: readonly Decision[] = ['APPROVE', 'RETURN_TO_DRAFT', 'CANCEL'];

/** Approve, return to draft, cancel and issue: what `allowedEvents` offers this user, nothing else. */
const Decisions = ({ call, preparedByMe }: { call: CapitalCall; preparedByMe: boolean }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const store = useStoreCall();
  const role = useCurrentUser().data?.role;
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>();
  const [issuing, setIssuing] = useState(false);
  const decisions = DECISIONS.filter((d) => call.allowedEvents.includes(d));
  const canIssue = call.allowedEvents.includes('ISSUE');
  const label: Record<Decision, string> = {
    APPROVE: t('gpMoney.call.approve'),
    RETURN_TO_DRAFT: t('gpMoney.call.returnToDraft'),
    CANCEL: t('gpMoney.call.cancelCall'),
  };
  // The four-eyes rule said out loud where it holds the preparer back (an admin who would otherwise approve).
  const heldByFourEyes = call.state === 'DRAFT' && preparedByMe && role !== undefined && can(role, 'decideMoney');

  const decide = async (event: Decision) => {
    setBusy(event);
    setError(undefined);
    try {
      await store(await decideCapitalCall(call.callId, event));
      notifications.show({ color: 'green', message: t('gpMoney.call.done', { what: label[event] }) });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section title={t('gpMoney.call.actions')}>
      <FormAlert error={error} title={t('gpMoney.common.actionFailed')} />
      {heldByFourEyes && (
        <Alert color="blue" variant="light">
          {t('gpMoney.call.fourEyes')}
        </Alert>
      )}
      {decisions.length === 0 && !canIssue ? (
        !heldByFourEyes && (
          <Text c="dimmed" size="sm">
            {t('gpMoney.call.actionsNone')}
          </Text>
        )
      ) : (
        <Group gap="sm">
          {canIssue && (
            <Button onClick={() => setIssuing(true)} disabled={busy !== null}>
              {t('gpMoney.call.issue')}
            </Button>
          )}
          {decisions.map((event) => (
            <Button
              key={event}
              color={event === 'CANCEL' ? 'red' : undefined}
              variant={event === 'APPROVE' ? 'filled' : 'light'}
              loading={busy === event}
              disabled={busy !== null && busy !== event}
              onClick={() => void decide(event)}
            >
              {label[event]}
            </Button>
          ))}
        </Group>
      )}
      <IssueModal call={call} opened={issuing} onClose={() => setIssuing(false)} lang={lang} />
    </Section>
  );
};

const IssueModal = ({
  call,
  opened,
  onClose,
  lang,
}: {
  call: CapitalCall;
  opened: boolean;
  onClose: () => void;
  lang: ReturnType<typeof useLang>;
}) => {
  const { t } = useTranslation();
  const store = useStoreCall();
  const form = useForm<{ dueDate: string }>({ defaultValues: { dueDate: call.dueDate ?? '' } });
  const errorOf = useFieldErrorText(form.formState.errors, ruleTextWith(t as (key: string) => string));
  const [failure, setFailure] = useState<unknown>();
  const dueDefault = defaultDueDate(todayUtc(), holidaysOf(call.currency));
  const onSubmit = form.handleSubmit(async ({ dueDate }) => {
    setFailure(undefined);
    try {
      await store(await issueCapitalCall(call.callId, dueDate || undefined));
      notifications.show({ color: 'green', message: t('gpMoney.call.done', { what: t('gpMoney.call.issue') }) });
      onClose();
    } catch (error) {
      if (!placeApiError(error, form, ['dueDate'], lang)) setFailure(error);
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('gpMoney.call.issueTitle')}>
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Stack gap="md">
          <Text size="sm">{t('gpMoney.call.issueBody')}</Text>
          <FormAlert error={failure} title={t('gpMoney.common.actionFailed')} />
          <TextInput
            type="date"
            label={t('gpMoney.call.issueDue')}
            description={t('gpMoney.call.issueDueHelp', { date: formatDate(dueDefault, lang) })}
            error={errorOf('dueDate')}
            {...form.register('dueDate')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('gpMoney.common.cancel')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('gpMoney.call.issueConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

const RECEIVABLE: ReadonlySet<CallNotice['state']> = new Set(['OUTSTANDING', 'FUNDS_RECEIVED']);

/** The split per investor, its sums, and the payment and receipt actions on each notice. */
const Allocation = ({ call }: { call: CapitalCall }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const store = useStoreCall();
  const role = useCurrentUser().data?.role;
  const [paying, setPaying] = useState<CallNotice | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const [error, setError] = useState<unknown>();
  const money = (amount: string) => formatMoney(amount, call.currency, lang);
  const nameOf = (n: CallNotice) => n.investorName ?? n.investorId;
  const sums = noticeSums(call.notices, call.currency);
  const takesPayments =
    call.allowedEvents.includes('RECORD_PART_PAYMENT') || call.allowedEvents.includes('RECORD_FINAL_PAYMENT');
  const confirms = role !== undefined && can(role, 'decideMoney');

  const confirm = async (notice: CallNotice) => {
    setConfirming(notice.subscriptionId);
    setError(undefined);
    try {
      await store(await confirmCallReceipt(call.callId, notice.subscriptionId));
      notifications.show({ color: 'green', message: t('gpMoney.call.receiptConfirmed') });
    } catch (failure) {
      setError(failure);
    } finally {
      setConfirming(null);
    }
  };

  const columns: DataTableColumn<CallNotice>[] = [
    {
      key: 'investor',
      header: t('gpMoney.common.investor'),
      rowHeader: true,
      sortValue: nameOf,
      // An investor's ledger, where an entry that is not the call's own is corrected.
      render: (n) => (
        <Anchor component={Link} to={gpInvestmentPath(n.subscriptionId)}>
          {nameOf(n)}
        </Anchor>
      ),
    },
    {
      key: 'commitment',
      header: t('gpMoney.call.commitment'),
      align: 'end',
      noWrap: true,
      sortValue: (n) => Number(n.commitment),
      render: (n) => money(n.commitment),
    },
    {
      key: 'investment',
      header: t('gpMoney.call.investment'),
      align: 'end',
      noWrap: true,
      render: (n) => money(n.items.investment),
    },
    {
      key: 'fee',
      header: t('gpMoney.call.managementFee'),
      align: 'end',
      noWrap: true,
      render: (n) => money(n.items.managementFee),
    },
    {
      key: 'expenses',
      header: t('gpMoney.call.expenses'),
      align: 'end',
      noWrap: true,
      render: (n) => money(n.items.expenses),
    },
    {
      key: 'amount',
      header: t('gpMoney.call.total'),
      align: 'end',
      noWrap: true,
      sortValue: (n) => Number(n.amount),
      render: (n) => money(n.amount),
    },
    { key: 'paid', header: t('gpMoney.call.paid'), align: 'end', noWrap: true, render: (n) => money(n.paid) },
    {
      key: 'outstanding',
      header: t('gpMoney.call.outstanding'),
      align: 'end',
      noWrap: true,
      render: (n) => money(n.outstanding),
    },
    { key: 'state', header: t('gpMoney.call.notice'), render: (n) => <NoticeStateBadge state={n.state} /> },
  ];

  // The link is short-lived, so it is asked for at the click, then followed.
  const openPdf = async (notice: CallNotice) => {
    setOpening(notice.subscriptionId);
    setError(undefined);
    try {
      const { url } = await callNoticePdf(call.callId, notice.subscriptionId);
      window.location.assign(url);
    } catch (failure) {
      setError(failure);
    } finally {
      setOpening(null);
    }
  };

  const actionsOf = (n: CallNotice) => {
    const pay = takesPayments && RECEIVABLE.has(n.state) && isPositive(n.outstanding);
    const receipt = confirms && n.state === 'FUNDS_RECEIVED' && !isPositive(n.outstanding);
    const pdf = n.state !== 'DRAFT';
    if (!pay && !receipt && !pdf) return null;
    return (
      <>
        {pdf && (
          <Button
            size="compact-sm"
            variant="default"
            aria-label={t('gpMoney.call.noticePdfFor', { name: nameOf(n) })}
            loading={opening === n.subscriptionId}
            onClick={() => void openPdf(n)}
          >
            {t('gpMoney.call.noticePdf')}
          </Button>
        )}
        {pay && (
          <Button
            size="compact-sm"
            variant="light"
            aria-label={t('gpMoney.call.recordPaymentFor', { name: nameOf(n) })}
            onClick={() => setPaying(n)}
          >
            {t('gpMoney.call.recordPayment')}
          </Button>
        )}
        {receipt && (
          <Button
            size="compact-sm"
            aria-label={t('gpMoney.call.confirmReceiptFor', { name: nameOf(n) })}
            loading={confirming === n.subscriptionId}
            onClick={() => void confirm(n)}
          >
            {t('gpMoney.call.confirmReceipt')}
          </Button>
        )}
      </>
    );
  };
  const anyAction = call.notices.some((n) => actionsOf(n) !== null);
  // Compared in the same minor-unit form (the API may send 765500 or 765500.00).
  const equal = sums.amount === sumAmounts([call.totals.amount], call.currency);

  return (
    <Stack gap="sm">
      <FormAlert error={error} title={t('gpMoney.common.actionFailed')} />
      {writingNotices(call) && (
        <Text size="sm" c="dimmed" role="status">
          {t('gpMoney.call.writing')}
        </Text>
      )}
      <DataTable
        label={t('gpMoney.call.allocationLabel')}
        columns={columns}
        rows={call.notices}
        rowKey={(n) => n.subscriptionId}
        minWidth={900}
        {...(anyAction ? { rowActions: actionsOf } : {})}
      />
      <Text size="sm" role="note" aria-label={t('gpMoney.call.sumsTitle')}>
        {t('gpMoney.call.sums', {
          investment: money(sums.investment),
          managementFee: money(sums.managementFee),
          expenses: money(sums.expenses),
          amount: money(sums.amount),
        })}{' '}
        {equal ? t('gpMoney.call.sumsEqual') : t('gpMoney.call.sumsDiffer', { total: money(call.totals.amount) })}
      </Text>
      {paying && <PaymentModal call={call} notice={paying} onClose={() => setPaying(null)} />}
    </Stack>
  );
};

interface PaymentValues {
  amount: string;
  receivedOn: string;
}

/** A payment from one investor, part or whole, in the call's currency, with its value date. */
const PaymentModal = ({ call, notice, onClose }: { call: CapitalCall; notice: CallNotice; onClose: () => void }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const store = useStoreCall();
  const form = useForm<PaymentValues>({ defaultValues: { amount: notice.outstanding, receivedOn: todayUtc() } });
  const errorOf = useFieldErrorText(form.formState.errors, ruleTextWith(t as (key: string) => string));
  const [failure, setFailure] = useState<unknown>();
  // The same payment retried (a network failure) keeps its key: recorded once.
  const keyFor = useAttemptKey();
  const name = notice.investorName ?? notice.investorId;
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    const body = {
      subscriptionId: notice.subscriptionId,
      amount: values.amount.trim(),
      currency: call.currency as Currency,
      receivedOn: values.receivedOn,
    };
    const key = keyFor(body);
    try {
      await store(await recordCallPayment(call.callId, body, key));
      notifications.show({ color: 'green', message: t('gpMoney.call.paymentRecorded') });
      onClose();
    } catch (error) {
      if (!placeApiError(error, form, ['amount', 'receivedOn'], lang)) setFailure(error);
    }
  });
  return (
    <Modal opened onClose={onClose} title={t('gpMoney.call.recordPaymentFor', { name })}>
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Stack gap="md">
          <FormAlert error={failure} title={t('gpMoney.call.paymentFailed')} />
          <TextInput
            label={t('gpMoney.call.paymentAmount', { currency: call.currency })}
            description={t('gpMoney.call.paymentAmountHelp', {
              outstanding: formatMoney(notice.outstanding, call.currency, lang),
            })}
            required
            inputMode="decimal"
            autoComplete="off"
            error={errorOf('amount')}
            {...form.register('amount', amountRules(true))}
          />
          <TextInput
            type="date"
            label={t('gpMoney.call.receivedOn')}
            description={t('gpMoney.call.receivedOnHelp')}
            required
            error={errorOf('receivedOn')}
            {...form.register('receivedOn', { required: 'gpMoney.create.errors.required' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('gpMoney.common.cancel')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('gpMoney.call.savePayment')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
