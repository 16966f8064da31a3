import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { Currency } from '@tranche/shared/currency';
import type { CreateDistributionBody } from '@tranche/shared/money/money.schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { createDistribution } from '@/features/gp-money/api/dealing';
import { useMoneyFund } from '@/features/gp-money/api/money';
import { FundFormPage } from '@/features/gp-money/components/fund-form-page';
import { amountRules, fundOptions, useAttemptKey } from '@/features/gp-money/lib/money-form';
import { GP_DISTRIBUTIONS_PATH, gpDistributionPath } from '@/features/gp-money/paths';
import { FormAlert } from '@/features/session/screens';
import { useLang } from '@/i18n/use-lang';
import { placeApiError, ruleTextWith } from '@/lib/api-field-error';
import { useFieldErrorText } from '@/lib/form-errors';
import { localized } from '@/lib/localized';
import { notifications } from '@/lib/notifications';

interface DistributionValues {
  productId: string;
  shareClassId: string;
  currency: Currency | '';
  amount: string;
  basis: 'COMMITMENT' | 'UNITS';
  recallable: boolean;
  paymentDate: string;
  purpose: string;
}

/**
 * /gp/money/distributions/new: a distribution drafted on a fund (or one share class), split by
 * commitment (closed-ended) or by units held (open-ended), recallable or not. The server splits it
 * by largest remainder and keeps it a draft for a second person.
 */
export const NewDistributionPage = () => {
  const { t } = useTranslation();
  return (
    <FundFormPage
      title={t('gpMoney.distributions.newTitle')}
      intro={t('gpMoney.distributions.newIntro')}
      back={{ to: GP_DISTRIBUTIONS_PATH, label: t('gpMoney.distributions.back') }}
      loading={t('gpMoney.distributions.loading')}
    >
      {(funds) => <DistributionForm funds={funds} />}
    </FundFormPage>
  );
};

const DistributionForm = ({
  funds,
}: {
  funds: readonly { productId: string; name: Parameters<typeof localized>[0]; fundType?: string }[];
}) => {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm<DistributionValues>({
    defaultValues: {
      productId: params.get('productId') ?? '',
      shareClassId: '',
      currency: '',
      amount: '',
      basis: 'COMMITMENT',
      recallable: false,
      paymentDate: '',
      purpose: '',
    },
  });
  const errorOf = useFieldErrorText(form.formState.errors, ruleTextWith(t as (key: string) => string));
  const [failure, setFailure] = useState<unknown>();
  const keyFor = useAttemptKey();
  const productId = form.watch('productId');
  const shareClassId = form.watch('shareClassId');
  const basis = form.watch('basis');
  const fund = useMoneyFund(productId || undefined);
  const classes = fund.data?.shareClasses ?? [];
  const chosenClass = classes.find((c) => c.shareClassId === shareClassId);
  const currencies = fund.data ? [...new Set([fund.data.currency, ...classes.map((c) => c.currency)])] : [];
  const currency = (chosenClass?.currency || form.watch('currency') || currencies[0] || 'USD') as Currency;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    const body: CreateDistributionBody = {
      productId: values.productId,
      currency,
      amount: values.amount.trim(),
      basis: values.basis,
      ...(values.shareClassId ? { shareClassId: values.shareClassId } : {}),
      ...(values.recallable ? { recallable: true } : {}),
      ...(values.paymentDate ? { paymentDate: values.paymentDate } : {}),
      ...(values.purpose.trim() ? { purpose: values.purpose.trim() } : {}),
    };
    const key = keyFor(body);
    try {
      const created = await createDistribution(body, key);
      notifications.show({ color: 'green', message: t('gpMoney.distributions.created') });
      void navigate(gpDistributionPath(created.distributionId));
    } catch (error) {
      const fields = ['productId', 'shareClassId', 'currency', 'amount', 'basis', 'paymentDate', 'purpose'];
      if (!placeApiError(error, form, fields, lang)) setFailure(error);
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Stack gap="md">
          <FormAlert error={failure} title={t('gpMoney.distributions.failed')} />
          <NativeSelect
            label={t('gpMoney.common.fund')}
            required
            error={errorOf('productId')}
            data={fundOptions(funds, t('gpMoney.create.chooseFund'), lang)}
            {...form.register('productId', {
              required: 'gpMoney.create.errors.required',
              onChange: () => {
                form.setValue('shareClassId', '');
                form.setValue('currency', '');
              },
            })}
          />
          {classes.length > 0 && (
            <NativeSelect
              label={t('gpMoney.distributions.shareClass')}
              error={errorOf('shareClassId')}
              data={[
                { value: '', label: t('gpMoney.distributions.allClasses') },
                ...classes.map((c) => ({ value: c.shareClassId, label: `${localized(c.name, lang)} (${c.currency})` })),
              ]}
              {...form.register('shareClassId')}
            />
          )}
          {!chosenClass && currencies.length > 1 && (
            <NativeSelect
              label={t('gpMoney.create.currency')}
              error={errorOf('currency')}
              data={currencies}
              value={currency}
              onChange={(e) => form.setValue('currency', e.currentTarget.value as Currency)}
            />
          )}
          <TextInput
            label={t('gpMoney.distributions.amountLabel', { currency })}
            required
            inputMode="decimal"
            autoComplete="off"
            error={errorOf('amount')}
            {...form.register('amount', amountRules(true))}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="distribution-basis-label">
              {t('gpMoney.distributions.basis')}
            </Text>
            <SegmentedControl
              aria-labelledby="distribution-basis-label"
              value={basis}
              onChange={(v) => form.setValue('basis', v as DistributionValues['basis'])}
              data={[
                { value: 'COMMITMENT', label: t('gpMoney.distributions.byCommitment') },
                { value: 'UNITS', label: t('gpMoney.distributions.byUnits') },
              ]}
              style={{ alignSelf: 'flex-start' }}
            />
            {errorOf('basis') && (
              <Text size="xs" c="red.8" role="alert">
                {errorOf('basis')}
              </Text>
            )}
          </Stack>
          <Checkbox
            label={t('gpMoney.distributions.recallable')}
            description={t('gpMoney.distributions.recallableHelp')}
            {...form.register('recallable')}
          />
          <TextInput
            type="date"
            label={t('gpMoney.distributions.paymentDate')}
            description={t('gpMoney.distributions.paymentDateHelp')}
            error={errorOf('paymentDate')}
            {...form.register('paymentDate')}
          />
          <Textarea
            label={t('gpMoney.distributions.purpose')}
            autosize
            minRows={2}
            maxLength={500}
            error={errorOf('purpose')}
            {...form.register('purpose')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('gpMoney.distributions.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
