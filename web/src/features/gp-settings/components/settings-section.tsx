import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useId } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';

interface SettingsSectionProps {
  title: string;
  description?: string;
  children: ReactNode;
  /** Present when the section is a form the user may save. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  saving?: boolean;
  dirty?: boolean;
  saveLabel?: string;
  /** A failed save not shown on a field. */
  error?: unknown;
  onReload?: () => void;
}

/** One titled panel of the settings area; a form with its own save button when editable. */
export const SettingsSection = ({
  title,
  description,
  children,
  onSubmit,
  saving = false,
  dirty = false,
  saveLabel,
  error,
  onReload,
}: SettingsSectionProps) => {
  const { t } = useTranslation();
  const id = useId();
  const body = (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3" id={`${id}-title`}>
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm" mt={4}>
            {description}
          </Text>
        )}
      </div>
      {children}
      {error ? <SaveError error={error} onReload={onReload} /> : null}
      {onSubmit && (
        <Group justify="flex-end" gap="sm">
          {dirty && (
            <Text size="sm" c="dimmed" role="status">
              {t('gpSettings.unsaved')}
            </Text>
          )}
          <Button type="submit" loading={saving}>
            {saveLabel ?? t('gpSettings.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={`${id}-title`}>
      {onSubmit ? (
        <form onSubmit={onSubmit} noValidate>
          {body}
        </form>
      ) : (
        body
      )}
    </Paper>
  );
};

/**
 * The save-bar props of a settings form: a form only for editors, its saving/unsaved state, a failed
 * save, and "load their version" re-reading the configuration.
 */
export const formSectionProps = <T extends FieldValues>(
  form: UseFormReturn<T>,
  {
    canEdit,
    submit,
    error,
    onChanged,
  }: {
    canEdit: boolean;
    submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
    error: unknown;
    onChanged: () => Promise<unknown>;
  },
) => ({
  ...(canEdit ? { onSubmit: (e: FormEvent<HTMLFormElement>) => void submit(e) } : {}),
  saving: form.formState.isSubmitting,
  dirty: form.formState.isDirty,
  error,
  onReload: () => void onChanged(),
});

/** A newer configuration (ours after a save, or someone else's) becomes the form's starting point. */
export const useResetOnRevision = <T extends FieldValues>(form: UseFormReturn<T>, defaults: T, revision: string) => {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the revision says when the data changed
  useEffect(() => form.reset(defaults), [revision]);
};

/** A failed save: a version conflict offers to load the other person's version; anything else says what failed. */
export const SaveError = ({ error, onReload }: { error: unknown; onReload?: (() => void) | undefined }) => {
  const { t } = useTranslation();
  const message = useErrorText(error);
  if (isApiError(error) && error.code === 'VERSION_CONFLICT')
    return (
      <Alert color="orange" variant="light" title={t('gpSettings.conflictTitle')} role="alert">
        <Text size="sm">{t('gpSettings.conflictBody')}</Text>
        {onReload && (
          <Button mt="sm" size="xs" variant="white" color="orange" onClick={onReload}>
            {t('gpSettings.conflictReload')}
          </Button>
        )}
      </Alert>
    );
  return (
    <Alert color="red" variant="light" title={t('gpSettings.saveFailed')} role="alert">
      <Text size="sm">{message}</Text>
    </Alert>
  );
};
