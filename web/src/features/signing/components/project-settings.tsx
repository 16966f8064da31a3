import { Alert, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import {
  type SigningProjectDetail,
  type UpdateSigningProject,
  UpdateSigningProjectSchema,
} from '@tranche/shared/signing/signing.schema';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { updateProject } from '@/features/signing/api/projects';
import { DeadlineFields } from '@/features/signing/components/deadline-fields';
import { schemaResolver, useFieldError } from '@/features/signing/lib/validation';
import { useErrorText } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notifications } from '@/lib/notifications';

interface SettingsValues {
  name: string;
  expiresInDays: number | '';
  reminderEveryDays: number | '';
}

/**
 * A draft's own settings, as chosen at creation and changeable until it is sent: its name (signers see
 * it), how many days signers have once it is sent, and how often they are reminded
 * (updateSigningProject, on the version read; a change made meanwhile answers VERSION_CONFLICT).
 */
export const ProjectSettings = ({
  detail,
  version,
  onSaved,
  onConflict,
}: {
  detail: SigningProjectDetail;
  /** The newest version this editor knows (other parts of the editor move it too). */
  version: () => number;
  onSaved: (detail: SigningProjectDetail) => void;
  onConflict: () => Promise<unknown>;
}) => {
  const { t } = useTranslation();
  const { project } = detail;
  const defaults: SettingsValues = {
    name: project.name,
    expiresInDays: project.expiresInDays,
    reminderEveryDays: project.reminderEveryDays,
  };
  const toInput = (v: SettingsValues) => ({
    projectId: project.projectId,
    version: version(),
    name: v.name.trim(),
    expiresInDays: v.expiresInDays === '' ? undefined : v.expiresInDays,
    reminderEveryDays: v.reminderEveryDays === '' ? undefined : v.reminderEveryDays,
  });
  const form = useForm<SettingsValues, unknown, UpdateSigningProject>({
    defaultValues: defaults,
    resolver: schemaResolver(UpdateSigningProjectSchema, toInput),
  });
  const errorOf = useFieldError(form.formState.errors);
  const [failure, setFailure] = useState<unknown>(null);
  const failureText = useErrorText(failure);
  // Someone's newer settings (or ours, saved) become the starting point, unless the manager is typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stored values say when to reset
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(defaults);
  }, [project.name, project.expiresInDays, project.reminderEveryDays]);

  const submit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      const next = await updateProject(input);
      form.reset({
        name: next.project.name,
        expiresInDays: next.project.expiresInDays,
        reminderEveryDays: next.project.reminderEveryDays,
      });
      onSaved(next);
      notifications.show({ color: 'green', message: t('signing.editor.settingsSaved') });
    } catch (error) {
      if (isApiError(error) && error.code === 'VERSION_CONFLICT') {
        notifications.show({ color: 'orange', message: t('signing.editor.staleVersion') });
        await onConflict();
        return;
      }
      if (!applyApiFieldErrors(error, form)) setFailure(error);
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="signing-settings-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="signing-settings-title">
          {t('signing.editor.settings')}
        </Title>
        {failure !== null && (
          <Alert color="red" role="alert">
            {failureText}
          </Alert>
        )}
        <TextInput {...form.register('name')} label={t('signing.create.name')} error={errorOf('name')} required />
        <DeadlineFields control={form.control} errorOf={errorOf} />
        <Group justify="flex-end">
          <Button
            type="submit"
            variant="default"
            loading={form.formState.isSubmitting}
            disabled={!form.formState.isDirty}
          >
            {t('signing.editor.saveSettings')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
