import {
  Box,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { FEE_DISPLAY_TYPES, FEE_TYPES, PRODUCT_DOCUMENT_KINDS } from '@tranche/shared/enums';
import { Controller, type FieldValues, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '@/features/gp-products/lib/validation';
import type { MarketingFolder } from '@/features/products';
import { useLang } from '@/i18n/use-lang';
import { localized } from '@/lib/localized';

/** Register and error helpers for the form in context (every product form uses a FormProvider). */
export const useField = () => {
  const form = useFormContext<FieldValues>();
  const errorOf = useFieldError(form.formState.errors);
  return { ...form, errorOf };
};

interface LocalizedFieldsProps {
  /** The field holding `{ en, 'zh-CN' }`, e.g. `name` or `managementFee.note`. */
  name: string;
  label: string;
  required?: boolean;
  multiline?: boolean;
  maxLength?: number;
}

/** One text in English (the language always required when the text is) and in Simplified Chinese. */
export const LocalizedFields = ({
  name,
  label,
  required = false,
  multiline = false,
  maxLength = 2000,
}: LocalizedFieldsProps) => {
  const { t } = useTranslation();
  const { register, errorOf } = useField();
  const Input = multiline ? Textarea : TextInput;
  const extra = multiline ? { autosize: true, minRows: 2, maxRows: 8 } : {};
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Input
        label={t('gpProducts.form.inLanguage', { field: label, language: t('gpProducts.form.english') })}
        withAsterisk={required}
        maxLength={maxLength}
        error={errorOf(`${name}.en`)}
        {...extra}
        {...register(`${name}.en`)}
      />
      <Input
        label={t('gpProducts.form.inLanguage', { field: label, language: t('gpProducts.form.chinese') })}
        lang="zh-CN"
        maxLength={maxLength}
        error={errorOf(`${name}.zh-CN`)}
        {...extra}
        {...register(`${name}.zh-CN`)}
      />
    </SimpleGrid>
  );
};

interface AmountFieldProps {
  name: string;
  label: string;
  /** Shown after the number: a currency code or `%`. */
  unit?: string | undefined;
  required?: boolean;
  description?: string;
}

/** The UI language's digit grouping and decimal marks, e.g. `,` and `.` in English and Chinese. */
const separatorsOf = (lang: string) => {
  const parts = new Intl.NumberFormat(lang).formatToParts(12345.6);
  return {
    thousandSeparator: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimalSeparator: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
};

/**
 * A decimal amount, shown with the language's thousands separators as one types (`250,000`) but
 * held and sent as a plain decimal string (`250000.5`), never a float: react-number-format's
 * unformatted value, not NumberInput's number.
 */
export const AmountField = ({ name, label, unit, required = false, description }: AmountFieldProps) => {
  const { control, errorOf } = useField();
  const lang = useLang();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <NumberInput
          label={label}
          description={description}
          withAsterisk={required}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          hideControls
          allowNegative={false}
          {...separatorsOf(lang)}
          rightSection={unit}
          rightSectionWidth={unit ? Math.max(36, unit.length * 10 + 16) : undefined}
          rightSectionPointerEvents="none"
          error={errorOf(name)}
          name={field.name}
          ref={field.ref}
          value={typeof field.value === 'string' ? field.value : ''}
          valueIsNumericString
          onValueChange={(values) => field.onChange(values.value)}
          onBlur={field.onBlur}
        />
      )}
    />
  );
};

interface FeeFieldsProps {
  /** The fee field, e.g. `managementFee`. */
  name: string;
  label: string;
  /** Optional fees have a switch; required ones are always stated. */
  optional: boolean;
  currency: string;
}

/**
 * A fee: its type (fixed amount or percentage) and how it is shown, with only the inputs that
 * display type uses: FLAT one value, RANGE two, OTHER a note in each language.
 */
export const FeeFields = ({ name, label, optional, currency }: FeeFieldsProps) => {
  const { t } = useTranslation();
  const { register, control } = useField();
  const [enabled, type, display] = useWatch({
    control,
    name: [`${name}.enabled`, `${name}.type`, `${name}.display`],
  }) as [boolean, string, string];
  const unit = type === 'PERCENTAGE' ? '%' : currency;
  const on = !optional || enabled;

  return (
    <Fieldset legend={label} variant="filled" radius="md">
      {optional && (
        <Controller
          name={`${name}.enabled`}
          control={control}
          render={({ field }) => (
            <Switch
              label={t('gpProducts.form.chargeFee')}
              mb={on ? 'sm' : 0}
              checked={Boolean(field.value)}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
      )}
      {on && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect
            label={t('gpProducts.form.feeType')}
            data={FEE_TYPES.map((v) => ({ value: v, label: t(`feeType.${v}`) }))}
            {...register(`${name}.type`)}
          />
          <NativeSelect
            label={t('gpProducts.form.feeDisplay')}
            data={FEE_DISPLAY_TYPES.map((v) => ({ value: v, label: t(`feeDisplay.${v}`) }))}
            {...register(`${name}.display`)}
          />
          {display === 'FLAT' && (
            <AmountField name={`${name}.value`} label={t('gpProducts.form.feeValue')} unit={unit} required />
          )}
          {display === 'RANGE' && (
            <>
              <AmountField name={`${name}.value`} label={t('gpProducts.form.feeFrom')} unit={unit} required />
              <AmountField name={`${name}.upTo`} label={t('gpProducts.form.feeTo')} unit={unit} required />
            </>
          )}
        </SimpleGrid>
      )}
      {on && display === 'OTHER' && (
        <Box mt="sm">
          <LocalizedFields name={`${name}.note`} label={t('gpProducts.form.feeNote')} required />
        </Box>
      )}
    </Fieldset>
  );
};

/** A form's Cancel (where it can be left) and submit buttons, at its end. */
export const FormButtons = ({
  submitLabel,
  onCancel,
}: {
  submitLabel: string;
  onCancel?: (() => void) | undefined;
}) => {
  const { t } = useTranslation();
  const { isSubmitting } = useFormState();
  return (
    <Group justify="flex-end">
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          {t('gpProducts.cancel')}
        </Button>
      )}
      <Button type="submit" loading={isSubmitting}>
        {submitLabel}
      </Button>
    </Group>
  );
};

/**
 * A document's kind (`kind`) and, for marketing documents, its folder (`folderId`, '' for none).
 * The caller lays the two out.
 */
export const DocumentKindFields = ({ folders }: { folders: readonly MarketingFolder[] }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { register, control } = useField();
  const kind = useWatch({ control, name: 'kind' });
  return (
    <>
      <NativeSelect
        label={t('gpProducts.documents.kind')}
        data={PRODUCT_DOCUMENT_KINDS.map((k) => ({ value: k, label: t(`documentKind.${k}`) }))}
        {...register('kind')}
      />
      {kind === 'MARKETING' && (
        <NativeSelect
          label={t('gpProducts.documents.folder')}
          data={[
            { value: '', label: t('gpProducts.documents.noFolder') },
            ...folders.map((f) => ({ value: f.folderId, label: localized(f.name, lang) })),
          ]}
          {...register('folderId')}
        />
      )}
    </>
  );
};
