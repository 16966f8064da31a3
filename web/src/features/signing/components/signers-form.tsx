import { Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  SIGNER_ROLES,
  type SignerRole,
  type SigningProjectDetail,
  type UpdateSigningProject,
  UpdateSigningProjectSchema,
} from '@tranche/shared/signing/signing.schema';
import { useEffect, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AccountPicker } from '@/features/signing/components/account-picker';
import { schemaResolver, useFieldError } from '@/features/signing/lib/validation';
import { useErrorText } from '@/i18n/use-lang';
import { applyApiFieldErrors } from '@/lib/form-errors';

export interface SignerDraft {
  signerId: string;
  name: string;
  email: string;
  role: SignerRole;
  onBehalfOf: string;
  group: number | string;
  userId?: string | undefined;
}

/** The signers as the API takes them (updateSigningProject's `signers`). */
export type SignerInputs = NonNullable<UpdateSigningProject['signers']>;

interface SignersValues {
  signers: SignerDraft[];
}

const newSignerId = () =>
  `s_${(globalThis.crypto?.randomUUID?.() ?? `${Date.now()}${Math.random()}`).replace(/[^a-z0-9]/gi, '').slice(0, 20)}`;

export const draftsOf = (detail: SigningProjectDetail): SignerDraft[] =>
  detail.signers.map((s) => ({
    signerId: s.signerId,
    name: s.name,
    email: s.email,
    role: s.role,
    onBehalfOf: s.onBehalfOf ?? '',
    group: s.group,
    userId: s.userId,
  }));

const toSignerInputs = (signers: readonly SignerDraft[]) =>
  signers.map((s) => ({
    signerId: s.signerId,
    name: s.name.trim(),
    email: s.email.trim(),
    role: s.role,
    group: s.group === '' ? Number.NaN : Number(s.group),
    ...(s.onBehalfOf.trim() ? { onBehalfOf: s.onBehalfOf.trim() } : {}),
    ...(s.userId ? { userId: s.userId } : {}),
  }));

interface SignersFormProps {
  detail: SigningProjectDetail;
  /** Saves the signers (updateSigningProject); rejects with the API's error. */
  onSave: (signers: SignerInputs) => Promise<void>;
  /** Tells the editor whether the form holds unsaved changes (Send saves them first). */
  onDirty: (dirty: boolean, save: () => Promise<boolean>) => void;
}

/**
 * The project's signers: name, email, role (LP, GP, WITNESS), personally or for an entity, and the
 * order number (equal numbers sign in parallel). Checked with the API's own schema before saving.
 */
export const SignersForm = ({ detail, onSave, onDirty }: SignersFormProps) => {
  const { t } = useTranslation();
  const { projectId, version } = detail.project;
  const form = useForm<SignersValues, unknown, UpdateSigningProject>({
    defaultValues: { signers: draftsOf(detail) },
    resolver: schemaResolver(UpdateSigningProjectSchema, (v: SignersValues) => ({
      projectId,
      version,
      signers: toSignerInputs(v.signers),
    })),
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'signers', keyName: 'key' });
  const errorOf = useFieldError(form.formState.errors);
  const [failure, setFailure] = useState<unknown>(null);
  const failureText = useErrorText(failure);
  const dirty = form.formState.isDirty;

  // Saved elsewhere (or reloaded after a conflict): show the stored signers again.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset({ signers: draftsOf(detail) });
  }, [detail, form]);

  const save = async (): Promise<boolean> => {
    let ok = false;
    await form.handleSubmit(async (checked) => {
      setFailure(null);
      try {
        const raw = form.getValues();
        await onSave(checked.signers ?? []);
        form.reset(raw);
        ok = true;
      } catch (error) {
        if (!applyApiFieldErrors(error, form)) setFailure(error);
      }
    })();
    return ok;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `save` reads the form at call time
  useEffect(() => onDirty(dirty, save), [dirty, onDirty]);

  const roleData = SIGNER_ROLES.map((r) => ({ value: r, label: t(`signing.role.${r}`) }));
  const nextGroup = () => Math.max(0, ...form.getValues('signers').map((s) => Number(s.group) || 0)) + 1;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      noValidate
    >
      <Stack gap="sm">
        {failure !== null && (
          <Alert color="red" role="alert">
            {failureText}
          </Alert>
        )}
        {fields.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('signing.editor.noSigners')}
          </Text>
        )}
        {fields.map((field, index) => (
          <Paper key={field.key} withBorder p="sm" radius="sm">
            <Stack gap="xs">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                <TextInput
                  {...form.register(`signers.${index}.name`)}
                  label={t('signing.editor.signerName')}
                  error={errorOf(`signers.${index}.name`)}
                  required
                />
                <TextInput
                  {...form.register(`signers.${index}.email`, {
                    // Another address is another person: the account picked before no longer applies.
                    onChange: () => form.setValue(`signers.${index}.userId`, undefined, { shouldDirty: true }),
                  })}
                  type="email"
                  label={t('signing.editor.signerEmail')}
                  error={errorOf(`signers.${index}.email`)}
                  required
                />
                <Controller
                  control={form.control}
                  name={`signers.${index}.role`}
                  render={({ field: f }) => (
                    <Select
                      label={t('signing.editor.signerRole')}
                      data={roleData}
                      value={f.value}
                      onChange={(v) => v && f.onChange(v)}
                      allowDeselect={false}
                      error={errorOf(`signers.${index}.role`)}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name={`signers.${index}.group`}
                  render={({ field: f }) => (
                    <NumberInput
                      label={t('signing.editor.signerGroup')}
                      value={f.value}
                      onChange={f.onChange}
                      onBlur={f.onBlur}
                      min={1}
                      max={20}
                      allowDecimal={false}
                      error={errorOf(`signers.${index}.group`)}
                    />
                  )}
                />
              </SimpleGrid>
              <AccountPicker
                role={form.watch(`signers.${index}.role`)}
                onPick={(account) => {
                  form.setValue(`signers.${index}.name`, account.name, { shouldDirty: true });
                  form.setValue(`signers.${index}.email`, account.email, { shouldDirty: true });
                  form.setValue(`signers.${index}.userId`, account.userId, { shouldDirty: true });
                }}
              />
              <Text size="xs" c={form.watch(`signers.${index}.userId`) ? 'teal.9' : 'dimmed'}>
                {form.watch(`signers.${index}.userId`)
                  ? t('signing.editor.linkedAccount')
                  : t('signing.editor.noAccount')}
              </Text>
              <TextInput
                {...form.register(`signers.${index}.onBehalfOf`)}
                label={t('signing.editor.signerOnBehalf')}
                description={t('signing.editor.signerOnBehalfHint')}
                error={errorOf(`signers.${index}.onBehalfOf`)}
              />
              <Group justify="flex-end">
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  onClick={() => remove(index)}
                  aria-label={t('signing.editor.removeSigner', {
                    name: form.getValues(`signers.${index}.name`) || index + 1,
                  })}
                >
                  {t('signing.editor.remove')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        ))}
        <Text size="xs" c="dimmed">
          {t('signing.editor.signerGroupHint')}
        </Text>
        <Group justify="space-between">
          <Button
            variant="default"
            onClick={() =>
              append({ signerId: newSignerId(), name: '', email: '', role: 'LP', onBehalfOf: '', group: nextGroup() })
            }
          >
            {t('signing.editor.addSigner')}
          </Button>
          <Button type="submit" disabled={!dirty} loading={form.formState.isSubmitting}>
            {t('signing.editor.saveSigners')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
