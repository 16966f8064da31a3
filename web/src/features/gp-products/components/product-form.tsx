import { Checkbox, Fieldset, Group, MultiSelect, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import {
  ASSET_STRATEGIES,
  DEALING_FREQUENCIES,
  FUND_TYPES,
  INVESTMENT_PERMISSIONS,
  INVESTOR_TYPES_FOR_SUBSCRIPTION,
  OBJECTIVES,
  PRODUCT_KINDS,
  PRODUCT_OPENNESS,
  REGIONS,
  TARGET_RETURN_RANGES,
  TARGET_RETURNS,
} from '@tranche/shared/enums';
import { type ProductInput, ProductInputSchema } from '@tranche/shared/product/product.schema';
import type { ReactNode } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ProductFormValues, toProductInput } from '@/features/gp-products/lib/form-values';
import { schemaResolver, useSaveSubmit } from '@/features/gp-products/lib/validation';
import { SaveErrorAlert } from './conflict-alert';
import { AmountField, FeeFields, FormButtons, LocalizedFields, useField } from './form-fields';

interface ProductFormProps {
  defaultValues: ProductFormValues;
  /** Currencies the tenant offers (plus the product's own, if it is no longer offered). */
  currencies: readonly string[];
  onSubmit: (input: ProductInput) => Promise<void>;
  submitLabel: string;
  readOnly?: boolean;
  onCancel?: () => void;
  /** After a version conflict: load the other person's version. */
  onReload: () => void;
}

const resolver = schemaResolver<ProductFormValues, ProductInput>(ProductInputSchema, toProductInput);

/** Every field of a product, validated with the shared schema and its cross-field rules. */
export const ProductForm = ({
  defaultValues,
  currencies,
  onSubmit,
  submitLabel,
  readOnly = false,
  onCancel,
  onReload,
}: ProductFormProps) => {
  const { t } = useTranslation();
  const form = useForm<ProductFormValues, unknown, ProductInput>({ defaultValues, resolver, mode: 'onTouched' });
  const { submit, saveError } = useSaveSubmit(form, onSubmit, { fieldErrors: true });

  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="lg">
          <Fieldset disabled={readOnly} variant="unstyled" p={0}>
            <Stack gap="lg">
              <BasicsFields />
              <ClassificationFields />
              <AmountsFields currencies={currencies} />
              <DatesFields />
              <ProductFeesFields />
              <RedemptionFields />
            </Stack>
          </Fieldset>
          <SaveErrorAlert error={saveError} onReload={onReload} />
          {Object.keys(form.formState.errors).length > 0 && form.formState.submitCount > 0 && (
            <Text c="red.9" size="sm" role="alert">
              {t('gpProducts.form.fixErrors')}
            </Text>
          )}
          {!readOnly && <FormButtons submitLabel={submitLabel} onCancel={onCancel} />}
        </Stack>
      </form>
    </FormProvider>
  );
};

const Section = ({ legend, children }: { legend: string; children: ReactNode }) => (
  <Fieldset legend={legend} radius="md">
    <Stack gap="sm">{children}</Stack>
  </Fieldset>
);

const BasicsFields = () => {
  const { t } = useTranslation();
  const { register } = useField();
  return (
    <Section legend={t('gpProducts.form.basics')}>
      <NativeSelect
        label={t('gpProducts.form.kind')}
        data={PRODUCT_KINDS.map((v) => ({ value: v, label: t(`productKind.${v}`) }))}
        maw={320}
        {...register('kind')}
      />
      <LocalizedFields name="name" label={t('gpProducts.form.name')} required maxLength={200} />
      <LocalizedFields name="summary" label={t('gpProducts.form.summary')} required multiline maxLength={500} />
      <LocalizedFields name="description" label={t('gpProducts.form.description')} multiline />
    </Section>
  );
};

const ClassificationFields = () => {
  const { t } = useTranslation();
  const { register, control, errorOf } = useField();
  const options = <T extends string>(values: readonly T[], prefix: string) =>
    values.map((v) => ({ value: v, label: t(`${prefix}.${v}` as never) as string }));
  const multi = (name: string, label: string, data: { value: string; label: string }[]) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <MultiSelect
          label={label}
          data={data}
          value={field.value as string[]}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          searchable
          clearable
          error={errorOf(name)}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
  const notStated = { value: '', label: t('gpProducts.form.notStated') };

  return (
    <Section legend={t('gpProducts.form.classification')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NativeSelect
          label={t('product.fundType')}
          withAsterisk
          data={options(FUND_TYPES, 'fundType')}
          {...register('fundType')}
        />
        <NativeSelect
          label={t('product.dealingFrequency')}
          withAsterisk
          data={options(DEALING_FREQUENCIES, 'dealingFrequency')}
          {...register('dealingFrequency')}
        />
        <NativeSelect
          label={t('gpProducts.form.investmentPermission')}
          withAsterisk
          data={options(INVESTMENT_PERMISSIONS, 'investmentPermission')}
          {...register('investmentPermission')}
        />
        <NativeSelect
          label={t('gpProducts.form.openness')}
          withAsterisk
          data={options(PRODUCT_OPENNESS, 'openness')}
          {...register('openness')}
        />
        <NativeSelect
          label={t('catalogue.targetReturn')}
          data={[notStated, ...options(TARGET_RETURNS, 'targetReturn')]}
          {...register('targetReturn')}
        />
        <NativeSelect
          label={t('productPage.targetReturnRange')}
          data={[notStated, ...options(TARGET_RETURN_RANGES, 'targetReturnRange')]}
          {...register('targetReturnRange')}
        />
      </SimpleGrid>
      {multi('strategies', t('productPage.strategies'), options(ASSET_STRATEGIES, 'strategy'))}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {multi('objectives', t('product.objectives'), options(OBJECTIVES, 'objective'))}
        {multi('regions', t('product.regions'), options(REGIONS, 'region'))}
      </SimpleGrid>
      <Controller
        name="investorTypes"
        control={control}
        render={({ field }) => (
          <Checkbox.Group
            label={t('product.investorTypes')}
            withAsterisk
            value={field.value as string[]}
            onChange={field.onChange}
            error={errorOf('investorTypes')}
          >
            <Group mt="xs" gap="lg">
              {INVESTOR_TYPES_FOR_SUBSCRIPTION.map((v) => (
                <Checkbox key={v} value={v} label={t(`investorType.${v}`)} onBlur={field.onBlur} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
      />
    </Section>
  );
};

const AmountsFields = ({ currencies }: { currencies: readonly string[] }) => {
  const { t } = useTranslation();
  const { register, control } = useField();
  const currency = useWatch({ control, name: 'currency' }) as string;
  return (
    <Section legend={t('gpProducts.form.amounts')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NativeSelect
          label={t('product.currency')}
          withAsterisk
          data={currencies.map((c) => ({ value: c, label: c }))}
          {...register('currency')}
        />
        <AmountField name="targetSize" label={t('product.targetSize')} unit={currency} required />
        <AmountField name="minInvestment" label={t('product.minInvestment')} unit={currency} required />
        <AmountField name="maxInvestment" label={t('productPage.maxInvestment')} unit={currency} />
      </SimpleGrid>
    </Section>
  );
};

const DatesFields = () => {
  const { t } = useTranslation();
  const { control, errorOf } = useField();
  const date = (name: string, label: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <DateInput
          label={label}
          description={t('gpProducts.form.dateFormat')}
          valueFormat="YYYY-MM-DD"
          clearable
          clearButtonProps={{ 'aria-label': t('gpProducts.form.clearDate', { field: label }) }}
          value={(field.value as string) || null}
          onChange={(v) => field.onChange(v ?? '')}
          onBlur={field.onBlur}
          ref={field.ref}
          error={errorOf(name)}
          popoverProps={{ withinPortal: true }}
        />
      )}
    />
  );
  return (
    <Section legend={t('gpProducts.form.dates')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {date('openingDate', t('productPage.openingDate'))}
        {date('closingDate', t('productPage.firstClose'))}
        {date('finalClosingDate', t('productPage.finalClose'))}
      </SimpleGrid>
    </Section>
  );
};

const ProductFeesFields = () => {
  const { t } = useTranslation();
  const { control } = useField();
  const currency = useWatch({ control, name: 'currency' }) as string;
  return (
    <Section legend={t('productPage.productFees')}>
      <Text size="sm" c="dimmed">
        {t('gpProducts.form.productFeesHint')}
      </Text>
      <FeeFields name="managementFee" label={t('product.managementFee')} optional currency={currency} />
      <FeeFields name="subscriptionFee" label={t('product.subscriptionFee')} optional currency={currency} />
      <FeeFields name="performanceFee" label={t('productPage.performanceFee')} optional currency={currency} />
    </Section>
  );
};

/** The fund's redemption gate: what share of NAV one dealing date may redeem (open-ended funds). */
const RedemptionFields = () => {
  const { t } = useTranslation();
  return (
    <Section legend={t('gpProducts.form.redemptions')}>
      <AmountField
        name="redemptionGatePercent"
        label={t('gpProducts.form.redemptionGate')}
        description={t('gpProducts.form.redemptionGateHint')}
        unit="%"
      />
    </Section>
  );
};
