import {
  Button,
  Fieldset,
  Group,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type FundBankDetails,
  type FundBankDetailsInput,
  FundBankDetailsInputSchema,
} from '@tranche/shared/money/fund-bank';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/error-state';
import { updateFundBankDetails, useFundBankDetails } from '@/features/gp-products/api/bank-details';
import { FormAlert } from '@/features/session/screens';
import { applyApiFieldErrors, schemaResolver, useFieldErrorText } from '@/lib/form-errors';
import { notifications } from '@/lib/notifications';

/**
 * The fund's bank details on the product page (docs/money.md "Fund bank details"): one account per
 * currency, which investors see on their capital call notice in the portal and in its PDF. Admins set
 * them (where investors send money is an admin's decision); the rest of the team reads them.
 */
export interface BankAccountValues {
  currency: string;
  bankName: string;
  accountName: string;
  /** IBAN or a local account number: which one the manager fills decides what is sent. */
  iban: string;
  accountNumber: string;
  swiftBic: string;
  routingNumber: string;
  bankAddress: string;
}
interface BankDetailsValues {
  accounts: BankAccountValues[];
}

const opt = (s: string) => (s.trim() === '' ? undefined : s.trim());

export const toBankDetailsInput = (v: BankDetailsValues, version: number) => ({
  accounts: v.accounts.map((a) =>
    Object.fromEntries(
      Object.entries({
        currency: a.currency,
        bankName: a.bankName.trim(),
        accountName: a.accountName.trim(),
        iban: opt(a.iban),
        accountNumber: opt(a.accountNumber),
        swiftBic: a.swiftBic.trim().toUpperCase(),
        routingNumber: opt(a.routingNumber),
        bankAddress: opt(a.bankAddress),
      }).filter(([, x]) => x !== undefined),
    ),
  ),
  version,
});

const valuesOf = (d: FundBankDetails): BankDetailsValues => ({
  accounts: d.accounts.map((a) => ({
    currency: a.currency,
    bankName: a.bankName,
    accountName: a.accountName,
    iban: a.iban ?? '',
    accountNumber: a.accountNumber ?? '',
    swiftBic: a.swiftBic,
    routingNumber: a.routingNumber ?? '',
    bankAddress: a.bankAddress ?? '',
  })),
});

/** The message key for a failed rule, by field: the shared schema's rules, said for a person. */
const BANK_ERROR_KEYS = [
  'required',
  'iban',
  'swiftBic',
  'routingNumber',
  'accountNumber',
  'duplicate',
  'invalid',
] as const;
type BankErrorKey = (typeof BANK_ERROR_KEYS)[number];
const isBankErrorKey = (k: string): k is BankErrorKey => (BANK_ERROR_KEYS as readonly string[]).includes(k);
const keyOf = (field: string, code: string, rule?: string): string => {
  if (rule === 'duplicate') return 'duplicate';
  if (code === 'too_small' || code === 'invalid_type' || rule === 'required')
    return field === 'iban' ? 'iban' : 'required';
  if (['iban', 'swiftBic', 'routingNumber', 'accountNumber'].includes(field)) return field;
  return 'invalid';
};

export const BankDetailsSection = ({
  productId,
  currencies,
  canEdit,
}: {
  productId: string;
  /** The currencies the fund's calls can be in (the product's and its share classes'). */
  currencies: readonly string[];
  /** Admins and owners only. */
  canEdit: boolean;
}) => {
  const { t } = useTranslation();
  const { data, error, mutate } = useFundBankDetails(productId);
  return (
    <Fieldset
      legend={
        <Title order={2} size="h4">
          {t('gpProducts.bank.title')}
        </Title>
      }
      radius="md"
      aria-describedby="bank-details-hint"
    >
      <Stack gap="sm">
        <Text id="bank-details-hint" size="sm" c="dimmed">
          {t('gpProducts.bank.hint')}
        </Text>
        {error ? (
          <LoadError error={error} onRetry={() => void mutate()} />
        ) : !data ? (
          <Loader size="sm" aria-label={t('gpProducts.bank.loading')} />
        ) : (
          <BankDetailsForm
            key={data.version}
            details={data}
            currencies={currencies}
            canEdit={canEdit}
            onSaved={async (next) => {
              await mutate(next, { revalidate: false });
            }}
          />
        )}
      </Stack>
    </Fieldset>
  );
};

const BankDetailsForm = ({
  details,
  currencies,
  canEdit,
  onSaved,
}: {
  details: FundBankDetails;
  currencies: readonly string[];
  canEdit: boolean;
  onSaved: (next: FundBankDetails) => Promise<void>;
}) => {
  const { t } = useTranslation();
  const form = useForm<BankDetailsValues, unknown, FundBankDetailsInput>({
    defaultValues: valuesOf(details),
    mode: 'onTouched',
    resolver: schemaResolver<BankDetailsValues, FundBankDetailsInput>(FundBankDetailsInputSchema, {
      toInput: (v) => toBankDetailsInput(v, details.version),
      message: (issue) =>
        keyOf(String(issue.path.at(-1) ?? ''), issue.code, (issue as { params?: { rule?: string } }).params?.rule),
    }),
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'accounts' });
  const errorText = useFieldErrorText(form.formState.errors, ({ message }) =>
    t(`gpProducts.bank.errors.${isBankErrorKey(message) ? message : 'invalid'}`),
  );
  const [saveError, setSaveError] = useState<unknown>(null);
  const submit = form.handleSubmit(async (input) => {
    setSaveError(null);
    try {
      const saved = await updateFundBankDetails(details.productId, input);
      notifications.show({ color: 'green', message: t('gpProducts.bank.saved') });
      await onSaved(saved);
    } catch (e) {
      // A rule the server names goes on its field; anything else (a version conflict, a refusal) above the buttons.
      if (!applyApiFieldErrors(e, form, { ruleMessage: (rule, path) => keyOf(path.split('.').at(-1) ?? '', rule) }))
        setSaveError(e);
    }
  });
  const used = new Set(currencies);
  for (const a of details.accounts) used.add(a.currency);
  const currencyData = [...used].map((c) => ({ value: c, label: c }));
  const field = (i: number, name: keyof BankAccountValues) => `accounts.${i}.${name}` as const;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        {fields.length === 0 && <Text size="sm">{t('gpProducts.bank.none')}</Text>}
        <fieldset disabled={!canEdit} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Stack gap="md">
            {fields.map((f, i) => (
              <Fieldset
                key={f.id}
                legend={t('gpProducts.bank.account', { currency: form.watch(field(i, 'currency')) })}
                radius="md"
              >
                <Stack gap="sm">
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <NativeSelect
                      label={t('gpProducts.bank.currency')}
                      withAsterisk
                      data={currencyData}
                      error={errorText(field(i, 'currency'))}
                      {...form.register(field(i, 'currency'))}
                    />
                    <TextInput
                      label={t('gpProducts.bank.bankName')}
                      withAsterisk
                      maxLength={140}
                      error={errorText(field(i, 'bankName'))}
                      {...form.register(field(i, 'bankName'))}
                    />
                    <TextInput
                      label={t('gpProducts.bank.accountName')}
                      withAsterisk
                      maxLength={140}
                      error={errorText(field(i, 'accountName'))}
                      {...form.register(field(i, 'accountName'))}
                    />
                    <TextInput
                      label={t('gpProducts.bank.swiftBic')}
                      withAsterisk
                      maxLength={11}
                      autoComplete="off"
                      spellCheck={false}
                      error={errorText(field(i, 'swiftBic'))}
                      {...form.register(field(i, 'swiftBic'))}
                    />
                    <TextInput
                      label={t('gpProducts.bank.iban')}
                      description={t('gpProducts.bank.ibanOrNumber')}
                      maxLength={42}
                      autoComplete="off"
                      spellCheck={false}
                      error={errorText(field(i, 'iban'))}
                      {...form.register(field(i, 'iban'))}
                    />
                    <TextInput
                      label={t('gpProducts.bank.accountNumber')}
                      maxLength={40}
                      autoComplete="off"
                      spellCheck={false}
                      error={errorText(field(i, 'accountNumber'))}
                      {...form.register(field(i, 'accountNumber'))}
                    />
                    <TextInput
                      label={t('gpProducts.bank.routingNumber')}
                      maxLength={9}
                      inputMode="numeric"
                      autoComplete="off"
                      error={errorText(field(i, 'routingNumber'))}
                      {...form.register(field(i, 'routingNumber'))}
                    />
                  </SimpleGrid>
                  <Textarea
                    label={t('gpProducts.bank.bankAddress')}
                    maxLength={300}
                    rows={2}
                    error={errorText(field(i, 'bankAddress'))}
                    {...form.register(field(i, 'bankAddress'))}
                  />
                  {canEdit && (
                    <Group justify="flex-end">
                      <Button variant="subtle" color="red" onClick={() => remove(i)}>
                        {t('gpProducts.bank.remove', { currency: form.watch(field(i, 'currency')) })}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </Fieldset>
            ))}
          </Stack>
        </fieldset>
        {saveError !== null && <FormAlert error={saveError} />}
        {canEdit ? (
          <Group justify="space-between">
            <Button
              variant="default"
              onClick={() =>
                append({
                  currency:
                    currencies.find((c) => !fields.some((_, i) => form.getValues(field(i, 'currency')) === c)) ??
                    currencies[0] ??
                    'USD',
                  bankName: '',
                  accountName: '',
                  iban: '',
                  accountNumber: '',
                  swiftBic: '',
                  routingNumber: '',
                  bankAddress: '',
                })
              }
            >
              {t('gpProducts.bank.add')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('gpProducts.bank.save')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('gpProducts.bank.adminsOnly')}
          </Text>
        )}
      </Stack>
    </form>
  );
};
