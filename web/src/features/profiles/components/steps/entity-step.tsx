import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { CountryCode } from '@tranche/shared/country/iso-3166';
import {
  ENTITY_TYPE_LABELS,
  type EntityType,
  entityTypesFor,
  VEHICLE_TYPE_LABELS,
  VEHICLE_TYPES,
  type VehicleType,
} from '@tranche/shared/profile/profile-enums';
import type { RequirementTable } from '@tranche/shared/profile/requirement-levels';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { saveHeader } from '@/features/profiles/api/mutations';
import { CountrySelect } from '@/features/profiles/components/country-select';
import { type Intent, StepForm, type StepProps, useStepSave } from '@/features/profiles/components/step-form';
import { compact, given } from '@/features/profiles/lib/form-values';
import { fieldRule } from '@/features/profiles/lib/requirements';
import { useProfileFieldError } from '@/features/profiles/lib/validation';
import { useLang } from '@/i18n/use-lang';

interface EntityValues {
  displayName: string;
  legalName: string;
  countryOfIncorporation: string;
  entityType: EntityType | '';
  incorporationId: string;
  dateOfIncorporation: string;
  vehicleType: VehicleType | '';
}

/**
 * The entity itself: legal name, country of incorporation, its type from that country's list (the
 * spec's lists per country, OTHER's for the rest), incorporation number and date, vehicle type.
 */
export const EntityStep = ({ table, ...props }: StepProps & { table: RequirementTable }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { profile } = props;
  const entity = profile.header.entity;
  const legal = fieldRule(table, 'LEGAL_NAME_OF_ENTITY');
  const type = fieldRule(table, 'ENTITY_TYPE');
  const incorporation = fieldRule(table, 'INCORPORATION_ID');
  // The country decides the entity types offered, and is the entity's identity for KYC.
  const countryRequired = type.required || fieldRule(table, 'IDENTITY_INFORMATION').required;
  const form = useForm<EntityValues>({
    defaultValues: {
      displayName: profile.header.displayName ?? '',
      legalName: entity?.legalName ?? '',
      countryOfIncorporation: entity?.countryOfIncorporation ?? '',
      entityType: entity?.entityType ?? '',
      incorporationId: entity?.incorporationId ?? '',
      dateOfIncorporation: entity?.dateOfIncorporation ?? '',
      vehicleType: entity?.vehicleType ?? '',
    },
  });
  const errorOf = useProfileFieldError(form.formState.errors);
  const { saving, error, save } = useStepSave(form, props);
  const country = useWatch({ control: form.control, name: 'countryOfIncorporation' });
  const entityType = useWatch({ control: form.control, name: 'entityType' });
  const offered = country ? entityTypesFor(country) : [];

  const submit = (intent: Intent) => {
    // Errors set by hand (required, or named by the API) would stop handleSubmit before it reads the values.
    form.clearErrors();
    void form.handleSubmit((values) => {
      form.clearErrors();
      if (intent === 'next' && !props.readOnly) {
        const absent = [
          ...(legal.required && !given(values.legalName) ? ['legalName' as const] : []),
          ...(countryRequired && !given(values.countryOfIncorporation) ? ['countryOfIncorporation' as const] : []),
          ...(type.required && !values.entityType ? ['entityType' as const] : []),
          ...(incorporation.required && !given(values.incorporationId) ? ['incorporationId' as const] : []),
        ];
        absent.forEach((f, i) => {
          form.setError(f, { type: 'required', message: 'required' }, { shouldFocus: i === 0 });
        });
        if (absent.length > 0) return;
      }
      return save(intent, () =>
        saveHeader(profile, {
          ...profile.header,
          displayName: given(values.displayName),
          entity: compact({
            legalName: given(values.legalName),
            countryOfIncorporation: given(values.countryOfIncorporation) as CountryCode | undefined,
            // A type left from another country's list is not sent: the server would refuse it.
            entityType: values.entityType && offered.includes(values.entityType) ? values.entityType : undefined,
            incorporationId: given(values.incorporationId),
            dateOfIncorporation: given(values.dateOfIncorporation),
            vehicleType: values.vehicleType || undefined,
          }),
        }),
      );
    })();
  };

  return (
    <StepForm
      title={t('profiles.steps.entity')}
      error={error}
      saving={saving}
      readOnly={props.readOnly}
      onSubmit={submit}
      onBack={props.onBack}
    >
      <TextInput
        {...form.register('displayName')}
        label={t('profiles.fields.profileName')}
        description={t('profiles.fields.profileNameHint')}
        error={errorOf('displayName')}
      />
      {legal.visible && (
        <TextInput
          {...form.register('legalName')}
          label={t('profiles.fields.legalName')}
          autoComplete="organization"
          error={errorOf('legalName')}
          required={legal.required}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <CountrySelect
          label={t('profiles.fields.entityCountry')}
          value={country}
          onChange={(code) => form.setValue('countryOfIncorporation', code ?? '', { shouldDirty: true })}
          error={errorOf('countryOfIncorporation')}
          required={countryRequired}
        />
        {type.visible && (
          <NativeSelect
            {...form.register('entityType')}
            label={t('profiles.fields.entityType')}
            description={t('profiles.fields.entityTypeHint')}
            error={errorOf('entityType')}
            required={type.required}
            disabled={!country}
            data={[
              { value: '', label: '—' },
              ...offered.map((v) => ({ value: v, label: ENTITY_TYPE_LABELS[v][lang] })),
              // Keep a saved type that the new country does not offer visible, so the change shows.
              ...(entityType && !offered.includes(entityType)
                ? [{ value: entityType, label: ENTITY_TYPE_LABELS[entityType][lang], disabled: true }]
                : []),
            ]}
          />
        )}
        {incorporation.visible && (
          <TextInput
            {...form.register('incorporationId')}
            label={t('profiles.fields.incorporationId')}
            error={errorOf('incorporationId')}
            required={incorporation.required}
          />
        )}
        <TextInput
          {...form.register('dateOfIncorporation')}
          type="date"
          label={t('profiles.fields.incorporationDate')}
          error={errorOf('dateOfIncorporation')}
        />
        <NativeSelect
          {...form.register('vehicleType')}
          label={t('profiles.fields.vehicleType')}
          error={errorOf('vehicleType')}
          data={[
            { value: '', label: '—' },
            ...VEHICLE_TYPES.map((v) => ({ value: v, label: VEHICLE_TYPE_LABELS[v][lang] })),
          ]}
        />
      </SimpleGrid>
    </StepForm>
  );
};
