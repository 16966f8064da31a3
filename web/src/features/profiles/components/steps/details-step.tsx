import { Divider, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { ID_DOCUMENT_TYPE_LABELS, ID_DOCUMENT_TYPES } from '@tranche/shared/profile/profile-enums';
import type { RequirementTable } from '@tranche/shared/profile/requirement-levels';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { saveHeader, saveIndividual, saveMember } from '@/features/profiles/api/mutations';
import { CountrySelect } from '@/features/profiles/components/country-select';
import { JobTitleSelect } from '@/features/profiles/components/job-title-select';
import { PersonFields } from '@/features/profiles/components/person-fields';
import { PersonPicker } from '@/features/profiles/components/person-picker';
import { type Intent, StepForm, type StepProps, useStepSave } from '@/features/profiles/components/step-form';
import {
  given,
  type IndividualValues,
  individualInput,
  individualValues,
  missingIdParts,
  type PersonValues,
  personInput,
  personValues,
} from '@/features/profiles/lib/form-values';
import { fieldRule } from '@/features/profiles/lib/requirements';
import { useProfileFieldError } from '@/features/profiles/lib/validation';
import { useLang } from '@/i18n/use-lang';

interface DetailsValues extends IndividualValues {
  displayName: string;
  /** JOINT: an existing person chosen as co-holder ('' = type a new one). */
  coHolderPersonId: string;
  coHolder: PersonValues;
}

/** The fields a MANDATORY identity needs before "Save and continue" moves on (the server asks the same at submit). */
const REQUIRED_IDENTITY: (keyof PersonValues)[] = ['firstName', 'lastName', 'dateOfBirth', 'nationality'];

/**
 * Personal details of an individual, or of a joint account's first holder and its co-holder (one of
 * the investor's persons: chosen from the list, or typed once here).
 */
export const DetailsStep = ({ table, ...props }: StepProps & { table: RequirementTable }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { profile } = props;
  const joint = profile.type === 'JOINT';
  const identity = fieldRule(table, 'IDENTITY_INFORMATION');
  const form = useForm<DetailsValues>({
    defaultValues: {
      ...individualValues(profile.individual),
      displayName: profile.header.displayName ?? '',
      coHolderPersonId: profile.coHolder?.personId ?? '',
      coHolder: personValues(profile.coHolder?.person),
    },
  });
  const errorOf = useProfileFieldError(form.formState.errors);
  const { saving, error, save } = useStepSave(form, props);
  const jobTitle = useWatch({ control: form.control, name: 'jobTitle' });
  const idType = useWatch({ control: form.control, name: 'idType' });
  const coHolderPersonId = useWatch({ control: form.control, name: 'coHolderPersonId' });
  const idIssuingCountry = useWatch({ control: form.control, name: 'idIssuingCountry' });

  const missing = (values: DetailsValues, intent: Intent): boolean => {
    form.clearErrors();
    const absent: string[] = missingIdParts(values);
    if (intent === 'next' && identity.required) {
      absent.push(...REQUIRED_IDENTITY.filter((f) => !given(values[f])));
      // The investor's own identity includes the ID document (the co-holder's does not).
      absent.push(
        ...(['idType', 'idNumber', 'idIssuingCountry'] as const).filter(
          (f) => !given(values[f]) && !absent.includes(f),
        ),
      );
      if (joint && !values.coHolderPersonId)
        absent.push(...REQUIRED_IDENTITY.filter((f) => !given(values.coHolder[f])).map((f) => `coHolder.${f}`));
    }
    absent.forEach((path, i) => {
      form.setError(path as never, { type: 'required', message: 'required' }, { shouldFocus: i === 0 });
    });
    return absent.length > 0;
  };

  const submit = (intent: Intent) => {
    // Errors set by hand (required, or named by the API) would stop handleSubmit before it reads the values.
    form.clearErrors();
    void form.handleSubmit((values) => {
      if (!props.readOnly && missing(values, intent)) return;
      return save(intent, async () => {
        let current = profile;
        const displayName = given(values.displayName);
        if (displayName !== profile.header.displayName)
          current = await saveHeader(current, { ...profile.header, displayName });
        current = await saveIndividual(current, individualInput(values));
        if (joint) {
          const chosen = values.coHolderPersonId;
          const typed = personInput(values.coHolder, profile.coHolder?.person);
          const unchanged =
            profile.coHolder &&
            chosen === profile.coHolder.personId &&
            JSON.stringify(typed) === JSON.stringify(profile.coHolder.person);
          if (!unchanged && (chosen || Object.keys(typed).length > 0))
            current = await saveMember(current, {
              coHolder: true,
              ...(chosen ? { personId: chosen } : {}),
              // A chosen person is taken as they are; only a co-holder typed here (or already on
              // this profile, being corrected) sends details.
              ...(!chosen || chosen === profile.coHolder?.personId ? { person: typed } : {}),
            });
        }
        return current;
      });
    })();
  };

  return (
    <StepForm
      title={t('profiles.steps.details')}
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
      {identity.visible && (
        <>
          {joint && (
            <Title order={3} size="h4">
              {t('profiles.fields.firstHolder')}
            </Title>
          )}
          <PersonFields form={form} errorOf={errorOf} required={identity.required} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NativeSelect
              {...form.register('idType')}
              label={t('profiles.fields.idType')}
              error={errorOf('idType')}
              required={identity.required}
              data={[
                { value: '', label: '—' },
                ...ID_DOCUMENT_TYPES.map((type) => ({ value: type, label: ID_DOCUMENT_TYPE_LABELS[type][lang] })),
              ]}
            />
            <TextInput
              {...form.register('idNumber')}
              label={t('profiles.fields.idNumber')}
              error={errorOf('idNumber')}
              required={identity.required || Boolean(idType)}
            />
            <CountrySelect
              label={t('profiles.fields.idIssuingCountry')}
              value={idIssuingCountry}
              onChange={(code) => form.setValue('idIssuingCountry', code ?? '', { shouldDirty: true })}
              error={errorOf('idIssuingCountry')}
              required={identity.required || Boolean(idType)}
            />
            <TextInput
              {...form.register('idExpiry')}
              type="date"
              label={t('profiles.fields.idExpiry')}
              error={errorOf('idExpiry')}
            />
          </SimpleGrid>
        </>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <JobTitleSelect
          label={t('profiles.fields.jobTitle')}
          value={jobTitle || null}
          onChange={(title) => form.setValue('jobTitle', title ?? '', { shouldDirty: true })}
          error={errorOf('jobTitle')}
        />
        {jobTitle === 'OTHER' && (
          <TextInput
            {...form.register('jobTitleOther')}
            label={t('profiles.fields.jobTitleOther')}
            error={errorOf('jobTitleOther')}
          />
        )}
        <TextInput {...form.register('employer')} label={t('profiles.fields.employer')} error={errorOf('employer')} />
      </SimpleGrid>
      {joint && identity.visible && (
        <Stack gap="md">
          <Divider />
          <Title order={3} size="h4">
            {t('profiles.fields.coHolder')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('profiles.fields.coHolderHint')}
          </Text>
          <PersonPicker
            value={coHolderPersonId}
            // The first holder is the investor: their own details are not a person to choose.
            chosenIds={[]}
            error={errorOf('coHolderPersonId')}
            onPick={(person) => {
              form.setValue('coHolderPersonId', person?.personId ?? '', { shouldDirty: true });
              form.setValue('coHolder', personValues(person), { shouldDirty: true });
            }}
          />
          {(!coHolderPersonId || coHolderPersonId === profile.coHolder?.personId) && (
            <PersonFields form={form} prefix="coHolder." errorOf={errorOf} required={identity.required} />
          )}
        </Stack>
      )}
    </StepForm>
  );
};
