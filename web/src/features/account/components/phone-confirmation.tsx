import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { ConfirmPhoneSchema } from '@tranche/shared/auth/auth.schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSetUser } from '@/features/account/api/use-set-user';
import { CodeInput, FormAlert, useFieldErrors } from '@/features/session/screens';
import { apiFetch } from '@/lib/api';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notifications } from '@/lib/notifications';

/** A texted code proves the number is the user's: needed before SMS codes can be turned on. */
export const PhoneConfirmation = ({ phone }: { phone: string }) => {
  const { t } = useTranslation();
  const setUser = useSetUser();
  const [sentTo, setSentTo] = useState<string>();
  const [sending, setSending] = useState(false);
  const [formError, setFormError] = useState<unknown>();
  const form = useForm({ resolver: zodResolver(ConfirmPhoneSchema), defaultValues: { code: '' } });
  const errorOf = useFieldErrors(form);

  const send = async () => {
    setSending(true);
    setFormError(undefined);
    try {
      setSentTo((await apiFetch('sendPhoneCode', {})).sentTo);
    } catch (error) {
      setFormError(error);
    } finally {
      setSending(false);
    }
  };
  const confirm = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await setUser(await apiFetch('confirmPhone', { body: values }));
      notifications.show({ message: t('account.phoneDone'), color: 'green' });
    } catch (error) {
      if (!applyApiFieldErrors(error, form, { byCode: { codeInvalid: 'code' } })) setFormError(error);
    }
  });

  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)" maw={480}>
      <Stack gap="sm">
        <Text fw={600} size="sm">
          {t('account.phoneConfirmTitle')}
        </Text>
        <Text size="sm">{t('account.phoneConfirmIntro', { phone })}</Text>
        <FormAlert error={formError} />
        {sentTo ? (
          <form onSubmit={(e) => void confirm(e)} noValidate>
            <Stack gap="sm">
              <Alert variant="light" color="blue" role="status">
                {t('account.phoneCodeSent', { to: sentTo })}
              </Alert>
              <CodeInput
                {...form.register('code')}
                label={t('session.code')}
                description={t('session.codeHint')}
                error={errorOf('code')}
              />
              <Group>
                <Button type="submit" loading={form.formState.isSubmitting}>
                  {t('account.confirmPhone')}
                </Button>
                <Button variant="subtle" onClick={() => void send()} loading={sending}>
                  {t('account.resendCode')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group>
            <Button variant="light" onClick={() => void send()} loading={sending}>
              {t('account.sendPhoneCode')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
};
