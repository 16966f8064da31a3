import {
  Button,
  Group,
  MultiSelect,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { Currency } from '@tranche/shared/currency';
import { defaultDueDate } from '@tranche/shared/money/calendar';
import { holidaysOf } from '@tranche/shared/money/holidays';
import type { CallBasis } from '@tranche/shared/money/money.schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { NoticePanel } from '@/components/notice-panel';
import { createCapitalCall, useCallableSubscriptions, useMoneyFund } from '@/features/gp-money/api/money';
import { FundFormPage } from '@/features/gp-money/components/fund-form-page';
import { type CallFormValues, callBody, todayUtc } from '@/features/gp-money/lib/call-form';
import { amountRules, fundOptions, useAttemptKey } from '@/features/gp-money/lib/money-form';
import { GP_CALLS_PATH, gpCallPath } from '@/features/gp-money/paths';
import { FormAlert } from '@/features/session/screens';
import { useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { DETAIL_ERROR, placeApiError, ruleTextWith } from '@/lib/api-field-error';
import { useFieldErrorText } from '@/lib/form-errors';
import { formatDate, formatMoney } from '@/lib/format';
import type { localized } from '@/lib/localized';
import { notifications } from '@/lib/notifications';

const PERCENT = /^(100(\.0{1,4})?|[1-9]?\d(\.\d{1,4})?)$/;
const FIELDS = ['productId', 'currency', 'investment', 'percent', 'managementFee', 'expenses', 'excused', 'dueDate'];

/**
 * /gp/money/calls/new: a capital call drafted by amount or by percentage of commitment, with the
 * management fee and expenses itemised, investors excused, and a due date (the 10-business-day
 * default shown). The server splits it (largest remainder) and keeps it a draft for a second person.
 */
export const NewCallPage = () => {
  const { t } = useTranslation();
  return (
    <FundFormPage
      title={t('gpMoney.create.title')}
      intro={t('gpMoney.create.intro')}
      back={{ to: GP_CALLS_PATH, label: t('gpMoney.create.back') }}
      loading={t('gpMoney.call.loading')}
    >
      {(funds) =>
        funds.length === 0 ? (
          <NoticePanel title={t('gpMoney.create.title')}>{t('gpMoney.create.noFunds')}</NoticePanel>
        ) : (
          <CallForm funds={funds} />
        )
      }
    </FundFormPage>
  );
};

const CallForm = ({ funds }: { funds: readonly { productId: string; name: Parameters<typeof localized>[0] }[] }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm<CallFormValues>({
    defaultValues: {
      productId: params.get('productId') ?? '',
      currency: '',
      basis: 'AMOUNT',
      investment: '',
      percent: '',
      managementFee: '',
      expenses: '',
      excused: [],
      dueDate: '',
      purpose: '',
    },
  });
  const errorOf = useFieldErrorText(form.formState.errors, ruleTextWith(t as (key: string) => string));
  const [failure, setFailure] = useState<unknown>();
  // One Idempotency-Key per intended call: a retry of the same values is the same call, new values a new one.
  const keyFor = useAttemptKey();
  const productId = form.watch('productId');
  const basis = form.watch('basis');
  const fund = useMoneyFund(productId || undefined);
  const callable = useCallableSubscriptions(productId || undefined);
  const currencies = fund.data
    ? [...new Set([fund.data.currency, ...fund.data.shareClasses.map((c) => c.currency)])]
    : [];
  const chosenCurrency = form.watch('currency');
  const currency = (chosenCurrency || currencies[0] || 'USD') as Currency;
  const dueDefault = defaultDueDate(todayUtc(), holidaysOf(currency));
  const excusable = callable.items.filter((s) => s.currency === currency);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    const body = callBody({ ...values, currency });
    const key = keyFor(body);
    try {
      const created = await createCapitalCall(body, key);
      notifications.show({ color: 'green', message: t('gpMoney.create.created') });
      void navigate(gpCallPath(created.callId));
    } catch (error) {
      if (placeApiError(error, form, FIELDS, lang)) return;
      // An over-drawn commitment names `amount`: the figure the manager typed is the basis field.
      if (isApiError(error) && error.details.field === 'amount') {
        form.setError(
          basis === 'AMOUNT' ? 'investment' : 'percent',
          { type: DETAIL_ERROR, message: error.messageIn(lang) ?? '' },
          { shouldFocus: true },
        );
        return;
      }
      setFailure(error);
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Stack gap="md">
          <FormAlert error={failure} title={t('gpMoney.create.failed')} />
          <NativeSelect
            label={t('gpMoney.create.fund')}
            required
            error={errorOf('productId')}
            data={fundOptions(funds, t('gpMoney.create.chooseFund'), lang)}
            {...form.register('productId', {
              required: 'gpMoney.create.errors.required',
              onChange: () => {
                form.setValue('currency', '');
                form.setValue('excused', []);
              },
            })}
          />
          {currencies.length > 1 && (
            <NativeSelect
              label={t('gpMoney.create.currency')}
              description={t('gpMoney.create.currencyHelp')}
              error={errorOf('currency')}
              data={currencies}
              value={currency}
              onChange={(e) => {
                form.setValue('currency', e.currentTarget.value as Currency);
                form.setValue('excused', []);
              }}
            />
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500} id="call-basis-label">
              {t('gpMoney.create.basis')}
            </Text>
            <SegmentedControl
              aria-labelledby="call-basis-label"
              value={basis}
              onChange={(v) => form.setValue('basis', v as CallBasis)}
              data={[
                { value: 'AMOUNT', label: t('gpMoney.create.byAmount') },
                { value: 'PERCENTAGE', label: t('gpMoney.create.byPercent') },
              ]}
              style={{ alignSelf: 'flex-start' }}
            />
          </Stack>
          {basis === 'AMOUNT' ? (
            <TextInput
              key="investment"
              label={t('gpMoney.create.investment', { currency })}
              description={t('gpMoney.create.investmentHelp')}
              required
              inputMode="decimal"
              autoComplete="off"
              error={errorOf('investment')}
              {...form.register('investment', { shouldUnregister: true, ...amountRules(true) })}
            />
          ) : (
            <TextInput
              key="percent"
              label={t('gpMoney.create.percent')}
              description={t('gpMoney.create.percentHelp')}
              required
              inputMode="decimal"
              autoComplete="off"
              rightSection="%"
              error={errorOf('percent')}
              {...form.register('percent', {
                shouldUnregister: true,
                required: 'gpMoney.create.errors.required',
                pattern: { value: PERCENT, message: 'gpMoney.create.errors.percent' },
              })}
            />
          )}
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('gpMoney.create.managementFee', { currency })}
              description={t('gpMoney.create.itemsHelp')}
              inputMode="decimal"
              autoComplete="off"
              miw={220}
              error={errorOf('managementFee')}
              {...form.register('managementFee', amountRules(false))}
            />
            <TextInput
              label={t('gpMoney.create.expenses', { currency })}
              description={t('gpMoney.create.itemsHelp')}
              inputMode="decimal"
              autoComplete="off"
              miw={220}
              error={errorOf('expenses')}
              {...form.register('expenses', amountRules(false))}
            />
          </Group>
          {productId && (
            <MultiSelect
              label={t('gpMoney.create.excused')}
              description={excusable.length ? t('gpMoney.create.excusedHelp') : t('gpMoney.create.excusedNone')}
              disabled={excusable.length === 0}
              searchable
              value={form.watch('excused')}
              onChange={(v) => form.setValue('excused', v)}
              error={errorOf('excused')}
              data={excusable.map((s) => ({
                value: s.subscriptionId,
                label: s.amount ? `${s.investorName} · ${formatMoney(s.amount, s.currency, lang)}` : s.investorName,
              }))}
            />
          )}
          <TextInput
            type="date"
            label={t('gpMoney.create.dueDate')}
            description={t('gpMoney.create.dueDateHelp', { date: formatDate(dueDefault, lang) })}
            error={errorOf('dueDate')}
            {...form.register('dueDate')}
          />
          <Textarea
            label={t('gpMoney.create.purpose')}
            description={t('gpMoney.create.purposeHelp')}
            autosize
            minRows={2}
            maxLength={500}
            {...form.register('purpose')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('gpMoney.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
