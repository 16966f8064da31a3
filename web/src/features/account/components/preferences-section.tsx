import { Button, Group, Skeleton, Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SWRResponse } from 'swr';
import { LoadError } from '@/components/error-state';
import { FormAlert } from '@/features/session/screens';
import { notifications } from '@/lib/notifications';
import { Section } from './section';

type Flags<K extends string> = Record<K, boolean>;

interface PreferencesSectionProps<K extends string> {
  id: string;
  title: string;
  intro: string;
  /** The switches, in order, with their labels. */
  items: readonly { key: K; label: string }[];
  query: SWRResponse<Flags<K>>;
  save: (values: Flags<K>) => Promise<Flags<K>>;
}

/** A set of on/off email preferences, replaced as a whole when saved (PUT). */
export const PreferencesSection = <K extends string>({
  id,
  title,
  intro,
  items,
  query,
  save,
}: PreferencesSectionProps<K>) => {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = query;
  const [formError, setFormError] = useState<unknown>();
  const form = useForm<Flags<K>>({ ...(data ? { values: data } : {}) });

  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await mutate(await save(values), { revalidate: false });
      notifications.show({ message: t('account.saved'), color: 'green' });
    } catch (failure) {
      setFormError(failure);
    }
  });

  let body: React.ReactNode;
  if (isLoading)
    body = (
      <Stack gap="sm" aria-hidden>
        {items.map((item) => (
          <Skeleton key={item.key} h={24} w={240} />
        ))}
      </Stack>
    );
  else if (error || !data) body = <LoadError error={error} onRetry={() => void mutate()} />;
  else
    body = (
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <FormAlert error={formError} />
          {items.map((item) => (
            <Controller
              key={item.key}
              control={form.control}
              // biome-ignore lint/suspicious/noExplicitAny: react-hook-form cannot narrow a generic record's paths
              name={item.key as any}
              render={({ field }) => (
                <Switch
                  label={item.label}
                  checked={Boolean(field.value)}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                />
              )}
            />
          ))}
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
              {t('account.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    );

  return (
    <Section id={id} title={title} intro={intro}>
      <div aria-busy={isLoading}>{body}</div>
    </Section>
  );
};
