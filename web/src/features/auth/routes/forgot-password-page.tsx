import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { ForgotPasswordSchema } from '@tranche/shared/auth/auth.schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CaptchaFormField, useCaptchaAvailable } from '@/features/auth/captcha/captcha-field';
import { AuthCard } from '@/features/auth/components/auth-card';
import { useAuthLocales } from '@/features/auth/locales';
import { FormAlert, useFieldErrors } from '@/features/session/screens';
import { apiFetch } from '@/lib/api';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { recordCodeSent } from '@/lib/storage';
import { useClientStorage } from '@/lib/storage-context';

/**
 * /forgot-password: email and captcha. The answer is the same whether or not the account exists
 * (no enumeration), and so is this screen's confirmation.
 */
const ForgotPasswordPage = () => {
  useAuthLocales();
  const { t } = useTranslation();
  const storage = useClientStorage();
  const captchaAvailable = useCaptchaAvailable();
  const [sentTo, setSentTo] = useState<string>();
  const [formError, setFormError] = useState<unknown>();
  const form = useForm({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: {
      email: storage.get('forgotPasswordEmail') ?? storage.get('signInEmail') ?? '',
      captchaToken: '',
    },
  });
  const errorOf = useFieldErrors(form);

  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await apiFetch('forgotPassword', { body: values });
      storage.set('forgotPasswordEmail', values.email);
      recordCodeSent(storage, 'forgotPassword');
      setSentTo(values.email);
    } catch (error) {
      if (!applyApiFieldErrors(error, form, { byCode: { ReCaptchaVerifyFailed: 'captchaToken' } })) setFormError(error);
    } finally {
      form.setValue('captchaToken', '');
    }
  });

  const back = (
    <Anchor component={Link} to="/sign-in">
      {t('auth.backToSignIn')}
    </Anchor>
  );
  if (sentTo)
    return (
      <AuthCard title={t('auth.forgotSentTitle')} footer={back}>
        <Alert color="teal" variant="light" role="status">
          {t('auth.forgotSent', { email: sentTo })}
        </Alert>
      </AuthCard>
    );

  return (
    <AuthCard title={t('auth.forgotTitle')} intro={t('auth.forgotIntro')} footer={back}>
      <FormAlert error={formError} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <TextInput
            {...form.register('email')}
            type="email"
            autoComplete="email"
            label={t('session.email')}
            error={errorOf('email')}
            required
          />
          <CaptchaFormField form={form} errorOf={errorOf} />
          <Button type="submit" loading={form.formState.isSubmitting} disabled={!captchaAvailable} fullWidth>
            {t('auth.sendResetButton')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
};
export default ForgotPasswordPage;
