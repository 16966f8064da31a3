import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Container, Stack, TextInput } from '@mantine/core';
import { ConfirmTotpSchema, SignUpSchema } from '@tranche/shared/auth/auth.schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NoticePanel } from '@/components/notice-panel';
import { PageLoader } from '@/components/page-loader';
import { CaptchaFormField, useCaptchaAvailable } from '@/features/auth/captcha/captcha-field';
import { AuthCard } from '@/features/auth/components/auth-card';
import { useAuthLocales } from '@/features/auth/locales';
import { safeNext } from '@/features/session';
import { CodeInput, FormAlert, NewPasswordField, useCompleteSignIn, useFieldErrors } from '@/features/session/screens';
import { useLpSettings, useTenant } from '@/features/tenant';
import { useLang } from '@/i18n/use-lang';
import { apiFetch } from '@/lib/api';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { type RegisterInfo, recordCodeSent } from '@/lib/storage';
import { useClientStorage } from '@/lib/storage-context';

/**
 * /sign-up: name, email, password (rules shown) and the captcha; then the emailed code, which
 * confirms the email and signs the investor in. Between the two steps only the email and name are
 * kept (register info, this tab): the password never leaves memory.
 */
const SignUpPage = () => {
  useAuthLocales();
  const { t } = useTranslation();
  const storage = useClientStorage();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const { data: lpSettings, isLoading } = useLpSettings();
  const [pending, setPending] = useState<RegisterInfo | undefined>(() => storage.get('registerInfo'));
  const form = useSignUpForm();

  if (isLoading) return <PageLoader label={t('app.loading')} />;
  if (lpSettings && !lpSettings.settings.signUpEnabled)
    return (
      <Container size="sm" py="xl">
        <NoticePanel
          title={t('auth.signUpClosedTitle')}
          headingOrder={1}
          action={
            <Button component={Link} to="/sign-in" variant="light">
              {t('session.signIn')}
            </Button>
          }
        >
          {t('auth.signUpClosedBody')}
        </NoticePanel>
      </Container>
    );

  if (pending)
    return (
      <CodeStep
        pending={pending}
        next={next}
        onStartAgain={() => {
          storage.remove('registerInfo');
          setPending(undefined);
        }}
      />
    );
  return (
    <DetailsStep
      form={form}
      next={next}
      onSent={(info) => {
        storage.set('registerInfo', info);
        recordCodeSent(storage, 'signUpEmail');
        setPending(info);
      }}
    />
  );
};
export default SignUpPage;

const useSignUpForm = () =>
  useForm({
    resolver: zodResolver(SignUpSchema),
    defaultValues: { displayName: '', email: '', password: '', captchaToken: '' },
  });

interface DetailsStepProps {
  /** Owned by the page, so "start again" comes back to what was typed. */
  form: ReturnType<typeof useSignUpForm>;
  next: string | undefined;
  onSent: (info: RegisterInfo) => void;
}

const DetailsStep = ({ form, next, onSent }: DetailsStepProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const tenant = useTenant();
  const captchaAvailable = useCaptchaAvailable();
  const [formError, setFormError] = useState<unknown>();
  const errorOf = useFieldErrors(form);
  const password = form.watch('password');

  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const answer = await apiFetch('signUp', { body: { ...values, language: lang } });
      onSent({ email: answer.email, displayName: values.displayName.trim() });
    } catch (error) {
      const placed = applyApiFieldErrors(error, form, {
        byCode: {
          AccountExist: 'email',
          PasswordTooCommon: 'password',
          ReCaptchaVerifyFailed: 'captchaToken',
        },
      });
      if (!placed) setFormError(error);
    } finally {
      // A captcha token is good for one check.
      if (form.getValues('captchaToken')) form.setValue('captchaToken', '');
    }
  });

  const signInLink = next ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in';
  return (
    <AuthCard
      title={t('auth.signUpTitle')}
      intro={t('auth.signUpIntro', { name: tenant.branding.displayName })}
      footer={
        <>
          {t('auth.haveAccount')}{' '}
          <Anchor component={Link} to={signInLink} underline="always">
            {t('auth.signInLink')}
          </Anchor>
        </>
      }
    >
      <FormAlert error={formError} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <TextInput
            {...form.register('displayName')}
            autoComplete="name"
            label={t('auth.displayName')}
            error={errorOf('displayName')}
            required
          />
          <TextInput
            {...form.register('email')}
            type="email"
            autoComplete="email"
            label={t('session.email')}
            error={errorOf('email')}
            required
          />
          <NewPasswordField
            {...form.register('password')}
            label={t('session.password')}
            error={errorOf('password')}
            password={password}
          />
          <CaptchaFormField form={form} errorOf={errorOf} />
          <Button type="submit" loading={form.formState.isSubmitting} disabled={!captchaAvailable} fullWidth>
            {t('auth.createAccountButton')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
};

interface CodeStepProps {
  pending: RegisterInfo;
  next: string | undefined;
  onStartAgain: () => void;
}

const CodeStep = ({ pending, next, onStartAgain }: CodeStepProps) => {
  const { t } = useTranslation();
  const storage = useClientStorage();
  const complete = useCompleteSignIn();
  const [formError, setFormError] = useState<unknown>();
  const form = useForm({ resolver: zodResolver(ConfirmTotpSchema), defaultValues: { code: '' } });
  const errorOf = useFieldErrors(form);

  const submit = form.handleSubmit(async ({ code }) => {
    setFormError(undefined);
    try {
      const result = await apiFetch('confirmSignUp', { body: { email: pending.email, code } });
      storage.remove('registerInfo');
      await complete(result, next);
    } catch (error) {
      if (!applyApiFieldErrors(error, form, { byCode: { codeInvalid: 'code' } })) setFormError(error);
    }
  });

  return (
    <AuthCard title={t('auth.codeStepTitle')} intro={t('auth.codeStepIntro', { email: pending.email })}>
      <FormAlert error={formError} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <CodeInput
            {...form.register('code')}
            label={t('session.code')}
            description={t('session.codeHint')}
            error={errorOf('code')}
            autoFocus
            required
          />
          <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
            {t('auth.confirmButton')}
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={onStartAgain}>
            {t('auth.startAgain')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
};
