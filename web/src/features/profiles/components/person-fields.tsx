import { SimpleGrid, TextInput } from '@mantine/core';
import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PersonValues } from '@/features/profiles/lib/form-values';
import { CountrySelect } from './country-select';

interface PersonFieldsProps {
  // biome-ignore lint/suspicious/noExplicitAny: shared by forms of different shapes; paths are built from `prefix`
  form: UseFormReturn<any>;
  /** Where the person's values sit in the form, e.g. 'coHolder.' ('' at the root). */
  prefix?: string;
  errorOf: (path: string) => string | undefined;
  /** Marks the identity fields required (IDENTITY_INFORMATION is MANDATORY). */
  required: boolean;
  /** Which optional parts to show: contact (phone, email) and the native-script name. */
  contact?: boolean;
  /** `false` where the email is asked elsewhere (an entity member's EMAIL_ADDRESS requirement). */
  email?: boolean;
}

/** A person's identity: legal name, name in their own script, date of birth, nationality, residence, contact. */
export const PersonFields = ({
  form,
  prefix = '',
  errorOf,
  required,
  contact = true,
  email = true,
}: PersonFieldsProps) => {
  const { t } = useTranslation();
  const name = (field: keyof PersonValues) => `${prefix}${field}`;
  const country = (field: 'nationality' | 'countryOfResidence', label: string, isRequired: boolean) => (
    <Controller
      control={form.control as UseFormReturn<FieldValues>['control']}
      name={name(field)}
      render={({ field: f }) => (
        <CountrySelect
          label={label}
          value={f.value as string}
          onChange={(code) => f.onChange(code ?? '')}
          onBlur={f.onBlur}
          error={errorOf(name(field))}
          required={isRequired}
        />
      )}
    />
  );
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          {...form.register(name('firstName'))}
          label={t('profiles.fields.firstName')}
          autoComplete="given-name"
          error={errorOf(name('firstName'))}
          required={required}
        />
        <TextInput
          {...form.register(name('lastName'))}
          label={t('profiles.fields.lastName')}
          autoComplete="family-name"
          error={errorOf(name('lastName'))}
          required={required}
        />
        <TextInput
          {...form.register(name('middleName'))}
          label={t('profiles.fields.middleName')}
          autoComplete="additional-name"
          error={errorOf(name('middleName'))}
        />
        <TextInput
          {...form.register(name('realName'))}
          label={t('profiles.fields.realName')}
          error={errorOf(name('realName'))}
        />
        <TextInput
          {...form.register(name('dateOfBirth'))}
          type="date"
          label={t('profiles.fields.dateOfBirth')}
          autoComplete="bday"
          error={errorOf(name('dateOfBirth'))}
          required={required}
        />
        {country('nationality', t('profiles.fields.nationality'), required)}
        {country('countryOfResidence', t('profiles.fields.countryOfResidence'), false)}
      </SimpleGrid>
      {contact && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            {...form.register(name('phone'))}
            type="tel"
            autoComplete="tel"
            label={t('profiles.fields.phone')}
            description={t('profiles.fields.phoneHint')}
            error={errorOf(name('phone'))}
          />
          {email && (
            <TextInput
              {...form.register(name('email'))}
              type="email"
              autoComplete="email"
              label={t('profiles.fields.email')}
              error={errorOf(name('email'))}
            />
          )}
        </SimpleGrid>
      )}
    </>
  );
};
