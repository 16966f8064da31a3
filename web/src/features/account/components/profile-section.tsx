import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { LANG_LABELS } from '@tranche/shared/i18n/langs';
import { type CurrentUser, PhoneSchema, UpdateCurrentUserSchema } from '@tranche/shared/user/user.schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import { useSetUser } from '@/features/account/api/use-set-user';
import { FormAlert, useFieldErrors } from '@/features/session/screens';
import { useTenant } from '@/features/tenant';
import { apiFetch } from '@/lib/api';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notifications } from '@/lib/notifications';
import { useClientStorage } from '@/lib/storage-context';
import { PhoneConfirmation } from './phone-confirmation';
import { Section } from './section';

const { displayName, language, currency } = UpdateCurrentUserSchema.shape;
/** The profile as a form edits it: every field present; an empty phone removes the number. */
const ProfileFormSchema = z.object({
  displayName: displayName.unwrap(),
  language: language.unwrap(),
  currency: currency.unwrap(),
  phone: z.union([z.literal(''), PhoneSchema]),
});
type ProfileForm = z.infer<typeof ProfileFormSchema>;

const formOf = (user: CurrentUser): ProfileForm => ({
  displayName: user.displayName,
  language: user.language,
  currency: user.currency,
  phone: user.phone ?? '',
});

/** Name, preferred language and currency (among the tenant's), and the phone number for SMS codes. */
export const ProfileSection = ({ user }: { user: CurrentUser }) => {
  const { t, i18n } = useTranslation();
  const tenant = useTenant();
  const storage = useClientStorage();
  const setUser = useSetUser();
  const [formError, setFormError] = useState<unknown>();
  const form = useForm({ resolver: zodResolver(ProfileFormSchema), values: formOf(user) });
  const errorOf = useFieldErrors(form);
  const smsOn = user.mfaMethods.includes('sms');

  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    const changes = {
      ...(values.displayName !== user.displayName ? { displayName: values.displayName } : {}),
      ...(values.language !== user.language ? { language: values.language } : {}),
      ...(values.currency !== user.currency ? { currency: values.currency } : {}),
      ...(values.phone !== (user.phone ?? '') ? { phone: values.phone || null } : {}),
    };
    if (Object.keys(changes).length === 0) return;
    try {
      const updated = await apiFetch('updateCurrentUser', { body: changes });
      await setUser(updated);
      if (changes.language && changes.language !== i18n.language) {
        storage.set('deviceLanguage', changes.language);
        void i18n.changeLanguage(changes.language);
      }
      notifications.show({ message: t('account.saved'), color: 'green' });
    } catch (error) {
      if (!applyApiFieldErrors(error, form, { byCode: { MfaMethodNotAvailable: 'phone' } })) setFormError(error);
    }
  });

  return (
    <Section title={t('account.profileTitle')} id="account-profile">
      <FormAlert error={formError} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md" maw={480}>
          <TextInput
            label={t('session.email')}
            value={user.email}
            description={t('account.emailHint')}
            variant="filled"
            readOnly
          />
          <TextInput
            {...form.register('displayName')}
            autoComplete="name"
            label={t('account.displayName')}
            error={errorOf('displayName')}
            required
          />
          <NativeSelect
            {...form.register('language')}
            label={t('account.language')}
            description={t('account.languageHint')}
            error={errorOf('language')}
            data={tenant.languages.map((lang) => ({ value: lang, label: LANG_LABELS[lang] }))}
          />
          <NativeSelect
            {...form.register('currency')}
            label={t('account.currency')}
            error={errorOf('currency')}
            data={tenant.currencies}
          />
          <TextInput
            {...form.register('phone', { setValueAs: (v: string) => v.replace(/[\s().-]/g, '') })}
            type="tel"
            autoComplete="tel"
            label={t('account.phone')}
            description={smsOn ? t('account.phoneLockedBySms') : t('account.phoneHint')}
            error={errorOf('phone')}
            readOnly={smsOn}
            rightSectionWidth={110}
            rightSection={
              user.phone ? (
                <Badge size="sm" variant="light" color={user.phoneVerified ? 'teal' : 'gray'}>
                  {user.phoneVerified ? t('account.phoneConfirmed') : t('account.phoneNotConfirmed')}
                </Badge>
              ) : undefined
            }
          />
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
              {t('account.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {user.phone && !user.phoneVerified && <PhoneConfirmation phone={user.phone} />}
    </Section>
  );
};
