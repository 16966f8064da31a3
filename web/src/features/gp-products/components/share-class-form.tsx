import { NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { type ShareClassInput, ShareClassInputSchema } from '@tranche/shared/product/product.schema';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  REQUIRED_SHARE_CLASS_FEES,
  SHARE_CLASS_FEES,
  type ShareClassFormValues,
  toShareClassInput,
} from '@/features/gp-products/lib/form-values';
import { schemaResolver, useSaveSubmit } from '@/features/gp-products/lib/validation';
import { SaveErrorAlert } from './conflict-alert';
import { AmountField, FeeFields, FormButtons, LocalizedFields } from './form-fields';

interface ShareClassFormProps {
  defaultValues: ShareClassFormValues;
  currencies: readonly string[];
  onSubmit: (input: ShareClassInput) => Promise<void>;
  onCancel: () => void;
  onReload: () => void;
  submitLabel: string;
}

const resolver = schemaResolver<ShareClassFormValues, ShareClassInput>(ShareClassInputSchema, toShareClassInput);

/** A share class: its name, currency, investment limits and fees (management and subscription required). */
export const ShareClassForm = ({
  defaultValues,
  currencies,
  onSubmit,
  onCancel,
  onReload,
  submitLabel,
}: ShareClassFormProps) => {
  const { t } = useTranslation();
  const form = useForm<ShareClassFormValues, unknown, ShareClassInput>({ defaultValues, resolver, mode: 'onTouched' });
  const currency = useWatch({ control: form.control, name: 'currency' });
  const { submit, saveError } = useSaveSubmit(form, onSubmit, { fieldErrors: true });
  const feeLabels: Record<(typeof SHARE_CLASS_FEES)[number], string> = {
    managementFee: t('product.managementFee'),
    subscriptionFee: t('product.subscriptionFee'),
    performanceFee: t('productPage.performanceFee'),
    redemptionFee: t('productPage.redemptionFee'),
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <LocalizedFields name="name" label={t('gpProducts.shareClasses.name')} required maxLength={200} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NativeSelect
              label={t('product.currency')}
              withAsterisk
              data={currencies.map((c) => ({ value: c, label: c }))}
              {...form.register('currency')}
            />
            <AmountField name="minInvestment" label={t('product.minInvestment')} unit={currency} required />
            <AmountField name="maxInvestment" label={t('productPage.maxInvestment')} unit={currency} />
          </SimpleGrid>
          {SHARE_CLASS_FEES.map((fee) => (
            <FeeFields
              key={fee}
              name={fee}
              label={feeLabels[fee]}
              optional={!REQUIRED_SHARE_CLASS_FEES.has(fee)}
              currency={currency}
            />
          ))}
          <SaveErrorAlert error={saveError} onReload={onReload} />
          <FormButtons submitLabel={submitLabel} onCancel={onCancel} />
        </Stack>
      </form>
    </FormProvider>
  );
};
