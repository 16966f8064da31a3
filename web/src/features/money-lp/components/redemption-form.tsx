import { Button, Group, NativeSelect, Paper, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { InvestmentStatistics } from '@tranche/shared/money/money.schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AMOUNT_PATTERN,
  formatUnits,
  isPositive,
  type RedemptionValues,
  UNITS_PATTERN,
} from '@/features/money-lp/lib/figures';
import { FormAlert } from '@/features/session/screens';
import { useLang } from '@/i18n/use-lang';
import { placeApiError, ruleTextWith } from '@/lib/api-field-error';
import { useFieldErrorText } from '@/lib/form-errors';
import { formatDate, formatMoney } from '@/lib/format';

export interface RedemptionFormValues extends RedemptionValues {
  subscriptionId: string;
}

interface RedemptionFormProps {
  /** The investments units can be redeemed from (units held). */
  investments: readonly InvestmentStatistics[];
  initial: RedemptionFormValues;
  /** An amendment keeps its investment: the choice is shown, not offered. */
  lockInvestment?: boolean;
  submitLabel: string;
  failedTitle: string;
  /** Sends the request; a refusal it throws is put on the field it names, else above the form. */
  onSubmit: (values: RedemptionFormValues) => Promise<void>;
}

/**
 * What to redeem: the whole holding, a number of units or an amount (converted to units at the
 * latest NAV by the server, rounded down). The rules the API checks (over the holding, no NAV to
 * convert an amount, nothing invested) come back as catalogue codes naming the field, and show
 * under it through form-errors.
 */
export const RedemptionForm = ({
  investments,
  initial,
  lockInvestment = false,
  submitLabel,
  failedTitle,
  onSubmit,
}: RedemptionFormProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const form = useForm<RedemptionFormValues>({ defaultValues: initial });
  const errorOf = useFieldErrorText(form.formState.errors, ruleTextWith(t as (key: string) => string));
  const [failure, setFailure] = useState<unknown>();
  const by = form.watch('by');
  const subscriptionId = form.watch('subscriptionId');
  const chosen = investments.find((i) => i.subscriptionId === subscriptionId);
  const currency = chosen?.currency ?? '';

  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await onSubmit(values);
    } catch (error) {
      const placed = placeApiError(error, form, ['subscriptionId', 'units', 'amount'], lang);
      if (!placed) setFailure(error);
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={640}>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <Stack gap="md">
          <FormAlert error={failure} title={failedTitle} />
          <NativeSelect
            label={t('moneyLp.form.investment')}
            required
            disabled={lockInvestment}
            error={errorOf('subscriptionId')}
            data={[
              ...(lockInvestment ? [] : [{ value: '', label: t('moneyLp.form.chooseInvestment') }]),
              ...investments.map((i) => ({ value: i.subscriptionId, label: `${i.fund} (${i.currency})` })),
            ]}
            {...form.register('subscriptionId', { required: 'moneyLp.form.errors.investment' })}
            // Controlled as well, so the investment preset by the link (?subscriptionId=) is shown
            // whatever order the options and the registration reach the DOM in.
            value={subscriptionId}
          />
          {chosen && (
            <Text size="sm" c="dimmed">
              {chosen.nav && chosen.navDate
                ? t('moneyLp.form.holding', {
                    units: formatUnits(chosen.units, lang),
                    value: formatMoney(chosen.nav, chosen.currency, lang),
                    date: formatDate(chosen.navDate, lang),
                  })
                : t('moneyLp.form.holdingNoNav', { units: formatUnits(chosen.units, lang) })}
            </Text>
          )}
          <Radio.Group
            label={t('moneyLp.form.how')}
            required
            value={by}
            onChange={(v) => {
              form.setValue('by', v as RedemptionFormValues['by']);
              form.clearErrors(['units', 'amount']);
            }}
          >
            <Stack gap={6} mt={6}>
              <Radio value="full" label={t('moneyLp.form.full')} />
              <Radio value="units" label={t('moneyLp.form.units')} />
              <Radio value="amount" label={t('moneyLp.form.amount')} />
            </Stack>
          </Radio.Group>
          {by === 'units' && (
            <TextInput
              label={t('moneyLp.form.unitsLabel')}
              description={t('moneyLp.form.unitsHelp')}
              required
              inputMode="decimal"
              autoComplete="off"
              error={errorOf('units')}
              {...form.register('units', {
                required: 'moneyLp.form.errors.required',
                pattern: { value: UNITS_PATTERN, message: 'moneyLp.form.errors.units' },
                validate: (v) => isPositive(v) || 'moneyLp.form.errors.positive',
              })}
            />
          )}
          {by === 'amount' && (
            <TextInput
              label={t('moneyLp.form.amountLabel', { currency })}
              description={t('moneyLp.form.amountHelp')}
              required
              inputMode="decimal"
              autoComplete="off"
              error={errorOf('amount')}
              {...form.register('amount', {
                required: 'moneyLp.form.errors.required',
                pattern: { value: AMOUNT_PATTERN, message: 'moneyLp.form.errors.amount' },
                validate: (v) => isPositive(v) || 'moneyLp.form.errors.positive',
              })}
            />
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
