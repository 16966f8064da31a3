import { Checkbox, Fieldset, SimpleGrid, TextInput } from '@mantine/core';
import type { CountryCode } from '@tranche/shared/country/iso-3166';
import type { Address, AddressType } from '@tranche/shared/profile/profile.schema';
import { ADDRESS_TYPE_LABELS } from '@tranche/shared/profile/profile.schema';
import type { RequirementTable } from '@tranche/shared/profile/requirement-levels';
import { Controller, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { saveAddress } from '@/features/profiles/api/mutations';
import { CountrySelect } from '@/features/profiles/components/country-select';
import { type Intent, StepForm, type StepProps, useStepSave } from '@/features/profiles/components/step-form';
import { compact, given } from '@/features/profiles/lib/form-values';
import { fieldRule } from '@/features/profiles/lib/requirements';
import { useProfileFieldError } from '@/features/profiles/lib/validation';
import { useLang } from '@/i18n/use-lang';

interface AddressValues {
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}
interface AddressesValues {
  main: AddressValues;
  /** The second address is asked only when it differs (mailing for a person, place of business for an entity). */
  hasSecond: boolean;
  second: AddressValues;
}

const BLANK: AddressValues = { line1: '', line2: '', city: '', region: '', postalCode: '', country: '' };
const REQUIRED: (keyof AddressValues)[] = ['line1', 'city', 'country'];

const valuesOf = (a: Address | undefined): AddressValues =>
  a
    ? {
        line1: a.line1,
        line2: a.line2 ?? '',
        city: a.city,
        region: a.region ?? '',
        postalCode: a.postalCode ?? '',
        country: a.country,
      }
    : BLANK;

const isBlank = (v: AddressValues) => Object.values(v).every((x) => !given(x));
const inputOf = (v: AddressValues): Address =>
  compact({
    line1: v.line1.trim(),
    line2: given(v.line2),
    city: v.city.trim(),
    region: given(v.region),
    postalCode: given(v.postalCode),
    country: v.country as CountryCode,
  });

/** A person's residential (and, if different, mailing) address; an entity's registered office (and place of business). */
export const AddressesStep = ({ table, ...props }: StepProps & { table: RequirementTable }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { profile } = props;
  const rule = fieldRule(table, 'ADDRESS_INFORMATION');
  const [mainType, secondType]: [AddressType, AddressType] =
    profile.type === 'ENTITY' ? ['REGISTERED', 'BUSINESS'] : ['RESIDENTIAL', 'MAILING'];
  const saved = (type: AddressType) => profile.addresses.find((a) => a.type === type);
  const form = useForm<AddressesValues>({
    defaultValues: {
      main: valuesOf(saved(mainType)),
      hasSecond: saved(secondType) !== undefined,
      second: valuesOf(saved(secondType)),
    },
  });
  const errorOf = useProfileFieldError(form.formState.errors);
  // 422s name `address.line1` of one request: each request is for one address, so they land on `main.`
  // unless the second one failed (see below).
  const { saving, error, save } = useStepSave(form, props, (field) => `main.${field.replace(/^address\./, '')}`);
  const hasSecond = useWatch({ control: form.control, name: 'hasSecond' });

  const submit = (intent: Intent) => {
    // Errors set by hand (required, or named by the API) would stop handleSubmit before it reads the values.
    form.clearErrors();
    void form.handleSubmit((values) => {
      form.clearErrors();
      if (!props.readOnly) {
        // An address is sent whole or not at all: once one of its fields is typed, the rest it needs are asked for.
        const absent: string[] = [];
        const check = (prefix: 'main' | 'second', v: AddressValues, mustHave: boolean) => {
          if (isBlank(v) && !mustHave) return;
          for (const f of REQUIRED) if (!given(v[f])) absent.push(`${prefix}.${f}`);
        };
        check('main', values.main, intent === 'next' && rule.required);
        if (values.hasSecond) check('second', values.second, false);
        absent.forEach((path, i) => {
          form.setError(path as never, { type: 'required', message: 'required' }, { shouldFocus: i === 0 });
        });
        if (absent.length > 0) return;
      }
      return save(intent, async () => {
        let current = profile;
        const mainBlank = isBlank(values.main);
        if (!mainBlank) current = await saveAddress(current, mainType, inputOf(values.main));
        else if (saved(mainType)) current = await saveAddress(current, mainType, null);
        const second = values.hasSecond && !isBlank(values.second) ? inputOf(values.second) : null;
        if (second || saved(secondType)) current = await saveAddress(current, secondType, second);
        return current;
      });
    })();
  };

  return (
    <StepForm
      title={t('profiles.steps.addresses')}
      error={error}
      saving={saving}
      readOnly={props.readOnly}
      onSubmit={submit}
      onBack={props.onBack}
    >
      <AddressFields
        form={form}
        prefix="main"
        legend={ADDRESS_TYPE_LABELS[mainType][lang]}
        required={rule.required}
        errorOf={errorOf}
      />
      <Checkbox
        {...form.register('hasSecond')}
        label={t('profiles.fields.hasSecondAddress', { type: ADDRESS_TYPE_LABELS[secondType][lang] })}
      />
      {hasSecond && (
        <AddressFields
          form={form}
          prefix="second"
          legend={ADDRESS_TYPE_LABELS[secondType][lang]}
          required={false}
          errorOf={errorOf}
        />
      )}
    </StepForm>
  );
};

const AddressFields = ({
  form,
  prefix,
  legend,
  required,
  errorOf,
}: {
  form: UseFormReturn<AddressesValues>;
  prefix: 'main' | 'second';
  legend: string;
  required: boolean;
  errorOf: (path: string) => string | undefined;
}) => {
  const { t } = useTranslation();
  // Autofill groups a person's addresses by section: the second one is the "shipping" address.
  const section = prefix === 'main' ? 'section-main' : 'section-second';
  return (
    <Fieldset legend={legend} variant="unstyled">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          {...form.register(`${prefix}.line1`)}
          label={t('profiles.fields.line1')}
          autoComplete={`${section} address-line1`}
          error={errorOf(`${prefix}.line1`)}
          required={required}
        />
        <TextInput
          {...form.register(`${prefix}.line2`)}
          label={t('profiles.fields.line2')}
          autoComplete={`${section} address-line2`}
          error={errorOf(`${prefix}.line2`)}
        />
        <TextInput
          {...form.register(`${prefix}.city`)}
          label={t('profiles.fields.city')}
          autoComplete={`${section} address-level2`}
          error={errorOf(`${prefix}.city`)}
          required={required}
        />
        <TextInput
          {...form.register(`${prefix}.region`)}
          label={t('profiles.fields.region')}
          autoComplete={`${section} address-level1`}
          error={errorOf(`${prefix}.region`)}
        />
        <TextInput
          {...form.register(`${prefix}.postalCode`)}
          label={t('profiles.fields.postalCode')}
          autoComplete={`${section} postal-code`}
          error={errorOf(`${prefix}.postalCode`)}
        />
        <Controller
          control={form.control}
          name={`${prefix}.country`}
          render={({ field }) => (
            <CountrySelect
              label={t('profiles.fields.country')}
              value={field.value}
              onChange={(code) => field.onChange(code ?? '')}
              onBlur={field.onBlur}
              error={errorOf(`${prefix}.country`)}
              required={required}
            />
          )}
        />
      </SimpleGrid>
    </Fieldset>
  );
};
