import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { CountryCode } from '@tranche/shared/country/iso-3166';
import { CURRENCIES, type Currency } from '@tranche/shared/currency';
import type { BankAccountInput, BankAccountView } from '@tranche/shared/profile/profile.schema';
import {
  ACCOUNT_KIND_LABELS,
  ACCOUNT_KINDS,
  ACCOUNT_STATUS_LABELS,
  type AccountKind,
  type AccountStatus,
  IRA_TYPE_LABELS,
  IRA_TYPES,
  type IraType,
} from '@tranche/shared/profile/profile-enums';
import type { RequirementTable } from '@tranche/shared/profile/requirement-levels';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BADGE_WARNING } from '@/components/badge-colors';
import { RevealAccountNumber } from '@/features/bank-accounts';
import { useStoreProfile } from '@/features/profiles/api/keys';
import { addBankAccount, changeBankAccount, closeBankAccount } from '@/features/profiles/api/mutations';
import { CountrySelect } from '@/features/profiles/components/country-select';
import { type Intent, StepForm, type StepProps, useStepSave } from '@/features/profiles/components/step-form';
import { compact, given } from '@/features/profiles/lib/form-values';
import { fieldRule } from '@/features/profiles/lib/requirements';
import { useProfileFieldError } from '@/features/profiles/lib/validation';
import { errorText, useLang } from '@/i18n/use-lang';

interface BankValues {
  kind: AccountKind;
  bankName: string;
  accountName: string;
  accountNumber: string;
  currency: Currency | '';
  bankCountry: string;
  swiftBic: string;
  routingNumber: string;
  iraType: IraType | '';
  custodianName: string;
  custodianAccount: string;
}

const BLANK: BankValues = {
  kind: 'BANK',
  bankName: '',
  accountName: '',
  accountNumber: '',
  currency: '',
  bankCountry: '',
  swiftBic: '',
  routingNumber: '',
  iraType: '',
  custodianName: '',
  custodianAccount: '',
};

const TYPED: (keyof BankValues)[] = [
  'bankName',
  'accountName',
  'accountNumber',
  'bankCountry',
  'swiftBic',
  'routingNumber',
];
const REQUIRED: (keyof BankValues)[] = ['bankName', 'accountName', 'accountNumber', 'currency', 'bankCountry'];

// Pending is the state that matters here (no payout until approved): it stands out; dark shades keep 4.5:1.
const STATUS_COLOR: Record<AccountStatus, string> = { PENDING: BADGE_WARNING, OPEN: 'teal.9', CLOSED: 'gray.7' };

/**
 * A change starts from the account's details as saved, except the numbers: they are never sent back to
 * the browser, so the investor types the account number again (the server compares it with the sealed
 * one, so retyping the same number is no change to it).
 */
const valuesOf = (a: BankAccountView): BankValues => ({
  kind: a.kind,
  bankName: a.bankName,
  accountName: a.accountName,
  accountNumber: '',
  currency: a.currency,
  bankCountry: a.bankCountry,
  swiftBic: a.swiftBic ?? '',
  routingNumber: a.routingNumber ?? '',
  iraType: a.iraType ?? '',
  custodianName: a.custodian?.name ?? '',
  custodianAccount: '',
});

const inputOf = (v: BankValues): BankAccountInput =>
  compact({
    kind: v.kind,
    bankName: v.bankName.trim(),
    accountName: v.accountName.trim(),
    accountNumber: v.accountNumber.trim(),
    currency: v.currency as Currency,
    bankCountry: v.bankCountry as CountryCode,
    swiftBic: given(v.swiftBic)?.toUpperCase().replace(/\s/g, ''),
    routingNumber: given(v.routingNumber),
    iraType: v.kind === 'IRA' ? v.iraType || undefined : undefined,
    custodian:
      v.kind === 'IRA' && given(v.custodianName) && given(v.custodianAccount)
        ? { name: v.custodianName.trim(), accountNumber: v.custodianAccount.trim() }
        : undefined,
  });

/**
 * Bank accounts for distributions and redemptions. The full number is typed once and never shown
 * again (only its last four); a new account is Pending until the manager approves it. An account is
 * closed rather than deleted: payouts already made name it.
 */
export const BankStep = ({ table, ...props }: StepProps & { table: RequirementTable }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { profile } = props;
  const rule = fieldRule(table, 'BANK_INFORMATION');
  const active = profile.bankAccounts.filter((a) => a.status !== 'CLOSED');
  const [adding, setAdding] = useState(active.length === 0);
  // The account being changed: the form holds its details, and saving sends them as its new version.
  const [changing, setChanging] = useState<BankAccountView>();
  const form = useForm<BankValues>({ defaultValues: BLANK });
  const errorOf = useProfileFieldError(form.formState.errors);
  const { saving, error, save } = useStepSave(form, props);
  const kind = useWatch({ control: form.control, name: 'kind' });
  const bankCountry = useWatch({ control: form.control, name: 'bankCountry' });

  const submit = (intent: Intent) => {
    // Errors set by hand (required, or named by the API) would stop handleSubmit before it reads the values.
    form.clearErrors();
    void form.handleSubmit((values) => {
      form.clearErrors();
      const typed = TYPED.some((f) => given(values[f] as string));
      if (!props.readOnly) {
        const mustAdd = typed || (intent === 'next' && rule.required && active.length === 0);
        const absent = mustAdd ? REQUIRED.filter((f) => !given(values[f] as string)) : [];
        absent.forEach((f, i) => {
          form.setError(f, { type: 'required', message: 'required' }, { shouldFocus: i === 0 });
        });
        if (absent.length > 0) {
          setAdding(true);
          return;
        }
      }
      return save(intent, async () => {
        if (!typed) return undefined;
        const saved = changing
          ? await changeBankAccount(profile, changing.bankId, inputOf(values))
          : await addBankAccount(profile, inputOf(values));
        setChanging(undefined);
        return saved;
      });
    })();
  };

  return (
    <StepForm
      title={t('profiles.steps.bank')}
      intro={t('profiles.fields.accountNumberHint')}
      error={error}
      saving={saving}
      readOnly={props.readOnly}
      onSubmit={submit}
      onBack={props.onBack}
    >
      {profile.bankAccounts.length > 0 && (
        <Stack gap="sm">
          {profile.bankAccounts.map((account) => (
            <BankAccountCard
              key={account.bankId}
              account={account}
              {...props}
              onChange={() => {
                form.reset(valuesOf(account));
                setChanging(account);
                setAdding(true);
              }}
            />
          ))}
        </Stack>
      )}
      {adding ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Title order={3} size="h4">
              {changing
                ? t('profiles.fields.changeAccountNamed', { last4: changing.last4 })
                : t('profiles.fields.addAccount')}
            </Title>
            {changing && (
              <Alert color="orange" variant="light" title={t('profiles.fields.changeAccountTitle')}>
                <Text size="sm">{t('profiles.fields.changeAccountHint')}</Text>
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NativeSelect
                {...form.register('kind')}
                label={t('profiles.fields.accountKind')}
                data={ACCOUNT_KINDS.map((k) => ({ value: k, label: ACCOUNT_KIND_LABELS[k][lang] }))}
              />
              {kind === 'IRA' && (
                <NativeSelect
                  {...form.register('iraType')}
                  label={t('profiles.fields.iraType')}
                  error={errorOf('iraType')}
                  data={[
                    { value: '', label: '—' },
                    ...IRA_TYPES.map((k) => ({ value: k, label: IRA_TYPE_LABELS[k][lang] })),
                  ]}
                />
              )}
              <TextInput
                {...form.register('bankName')}
                label={t('profiles.fields.bankName')}
                error={errorOf('bankName')}
                required
              />
              <TextInput
                {...form.register('accountName')}
                label={t('profiles.fields.accountName')}
                autoComplete="name"
                error={errorOf('accountName')}
                required
              />
              <TextInput
                {...form.register('accountNumber')}
                label={t('profiles.fields.accountNumber')}
                description={changing ? t('profiles.fields.retypeNumber') : undefined}
                autoComplete="off"
                spellCheck={false}
                error={errorOf('accountNumber')}
                required
              />
              <NativeSelect
                {...form.register('currency')}
                label={t('profiles.fields.currency')}
                error={errorOf('currency')}
                required
                data={[{ value: '', label: '—' }, ...CURRENCIES]}
              />
              <CountrySelect
                label={t('profiles.fields.bankCountry')}
                value={bankCountry}
                onChange={(code) => form.setValue('bankCountry', code ?? '', { shouldDirty: true })}
                error={errorOf('bankCountry')}
                required
              />
              <TextInput
                {...form.register('swiftBic')}
                label={t('profiles.fields.swift')}
                autoComplete="off"
                error={errorOf('swiftBic')}
              />
              <TextInput
                {...form.register('routingNumber')}
                label={t('profiles.fields.routing')}
                inputMode="numeric"
                autoComplete="off"
                error={errorOf('routingNumber')}
              />
              {kind === 'IRA' && (
                <>
                  <TextInput
                    {...form.register('custodianName')}
                    label={t('profiles.fields.custodianName')}
                    error={errorOf('custodian.name')}
                  />
                  <TextInput
                    {...form.register('custodianAccount')}
                    label={t('profiles.fields.custodianAccount')}
                    description={changing?.custodian ? t('profiles.fields.retypeNumber') : undefined}
                    autoComplete="off"
                    error={errorOf('custodian.accountNumber')}
                  />
                </>
              )}
            </SimpleGrid>
            {changing && (
              <Group>
                <Button
                  variant="default"
                  onClick={() => {
                    setChanging(undefined);
                    form.reset(BLANK);
                    setAdding(active.length === 0);
                  }}
                >
                  {t('profiles.fields.cancelChange')}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      ) : (
        !props.readOnly && (
          <Group>
            <Button variant="light" onClick={() => setAdding(true)}>
              {t('profiles.fields.addAccount')}
            </Button>
          </Group>
        )
      )}
    </StepForm>
  );
};

const BankAccountCard = ({
  account,
  profile,
  readOnly,
  onChange,
}: { account: BankAccountView; onChange: () => void } & StepProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const store = useStoreProfile();
  const [closing, setClosing] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const close = async () => {
    setClosing(true);
    setFailure(undefined);
    try {
      await store(await closeBankAccount(profile, account.bankId));
    } catch (e) {
      setFailure(e);
    } finally {
      setClosing(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} miw={0}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {account.bankName}
          </Text>
          <Text size="sm">{t('profiles.fields.maskedNumber', { last4: account.last4 })}</Text>
          {/* The full number, after the investor enters their password or a code again (eligibility part). */}
          {account.status !== 'CLOSED' && (
            <RevealAccountNumber profileId={profile.profileId} bankId={account.bankId} last4={account.last4} />
          )}
          <Text size="sm" c="dimmed">
            {[ACCOUNT_KIND_LABELS[account.kind][lang], account.currency, account.accountName].join(' · ')}
          </Text>
        </Stack>
        <Stack gap="xs" align="flex-end">
          <Badge color={STATUS_COLOR[account.status]} variant="outline" radius="sm" miw="max-content">
            {ACCOUNT_STATUS_LABELS[account.status][lang]}
          </Badge>
          {!readOnly && (
            // Open, pending or closed alike: a change is a new version of the details, pending approval
            // again (a rejected account is closed; changing it is how the investor corrects it).
            <Button
              size="xs"
              variant="subtle"
              onClick={onChange}
              aria-label={t('profiles.fields.changeAccountNamed', { last4: account.last4 })}
            >
              {t('profiles.fields.changeAccount')}
            </Button>
          )}
          {account.status !== 'CLOSED' && !readOnly && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={closing}
              onClick={() => void close()}
              aria-label={t('profiles.fields.closeAccountNamed', { last4: account.last4 })}
            >
              {t('profiles.fields.closeAccount')}
            </Button>
          )}
        </Stack>
      </Group>
      {account.status === 'PENDING' && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('profiles.fields.pendingHint')}
        </Text>
      )}
      {/* The manager's rejection of these details, with the reason they gave (not who gave it). */}
      {account.status === 'CLOSED' && account.review?.decision === 'REJECTED' && (
        <Text size="sm" c="red.9" mt="xs" style={{ overflowWrap: 'anywhere' }}>
          {t('profiles.fields.rejectedReason', { reason: account.review.reason })}
        </Text>
      )}
      {failure !== undefined && (
        <Alert color="red" variant="light" mt="xs" role="alert">
          {errorText(failure, lang, t)}
        </Alert>
      )}
    </Paper>
  );
};
