import {
  Badge,
  Checkbox,
  Chip,
  Fieldset,
  Group,
  Input,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { LANG_LABELS, LANGS, type Lang } from '@tranche/shared/i18n/langs';
import { CURRENCIES, type Currency } from '@tranche/shared/money';
import { convertForDisplay } from '@tranche/shared/tenant/display-currency';
import {
  FEATURES,
  type TenantConfig,
  UpdateCurrencyPolicySchema,
  UpdateFeaturesSchema,
  UpdateI18nConfigsSchema,
} from '@tranche/shared/tenant/tenant.schema';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { updateCurrencyPolicy, updateFeatures, updateI18nConfigs } from '@/features/gp-settings/api/tenant-config';
import { useSave } from '@/features/gp-settings/lib/use-save';
import { schemaResolver, useFieldError } from '@/features/gp-settings/lib/validation';
import { useLang } from '@/i18n/use-lang';
import { formatDate, formatMoney } from '@/lib/format';
import { RetentionForm } from './retention-form';
import { formSectionProps, SettingsSection, useResetOnRevision } from './settings-section';
import { SwitchField } from './switch-field';

export interface TabProps {
  config: TenantConfig;
  canEdit: boolean;
  /** After a save (or to load someone else's newer version): read the configuration again. */
  onChanged: () => Promise<unknown>;
}

/** Languages, currencies with display rates, feature toggles and sealed-file retention: forms each saved on its own. */
export const GeneralTab = (props: TabProps) => (
  <Stack gap="lg">
    <LanguagesForm {...props} />
    <CurrenciesForm {...props} />
    <FeaturesForm {...props} />
    <RetentionForm canEdit={props.canEdit} />
  </Stack>
);

interface LanguageValues {
  languages: Lang[];
  defaultLanguage: Lang;
  revision: string;
}

export const LanguagesForm = ({ config, canEdit, onChanged }: TabProps) => {
  const { t } = useTranslation();
  const defaults: LanguageValues = {
    languages: config.languages,
    defaultLanguage: config.defaultLanguage,
    revision: config.revisions.i18n,
  };
  const form = useForm<LanguageValues>({ defaultValues: defaults, resolver: schemaResolver(UpdateI18nConfigsSchema) });
  const errorOf = useFieldError(form.formState.errors);
  const { error, run } = useSave(form);
  useResetOnRevision(form, defaults, config.revisions.i18n);
  const offered = useWatch({ control: form.control, name: 'languages' });

  const submit = form.handleSubmit(async (values) => {
    if (await run(() => updateI18nConfigs(values))) await onChanged();
  });

  return (
    <SettingsSection
      title={t('gpSettings.languages.title')}
      description={t('gpSettings.languages.description')}
      {...formSectionProps(form, { canEdit, submit, error, onChanged })}
    >
      <Fieldset disabled={!canEdit} variant="unstyled" p={0}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Controller
            control={form.control}
            name="languages"
            render={({ field }) => (
              <Checkbox.Group
                label={t('gpSettings.languages.offered')}
                value={field.value}
                onChange={(value) => field.onChange(LANGS.filter((l) => value.includes(l)))}
                error={errorOf('languages') ?? errorOf('languages.0') ?? errorOf('languages.1')}
              >
                <Stack gap="xs" mt="xs">
                  {LANGS.map((lang) => (
                    <Checkbox key={lang} value={lang} label={LANG_LABELS[lang]} lang={lang} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          />
          <Controller
            control={form.control}
            name="defaultLanguage"
            render={({ field }) => (
              <Radio.Group
                label={t('gpSettings.languages.default')}
                description={t('gpSettings.languages.defaultHint')}
                value={field.value}
                onChange={(value) => field.onChange(value as Lang)}
                error={errorOf('defaultLanguage')}
              >
                <Stack gap="xs" mt="xs">
                  {LANGS.map((lang) => (
                    <Radio
                      key={lang}
                      value={lang}
                      label={LANG_LABELS[lang]}
                      lang={lang}
                      disabled={!offered.includes(lang)}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          />
        </SimpleGrid>
      </Fieldset>
    </SettingsSection>
  );
};

interface CurrencyValues {
  baseCurrency: Currency;
  currencies: Currency[];
  rates: { currency: Currency; rate: string; asOf: string }[];
  revision: string;
}

const today = () => new Date().toISOString().slice(0, 10);

/** One rate per offered currency other than the base, keeping what was typed for those that stay. */
const ratesFor = (base: Currency, offered: readonly Currency[], rates: CurrencyValues['rates']) =>
  offered
    .filter((c) => c !== base)
    .map((currency) => rates.find((r) => r.currency === currency) ?? { currency, rate: '', asOf: today() });

const CurrenciesForm = ({ config, canEdit, onChanged }: TabProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const policy = config.currencyPolicy;
  const defaults: CurrencyValues = {
    baseCurrency: policy.baseCurrency,
    currencies: policy.currencies,
    rates: ratesFor(policy.baseCurrency, policy.currencies, policy.rates),
    revision: config.revisions.currency,
  };
  const form = useForm<CurrencyValues>({
    defaultValues: defaults,
    resolver: schemaResolver(UpdateCurrencyPolicySchema),
  });
  const errorOf = useFieldError(form.formState.errors);
  const { error, run } = useSave(form);
  useResetOnRevision(form, defaults, config.revisions.currency);
  const [base, offered, rates] = useWatch({ control: form.control, name: ['baseCurrency', 'currencies', 'rates'] });

  const choose = (nextBase: Currency, nextOffered: Currency[]) => {
    const ordered = CURRENCIES.filter((c) => nextOffered.includes(c) || c === nextBase);
    form.setValue('baseCurrency', nextBase, { shouldDirty: true });
    form.setValue('currencies', [nextBase, ...ordered.filter((c) => c !== nextBase)], { shouldDirty: true });
    form.setValue('rates', ratesFor(nextBase, ordered, form.getValues('rates')), { shouldDirty: true });
  };

  const submit = form.handleSubmit(async (values) => {
    if (await run(() => updateCurrencyPolicy(values))) await onChanged();
  });

  const sample = rates.find((r) => /^\d+(\.\d+)?$/.test(r.rate) && Number(r.rate) > 0);
  const converted = sample
    ? convertForDisplay('1000000', base, sample.currency, { baseCurrency: base, rates: [sample] })
    : null;

  return (
    <SettingsSection
      title={t('gpSettings.currencies.title')}
      description={t('gpSettings.currencies.description')}
      {...formSectionProps(form, { canEdit, submit, error, onChanged })}
    >
      <Fieldset disabled={!canEdit} variant="unstyled" p={0}>
        <Stack gap="md">
          <NativeSelect
            label={t('gpSettings.currencies.base')}
            data={CURRENCIES.map((c) => c)}
            value={base}
            onChange={(e) => choose(e.currentTarget.value as Currency, offered)}
            error={errorOf('baseCurrency')}
            maw={240}
          />
          <Input.Wrapper
            label={t('gpSettings.currencies.offered')}
            labelElement="div"
            labelProps={{ id: 'offered-currencies' }}
            error={errorOf('currencies')}
          >
            <Chip.Group multiple value={offered} onChange={(value) => choose(base, value as Currency[])}>
              <Group gap="xs" mt="xs" role="group" aria-labelledby="offered-currencies">
                {CURRENCIES.map((c) => (
                  <Chip key={c} value={c} disabled={!canEdit || c === base} size="sm">
                    {c}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Input.Wrapper>
          <Input.Wrapper label={t('gpSettings.currencies.rates')} labelElement="div">
            {rates.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('gpSettings.currencies.noRates')}
              </Text>
            ) : (
              <Stack gap="xs" mt="xs">
                {rates.map((r, i) => (
                  <SimpleGrid key={r.currency} cols={{ base: 1, xs: 2 }} spacing="sm" maw={520}>
                    <TextInput
                      label={t('gpSettings.currencies.rateLabel', { base, currency: r.currency })}
                      inputMode="decimal"
                      autoComplete="off"
                      spellCheck={false}
                      rightSection={<Text size="xs">{r.currency}</Text>}
                      error={errorOf(`rates.${i}.rate`) ?? errorOf(`currencies.${offered.indexOf(r.currency)}`)}
                      {...form.register(`rates.${i}.rate`)}
                    />
                    <TextInput
                      type="date"
                      label={t('gpSettings.currencies.asOf', { currency: r.currency })}
                      error={errorOf(`rates.${i}.asOf`)}
                      {...form.register(`rates.${i}.asOf`)}
                    />
                  </SimpleGrid>
                ))}
              </Stack>
            )}
          </Input.Wrapper>
          {converted && sample && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('gpSettings.currencies.example', {
                from: formatMoney('1000000', base, lang),
                to: formatMoney(converted.amount, converted.currency, lang),
                date: sample.asOf ? formatDate(sample.asOf, lang) : '',
              })}{' '}
              {t('gpSettings.currencies.rounding')}
            </Text>
          )}
        </Stack>
      </Fieldset>
    </SettingsSection>
  );
};

interface FeatureValues {
  features: TenantConfig['features'];
  revision: string;
}

const FeaturesForm = ({ config, canEdit, onChanged }: TabProps) => {
  const { t } = useTranslation();
  const defaults: FeatureValues = { features: config.features, revision: config.revisions.features };
  const form = useForm<FeatureValues>({ defaultValues: defaults, resolver: schemaResolver(UpdateFeaturesSchema) });
  const { error, run } = useSave(form);
  useResetOnRevision(form, defaults, config.revisions.features);

  const submit = form.handleSubmit(async (values) => {
    if (await run(() => updateFeatures(values))) await onChanged();
  });

  return (
    <SettingsSection
      title={t('gpSettings.features.title')}
      description={t('gpSettings.features.description')}
      {...formSectionProps(form, { canEdit, submit, error, onChanged })}
    >
      {canEdit ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {FEATURES.map((feature) => (
            <SwitchField
              key={feature}
              control={form.control}
              name={`features.${feature}`}
              label={t(`gpSettings.features.names.${feature}`)}
            />
          ))}
        </SimpleGrid>
      ) : (
        // Disabled switches all look grey: a reader sees each state in words instead.
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="dl" m={0}>
          {FEATURES.map((feature) => (
            <Group key={feature} gap="xs" wrap="nowrap" justify="space-between" maw={360}>
              <Text component="dt" size="sm">
                {t(`gpSettings.features.names.${feature}`)}
              </Text>
              <Badge component="dd" m={0} variant="light" color={config.features[feature] ? 'green' : 'gray'}>
                {config.features[feature] ? t('common.enabled') : t('common.disabled')}
              </Badge>
            </Group>
          ))}
        </SimpleGrid>
      )}
    </SettingsSection>
  );
};
