import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  CopyButton,
  Divider,
  Group,
  Image,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { ConfirmTotpSchema, SetMfaMethodsSchema } from '@tranche/shared/auth/auth.schema';
import { isGp } from '@tranche/shared/auth/roles';
import { MFA_METHODS, type MfaMethod } from '@tranche/shared/enums';
import type { CurrentUser } from '@tranche/shared/user/user.schema';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSetUser } from '@/features/account/api/use-set-user';
import { orderMfaMethods } from '@/features/session';
import { CodeInput, FormAlert, PasswordField, useFieldErrors } from '@/features/session/screens';
import { useLpSettings, useTenant } from '@/features/tenant';
import { type ApiResponse, apiFetch } from '@/lib/api';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notifications } from '@/lib/notifications';
import { Section } from './section';

/** The methods this user may turn on: the tenant's LP list for investors, all three for the team. */
const useOfferedMethods = (user: CurrentUser): readonly MfaMethod[] => {
  const { data } = useLpSettings();
  if (isGp(user.role)) return MFA_METHODS;
  return data?.settings.mfaMethods ?? [];
};

/** Two-step verification: set up an authenticator app, and choose the methods offered at sign-in. */
export const MfaSection = ({ user, enrolmentRequired }: { user: CurrentUser; enrolmentRequired: boolean }) => {
  const { t } = useTranslation();
  const offered = useOfferedMethods(user);
  const methodNames = user.mfaMethods.map((m) => t(`session.mfaMethod.${m}`)).join(', ');
  return (
    <Section id="account-mfa" title={t('account.mfaTitle')} intro={t('account.mfaIntro')}>
      <Group gap="xs">
        <Badge variant="light" color={user.mfaMethods.length ? 'teal' : 'gray'} size="lg" radius="sm" tt="none">
          {user.mfaMethods.length ? t('account.mfaStatusOn', { methods: methodNames }) : t('account.mfaStatusOff')}
        </Badge>
      </Group>
      {enrolmentRequired && user.mfaMethods.length === 0 && (
        <Alert color="yellow" variant="light" role="alert">
          {t('account.mfaEnrolmentRequired')}
        </Alert>
      )}
      {offered.includes('authenticator') && <AuthenticatorSetup user={user} />}
      <Divider />
      <MethodsForm user={user} offered={offered} />
    </Section>
  );
};

type Enrolment = ApiResponse<'enrolTotp'>;

/** enrolTotp gives a secret (QR code and key); a code from the app confirms it (confirmTotp). */
const AuthenticatorSetup = ({ user }: { user: CurrentUser }) => {
  const { t } = useTranslation();
  const tenant = useTenant();
  const setUser = useSetUser();
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [starting, setStarting] = useState(false);
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<unknown>();
  const form = useForm({ resolver: zodResolver(ConfirmTotpSchema), defaultValues: { code: '' } });
  const errorOf = useFieldErrors(form);
  const enrolled = user.mfaMethods.includes('authenticator');

  const start = async () => {
    setStarting(true);
    setFormError(undefined);
    setDone(false);
    try {
      setEnrolment(await apiFetch('enrolTotp', {}));
      form.reset({ code: '' });
    } catch (error) {
      setFormError(error);
    } finally {
      setStarting(false);
    }
  };
  const confirm = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await setUser(await apiFetch('confirmTotp', { body: values }));
      setEnrolment(undefined);
      // One success message: the banner below stays where the form was (a toast too said it twice).
      setDone(true);
    } catch (error) {
      if (!applyApiFieldErrors(error, form, { byCode: { codeInvalid: 'code' } })) setFormError(error);
    }
  });

  return (
    <Stack gap="sm">
      <div>
        <Title order={3} size="h5">
          {t('account.authenticatorTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {enrolled ? t('account.authenticatorOn') : t('account.authenticatorOff')}
        </Text>
      </div>
      {!enrolled && !enrolment && (
        <Group>
          <Button variant="light" onClick={() => void start()} loading={starting}>
            {t('account.setUpAuthenticator')}
          </Button>
        </Group>
      )}
      {done && (
        <Alert color="teal" variant="light" role="status">
          {t('account.authenticatorDone')}
        </Alert>
      )}
      <FormAlert error={formError} />
      {enrolment && (
        <form onSubmit={(e) => void confirm(e)} noValidate>
          <Stack gap="md" maw={480}>
            <Text size="sm">{t('account.scanQr')}</Text>
            <Image
              src={enrolment.qrDataUrl}
              alt={t('account.qrAlt', { name: tenant.branding.displayName })}
              w={200}
              h={200}
              fit="contain"
              radius="sm"
              style={{ border: '1px solid var(--mantine-color-gray-3)' }}
            />
            <Textarea
              autosize
              minRows={1}
              label={t('account.setupKey')}
              value={enrolment.secret.replace(/(.{4})(?=.)/g, '$1 ')}
              readOnly
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.05em' } }}
              rightSection={
                <CopyButton value={enrolment.secret}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t('account.copied') : t('account.copy')} withArrow>
                      <ActionIcon variant="subtle" onClick={copy} aria-label={t('account.copy')}>
                        <svg
                          aria-hidden
                          width="16"
                          height="16"
                          viewBox="0 0 24 24"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="2"
                        >
                          {copied ? <path d="M5 12l5 5 9-10" /> : <path d="M9 9h10v10H9zM5 15V5h10" />}
                        </svg>
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              }
            />
            <CodeInput
              {...form.register('code')}
              label={t('account.authenticatorCode')}
              description={t('session.codeHint')}
              error={errorOf('code')}
            />
            <Group>
              <Button type="submit" loading={form.formState.isSubmitting}>
                {t('account.confirmAuthenticator')}
              </Button>
              <Button variant="default" onClick={() => setEnrolment(undefined)}>
                {t('account.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
};

/** setMfaMethods, with the current password: turning factors on or off is a sensitive change. */
const MethodsForm = ({ user, offered }: { user: CurrentUser; offered: readonly MfaMethod[] }) => {
  const { t } = useTranslation();
  const setUser = useSetUser();
  const [formError, setFormError] = useState<unknown>();
  const form = useForm({
    resolver: zodResolver(SetMfaMethodsSchema),
    values: { methods: user.mfaMethods, password: '' },
    resetOptions: { keepDirtyValues: false },
  });
  const errorOf = useFieldErrors(form);
  const chosen = form.watch('methods');

  // Why a method cannot be turned on now (a method that is on can always be turned off).
  const blocker = (m: MfaMethod): string | undefined => {
    if (user.mfaMethods.includes(m)) return undefined;
    if (!offered.includes(m)) return t('account.methodNotOffered');
    if (m === 'authenticator') return t('account.methodNeedsAuthenticator');
    if (m === 'sms' && !user.phoneVerified) return t('account.methodNeedsPhone');
    return undefined;
  };
  const listed = orderMfaMethods([...offered, ...user.mfaMethods]);

  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await setUser(await apiFetch('setMfaMethods', { body: values }));
      notifications.show({ message: t('account.methodsSaved'), color: 'green' });
    } catch (error) {
      if (!applyApiFieldErrors(error, form, { byCode: { CurrentPasswordIncorrect: 'password' } })) setFormError(error);
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md" maw={480}>
        <FormAlert error={formError} />
        <Controller
          control={form.control}
          name="methods"
          render={({ field }) => (
            <Checkbox.Group
              label={t('account.methodsTitle')}
              description={t('account.methodsIntro')}
              value={field.value}
              onChange={(v) => field.onChange(orderMfaMethods(v))}
            >
              <Stack gap="sm" mt="xs">
                {listed.map((m) => {
                  const reason = blocker(m);
                  return (
                    <Checkbox
                      key={m}
                      value={m}
                      label={t(`session.mfaMethod.${m}`)}
                      description={m === 'sms' && !reason ? t('account.methodNeedsPhone') : reason}
                      disabled={reason !== undefined}
                    />
                  );
                })}
              </Stack>
            </Checkbox.Group>
          )}
        />
        {sameSet(chosen, user.mfaMethods) ? null : (
          <PasswordField
            {...form.register('password')}
            autoComplete="current-password"
            label={t('account.methodsPassword')}
            error={errorOf('password')}
            required
          />
        )}
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting} disabled={sameSet(chosen, user.mfaMethods)}>
            {t('account.saveMethods')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));
