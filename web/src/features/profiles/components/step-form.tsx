import { Alert, Stack, Text, Title } from '@mantine/core';
import { ERROR_CATALOGUE, isErrorCode } from '@tranche/shared/errors/catalogue';
import type { Profile } from '@tranche/shared/profile/profile.schema';
import { type ReactNode, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useStoreProfile } from '@/features/profiles/api/keys';
import { ruleMessage } from '@/features/profiles/lib/validation';
import { FormAlert } from '@/features/session/screens';
import { isApiError } from '@/lib/api-error';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { StepFooter } from './step-footer';

export type Intent = 'next' | 'exit';

const namesDetails = (error: unknown) =>
  isApiError(error) && isErrorCode(error.code) && /\{\w+\}/.test(ERROR_CATALOGUE[error.code].messages.en);

/** What the wizard hands every step. */
export interface StepProps {
  profile: Profile;
  /** The profile is under review or decided-and-frozen: the step shows its values without saving. */
  readOnly: boolean;
  /** After a save: go on to the next step, or back to the list. */
  onSaved: (profile: Profile, intent: Intent) => void;
  onBack?: (() => void) | undefined;
}

/**
 * A step's save: runs `work` (one or more chained changes, each answering the whole profile), stores
 * the answer in the cache, and moves on. A 422 lands on the fields it names (the spec's section-5
 * messages); anything else shows above the form.
 */
/**
 * Where an API field lands in a step's form: the request wraps the step's values (`header.entity.
 * legalName`, `meta.firstName`, `account.swiftBic`), the form holds them at its root.
 */
export const stepFieldPath = (field: string): string =>
  field.replace(/^(header\.)?(entity\.|meta\.|account\.|address\.|terms\.|certificate\.)?/, '');

export const useStepSave = <T extends FieldValues>(
  form: UseFormReturn<T> | null,
  props: StepProps,
  fieldPath: (field: string) => string = stepFieldPath,
) => {
  const store = useStoreProfile();
  const [saving, setSaving] = useState<Intent | null>(null);
  const [error, setError] = useState<unknown>();
  const save = async (intent: Intent, work: () => Promise<Profile | undefined>) => {
    // A frozen profile is walked through, not saved.
    if (props.readOnly) {
      props.onSaved(props.profile, intent);
      return;
    }
    setSaving(intent);
    setError(undefined);
    try {
      const changed = await work();
      const profile = changed ? await store(changed) : props.profile;
      props.onSaved(profile, intent);
    } catch (failure) {
      // A message that names what it is about ("the ownership of {member}") reads whole above the
      // form, with its details filled in; a field's error line has no room for them.
      const placed =
        form && !namesDetails(failure) ? applyApiFieldErrors(failure, form, { ruleMessage, fieldPath }) : false;
      if (!placed) setError(failure);
    } finally {
      setSaving(null);
    }
  };
  return { saving, error, setError, save };
};

interface StepFormProps {
  title: string;
  intro?: ReactNode;
  error: unknown;
  saving: Intent | null;
  readOnly: boolean;
  onSubmit: (intent: Intent) => void;
  onBack?: (() => void) | undefined;
  children: ReactNode;
}

/** A step's frame: its heading, what went wrong, the fields, and the wizard's buttons. */
export const StepForm = ({ title, intro, error, saving, readOnly, onSubmit, onBack, children }: StepFormProps) => {
  const { t } = useTranslation();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit('next');
      }}
    >
      <Stack gap="md">
        <Title order={2} size="h3">
          {title}
        </Title>
        {intro && (typeof intro === 'string' ? <Text c="dimmed">{intro}</Text> : intro)}
        {readOnly && (
          <Alert color="gray" variant="light">
            {t('profiles.wizard.readOnly')}
          </Alert>
        )}
        <FormAlert error={error} title={t('profiles.wizard.saveFailed')} />
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">{children}</Stack>
        </fieldset>
        <StepFooter onBack={onBack} onSaveExit={() => onSubmit('exit')} saving={saving} readOnly={readOnly} />
      </Stack>
    </form>
  );
};
