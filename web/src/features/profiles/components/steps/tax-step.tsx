import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { CountryCode } from '@tranche/shared/country/iso-3166';
import { TAX_STATUS_LABELS, TAX_STATUSES, type TaxStatus } from '@tranche/shared/profile/profile-enums';
import type { RequirementTable } from '@tranche/shared/profile/requirement-levels';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { saveHeader } from '@/features/profiles/api/mutations';
import { CountrySelect } from '@/features/profiles/components/country-select';
import { type Intent, StepForm, type StepProps, useStepSave } from '@/features/profiles/components/step-form';
import { compact, given } from '@/features/profiles/lib/form-values';
import { fieldRule } from '@/features/profiles/lib/requirements';
import { useProfileFieldError } from '@/features/profiles/lib/validation';
import { useLang } from '@/i18n/use-lang';

interface TaxValues {
  taxStatus: TaxStatus | '';
  taxJurisdictions: { country: string; tin: string; noTinReason: string }[];
}

const MAX_JURISDICTIONS = 10;
const BLANK = { country: '', tin: '', noTinReason: '' };

/** US tax status and every tax residence with its TIN (or why there is none). */
export const TaxStep = ({ table, ...props }: StepProps & { table: RequirementTable }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { profile } = props;
  const jurisdiction = fieldRule(table, 'TAX_JURISDICTION');
  const reporting = fieldRule(table, 'TAX_REPORTING');
  const saved = profile.header.taxJurisdictions ?? [];
  const form = useForm<TaxValues>({
    defaultValues: {
      taxStatus: profile.header.taxStatus ?? '',
      taxJurisdictions:
        saved.length > 0
          ? saved.map((j) => ({ country: j.country, tin: j.tin ?? '', noTinReason: j.noTinReason ?? '' }))
          : [BLANK],
    },
  });
  const rows = useFieldArray({ control: form.control, name: 'taxJurisdictions' });
  const errorOf = useProfileFieldError(form.formState.errors);
  const { saving, error, save } = useStepSave(form, props);

  const submit = (intent: Intent) => {
    // Errors set by hand (required, or named by the API) would stop handleSubmit before it reads the values.
    form.clearErrors();
    void form.handleSubmit((values) => {
      form.clearErrors();
      const filled = values.taxJurisdictions.map((j, i) => ({ ...j, i })).filter((j) => given(j.country));
      if (!props.readOnly) {
        const absent: string[] = [];
        // A residence with a country needs its TIN or the reason there is none (the server asks the same).
        for (const j of filled) if (!given(j.tin) && !given(j.noTinReason)) absent.push(`taxJurisdictions.${j.i}.tin`);
        if (intent === 'next') {
          if (jurisdiction.required && filled.length === 0) absent.push('taxJurisdictions.0.country');
          if (reporting.required && !values.taxStatus) absent.push('taxStatus');
        }
        absent.forEach((path, i) => {
          form.setError(path as never, { type: 'required', message: 'required' }, { shouldFocus: i === 0 });
        });
        if (absent.length > 0) return;
      }
      return save(intent, () =>
        saveHeader(profile, {
          ...profile.header,
          taxStatus: reporting.visible ? values.taxStatus || undefined : undefined,
          taxJurisdictions: jurisdiction.visible
            ? filled.map((j) =>
                compact({
                  country: j.country as CountryCode,
                  tin: given(j.tin),
                  noTinReason: given(j.tin) ? undefined : given(j.noTinReason),
                }),
              )
            : undefined,
        }),
      );
    })();
  };

  return (
    <StepForm
      title={t('profiles.steps.tax')}
      error={error}
      saving={saving}
      readOnly={props.readOnly}
      onSubmit={submit}
      onBack={props.onBack}
    >
      {reporting.visible && (
        <NativeSelect
          {...form.register('taxStatus')}
          label={t('profiles.fields.taxStatus')}
          error={errorOf('taxStatus')}
          required={reporting.required}
          data={[
            { value: '', label: '—' },
            ...TAX_STATUSES.map((s) => ({ value: s, label: TAX_STATUS_LABELS[s][lang] })),
          ]}
        />
      )}
      {jurisdiction.visible && (
        <Stack gap="sm" role="group" aria-label={t('profiles.fields.taxJurisdictions')}>
          {rows.fields.map((row, i) => (
            <Paper key={row.id} withBorder p="sm" radius="md">
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <Controller
                  control={form.control}
                  name={`taxJurisdictions.${i}.country`}
                  render={({ field }) => (
                    <CountrySelect
                      label={t('profiles.fields.taxCountry')}
                      value={field.value}
                      onChange={(code) => field.onChange(code ?? '')}
                      onBlur={field.onBlur}
                      error={errorOf(`taxJurisdictions.${i}.country`)}
                      required={jurisdiction.required && i === 0}
                    />
                  )}
                />
                <TextInput
                  {...form.register(`taxJurisdictions.${i}.tin`)}
                  label={t('profiles.fields.tin')}
                  error={errorOf(`taxJurisdictions.${i}.tin`)}
                />
                <TextInput
                  {...form.register(`taxJurisdictions.${i}.noTinReason`)}
                  label={t('profiles.fields.noTin')}
                  error={errorOf(`taxJurisdictions.${i}.noTinReason`)}
                />
              </SimpleGrid>
              {rows.fields.length > 1 && (
                <Group justify="flex-end" mt="xs">
                  <Button variant="subtle" color="red" size="xs" onClick={() => rows.remove(i)}>
                    {t('profiles.fields.removeJurisdiction')}
                  </Button>
                </Group>
              )}
            </Paper>
          ))}
          {rows.fields.length < MAX_JURISDICTIONS && (
            <Group>
              <Button variant="light" size="xs" onClick={() => rows.append(BLANK)}>
                {t('profiles.fields.addJurisdiction')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </StepForm>
  );
};
