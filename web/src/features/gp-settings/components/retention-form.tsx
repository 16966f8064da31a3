import { Fieldset, NumberInput, Skeleton } from '@mantine/core';
import {
  DEFAULT_SEALED_RETENTION_YEARS,
  type GpSettings,
  SEALED_RETENTION_YEARS_RANGE,
  UpdateGpSettingsSchema,
} from '@tranche/shared/tenant/tenant.schema';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/error-state';
import { useGpSettings } from '@/features/gp-console';
import { useSave } from '@/features/gp-settings/lib/use-save';
import { schemaResolver, useFieldError } from '@/features/gp-settings/lib/validation';
import { apiFetch } from '@/lib/api';
import { formSectionProps, SettingsSection } from './settings-section';

interface RetentionValues {
  settings: GpSettings;
  version: number;
}

/**
 * How long sealed e-signature PDFs stay under Object Lock: part of the GP settings document, which is
 * saved whole (optimistic concurrency by its version), so the form carries the other GP settings
 * unchanged and only shows the years.
 */
export const RetentionForm = ({ canEdit }: { canEdit: boolean }) => {
  const { t } = useTranslation();
  const { data, error: loadError, mutate } = useGpSettings();
  const form = useForm<RetentionValues>({ resolver: schemaResolver(UpdateGpSettingsSchema) });
  const errorOf = useFieldError(form.formState.errors);
  const { error, run } = useSave(form);
  // A newer version (ours after a save, or someone else's) becomes the starting point.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the version says when the data changed
  useEffect(() => {
    if (data)
      form.reset({
        settings: {
          ...data.settings,
          sealedRetentionYears: data.settings.sealedRetentionYears ?? DEFAULT_SEALED_RETENTION_YEARS,
        },
        version: data.version,
      });
  }, [data?.version]);

  if (loadError) return <LoadError error={loadError} onRetry={() => void mutate()} />;
  if (!data) return <Skeleton h={160} />;

  const onChanged = () => mutate();
  const submit = form.handleSubmit(async (values) => {
    if (await run(() => apiFetch('updateGpSettings', { body: values }))) await onChanged();
  });

  return (
    <SettingsSection
      title={t('gpSettings.retention.title')}
      description={t('gpSettings.retention.description')}
      {...formSectionProps(form, { canEdit, submit, error, onChanged })}
    >
      <Fieldset disabled={!canEdit} variant="unstyled" p={0}>
        <Controller
          control={form.control}
          name="settings.sealedRetentionYears"
          render={({ field }) => (
            <NumberInput
              label={t('gpSettings.retention.years')}
              description={t('gpSettings.retention.hint', { years: DEFAULT_SEALED_RETENTION_YEARS })}
              min={SEALED_RETENTION_YEARS_RANGE.min}
              max={SEALED_RETENTION_YEARS_RANGE.max}
              allowDecimal={false}
              allowNegative={false}
              maw={280}
              disabled={!canEdit}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onBlur={field.onBlur}
              // Empty stays empty (the schema then says what is wrong) rather than becoming 0.
              onChange={(v) => field.onChange(typeof v === 'number' ? v : undefined)}
              error={errorOf('settings.sealedRetentionYears')}
            />
          )}
        />
      </Fieldset>
    </SettingsSection>
  );
};
