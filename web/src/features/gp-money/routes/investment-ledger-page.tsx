import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { InvestmentLedger } from '@tranche/shared/money/money.schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LoadError } from '@/components/error-state';
import { NoticePanel } from '@/components/notice-panel';
import { PageLoader } from '@/components/page-loader';
import { AccessNotice, isAccessError } from '@/features/gp-console';
import { createLedgerCorrection, useInvestmentLedger } from '@/features/gp-money/api/corrections';
import { useInvestorNames } from '@/features/gp-money/api/money';
import { Fact, Section } from '@/features/gp-money/components/section';
import { amountRules, useAttemptKey } from '@/features/gp-money/lib/money-form';
import { GP_CORRECTIONS_PATH } from '@/features/gp-money/paths';
import { FormAlert } from '@/features/session/screens';
import { useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { placeApiError, ruleTextWith } from '@/lib/api-field-error';
import { useFieldErrorText } from '@/lib/form-errors';
import { formatDate, formatMoney } from '@/lib/format';
import { notifications } from '@/lib/notifications';

type Entry = InvestmentLedger['entries'][number];
const BALANCES = [
  'committed',
  'called',
  'paidIn',
  'fees',
  'invested',
  'outstanding',
  'undrawn',
  'distributed',
  'recallableDistributed',
  'redeemed',
  'units',
] as const;

const units = (value: string, lang: string) =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: 6 }).format(value as `${number}`);

/**
 * /gp/money/investments/:subscriptionId: one investment's ledger as the manager reads it (balances and
 * every entry, reversals included), where an entry is corrected: a reversal and, if given, the
 * corrected entry. Entries of a capital call are corrected on the call, so they offer nothing here.
 */
export const InvestmentLedgerPage = () => {
  const { t } = useTranslation();
  const { subscriptionId } = useParams();
  const ledger = useInvestmentLedger(subscriptionId);
  const nameOf = useInvestorNames();
  const investor = ledger.data ? nameOf(ledger.data.investment.investorId) : '';
  useDocumentTitle(
    ledger.data
      ? t('gpMoney.ledger.title', { fund: ledger.data.investment.fund, investor })
      : t('gpMoney.ledger.entries'),
  );
  if (isAccessError(ledger.error)) return <AccessNotice error={ledger.error} />;
  if (isApiError(ledger.error) && ledger.error.code === 'investmentNotExists')
    return (
      <NoticePanel title={t('gpMoney.ledger.notFoundTitle')} headingOrder={1}>
        {t('gpMoney.ledger.notFoundBody')}
      </NoticePanel>
    );
  if (ledger.error && !ledger.data) return <LoadError error={ledger.error} onRetry={() => void ledger.mutate()} />;
  if (!ledger.data) return <PageLoader label={t('gpMoney.ledger.loading')} />;
  return <LedgerView ledger={ledger.data} investor={investor} onChanged={() => void ledger.mutate()} />;
};

const LedgerView = ({
  ledger,
  investor,
  onChanged,
}: {
  ledger: InvestmentLedger;
  investor: string;
  onChanged: () => void;
}) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { investment } = ledger;
  const [correcting, setCorrecting] = useState<Entry | null>(null);
  const money = (amount: string) => formatMoney(amount, investment.currency, lang);
  const kind = (e: Pick<Entry, 'kind'>) => t(`gpMoney.kinds.${e.kind}`);
  const seqOf = new Map(ledger.entries.map((e) => [e.entryId, e.seq] as const));
  // A capital call's entries too: correcting one also corrects the call's notice (docs/money.md).
  const correctable = (e: Entry) => !e.reversed && !e.reverses;

  const columns: DataTableColumn<Entry>[] = [
    {
      key: 'seq',
      header: t('gpMoney.ledger.seq'),
      rowHeader: true,
      noWrap: true,
      render: (e) => t('gpMoney.ledger.seqValue', { seq: e.seq }),
    },
    { key: 'date', header: t('gpMoney.ledger.date'), noWrap: true, render: (e) => formatDate(e.effectiveDate, lang) },
    { key: 'kind', header: t('gpMoney.ledger.kind'), render: kind },
    { key: 'amount', header: t('gpMoney.ledger.amount'), align: 'end', noWrap: true, render: (e) => money(e.amount) },
    {
      key: 'units',
      header: t('gpMoney.ledger.units'),
      align: 'end',
      noWrap: true,
      render: (e) => (e.units ? units(e.units, lang) : ''),
    },
    {
      key: 'note',
      header: t('gpMoney.ledger.note'),
      render: (e) =>
        e.reverses
          ? t('gpMoney.ledger.reverses', {
              entry: t('gpMoney.ledger.seqValue', { seq: seqOf.get(e.reverses) ?? e.reverses }),
            })
          : e.reversed
            ? t('gpMoney.ledger.reversed')
            : e.callId
              ? t('gpMoney.ledger.ofCall')
              : '',
    },
  ];

  return (
    <Stack gap="lg" maw={1200}>
      <BackLink to={GP_CORRECTIONS_PATH}>{t('gpMoney.corrections.title')}</BackLink>
      <Title order={1}>{t('gpMoney.ledger.title', { fund: investment.fund, investor })}</Title>
      <Section title={t('gpMoney.ledger.balances')}>
        <SimpleGrid component="dl" cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="sm" m={0}>
          {BALANCES.filter((b) => investment.balances[b] !== undefined).map((b) => (
            <Fact key={b} label={t(`gpMoney.ledger.balance.${b}`)}>
              {b === 'units' ? units(investment.balances[b] ?? '0', lang) : money(investment.balances[b] ?? '0')}
            </Fact>
          ))}
        </SimpleGrid>
      </Section>
      <Section title={t('gpMoney.ledger.entries')}>
        <DataTable
          label={t('gpMoney.ledger.entriesLabel')}
          columns={columns}
          rows={ledger.entries}
          rowKey={(e) => e.entryId}
          minWidth={760}
          withTableBorder={false}
          rowActions={(e) =>
            correctable(e) ? (
              <Button
                size="compact-sm"
                variant="light"
                aria-label={t('gpMoney.ledger.correctFor', { seq: e.seq })}
                onClick={() => setCorrecting(e)}
              >
                {t('gpMoney.ledger.correct')}
              </Button>
            ) : null
          }
        />
      </Section>
      {correcting && (
        <CorrectionModal
          subscriptionId={investment.subscriptionId}
          currency={investment.currency}
          entry={correcting}
          title={t('gpMoney.ledger.correctTitle', {
            seq: correcting.seq,
            kind: kind(correcting),
            amount: money(correcting.amount),
          })}
          onClose={() => setCorrecting(null)}
          onDone={() => {
            setCorrecting(null);
            onChanged();
          }}
        />
      )}
    </Stack>
  );
};

/** Named as the API names them (`corrected.amount`), so its field errors land on the right input. */
interface CorrectionValues {
  reason: string;
  corrected: { amount: string; effectiveDate: string };
}

const CorrectionModal = ({
  subscriptionId,
  currency,
  entry,
  title,
  onClose,
  onDone,
}: {
  subscriptionId: string;
  currency: string;
  entry: Entry;
  title: string;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation();
  const lang = useLang();
  const form = useForm<CorrectionValues>({
    defaultValues: { reason: '', corrected: { amount: '', effectiveDate: '' } },
  });
  const errorOf = useFieldErrorText(form.formState.errors, ruleTextWith(t as (key: string) => string));
  const [failure, setFailure] = useState<unknown>();
  const keyFor = useAttemptKey();
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    const amount = values.corrected.amount.trim();
    const body = {
      seq: entry.seq,
      reason: values.reason.trim(),
      ...(amount
        ? {
            corrected: {
              amount,
              ...(values.corrected.effectiveDate ? { effectiveDate: values.corrected.effectiveDate } : {}),
            },
          }
        : {}),
    };
    const key = keyFor([subscriptionId, body]);
    try {
      const made = await createLedgerCorrection(subscriptionId, body, key);
      notifications.show({
        color: 'green',
        message: made.state === 'POSTED' ? t('gpMoney.ledger.posted') : t('gpMoney.ledger.pending'),
      });
      onDone();
    } catch (error) {
      const placed = placeApiError(error, form, ['reason', 'corrected.amount', 'corrected.effectiveDate'], lang);
      if (!placed) setFailure(error);
    }
  });
  return (
    <Modal opened onClose={onClose} title={title}>
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Stack gap="md">
          <Text size="sm">{t('gpMoney.ledger.correctBody')}</Text>
          <FormAlert error={failure} title={t('gpMoney.ledger.failed')} />
          <Textarea
            label={t('gpMoney.ledger.reason')}
            description={t('gpMoney.ledger.reasonHelp')}
            required
            autosize
            minRows={2}
            maxLength={500}
            error={errorOf('reason')}
            {...form.register('reason', {
              validate: (v) => v.trim().length > 0 || 'gpMoney.create.errors.required',
            })}
          />
          <TextInput
            label={t('gpMoney.ledger.correctedAmount', { currency })}
            description={t('gpMoney.ledger.correctedAmountHelp')}
            inputMode="decimal"
            autoComplete="off"
            error={errorOf('corrected.amount')}
            {...form.register('corrected.amount', amountRules(false))}
          />
          <TextInput
            type="date"
            label={t('gpMoney.ledger.correctedDate')}
            description={t('gpMoney.ledger.correctedDateHelp')}
            error={errorOf('corrected.effectiveDate')}
            {...form.register('corrected.effectiveDate')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('gpMoney.common.cancel')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('gpMoney.ledger.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
