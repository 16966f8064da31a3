import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { ChangePasswordSchema } from '@tranche/shared/auth/auth.schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert, NewPasswordField, PasswordField, useFieldErrors } from '@/features/session/screens';
import { apiFetch } from '@/lib/api';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { Section } from './section';

/**
 * Current and new password. The API checks the current one as a counted sign-in attempt, signs
 * out every other session and gives this browser a new one.
 */
export const ChangePasswordSection = ({ email }: { email: string }) => {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<unknown>();
  const [done, setDone] = useState(false);
  const form = useForm({
    resolver: zodResolver(ChangePasswordSchema),
    defaultValues: { password: '', newPassword: '' },
  });
  const errorOf = useFieldErrors(form);
  const newPassword = form.watch('newPassword');

  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    setDone(false);
    try {
      await apiFetch('changePassword', { body: values });
      form.reset();
      setDone(true);
    } catch (error) {
      const placed = applyApiFieldErrors(error, form, {
        byCode: {
          CurrentPasswordIncorrect: 'password',
          newPasswordSameAsOldPassword: 'newPassword',
          PasswordTooCommon: 'newPassword',
        },
      });
      if (!placed) setFormError(error);
    }
  });

  return (
    <Section id="account-password" title={t('account.passwordTitle')} intro={t('account.passwordIntro')}>
      {done && (
        <Alert color="teal" variant="light" role="status">
          {t('account.passwordChanged')}
        </Alert>
      )}
      <FormAlert error={formError} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md" maw={480}>
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordField
            {...form.register('password')}
            autoComplete="current-password"
            label={t('account.currentPassword')}
            error={errorOf('password')}
            required
          />
          <NewPasswordField
            {...form.register('newPassword')}
            label={t('session.newPassword')}
            error={errorOf('newPassword')}
            password={newPassword}
          />
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('account.changePasswordButton')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
};
