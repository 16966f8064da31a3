import type { Lang } from '@tranche/shared/i18n/langs';
import { LANG_LABELS } from '@tranche/shared/i18n/langs';
import { MINOR_DIGITS } from '@tranche/shared/money';
import {
  type ConfigSection,
  type CurrencyPolicy,
  type CurrencyPolicyInput,
  DISPLAY_ROUNDING,
  type FeatureToggles,
} from '@tranche/shared/tenant/tenant.schema';
import type { Actor } from '#lib/audit';
import { tableName } from '#lib/db/client';
import type { Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import {
  forgetDirectory,
  readTenant,
  type SectionUpdate,
  type TenantRecord,
  updateTenantSection,
} from './tenant.repo.js';

export const toI18nConfigs = (t: TenantRecord) => ({
  items: t.languages.map((lang) => ({ lang, label: LANG_LABELS[lang], isDefault: lang === t.defaultLanguage })),
  revision: t.revisions.i18n,
});

export const toCurrencies = (t: TenantRecord) => ({
  items: t.currencies.map((code) => ({ code, isDefault: code === t.defaultCurrency, minorDigits: MINOR_DIGITS[code] })),
});

export const currencyPolicyOf = (t: TenantRecord) => ({
  baseCurrency: t.defaultCurrency,
  currencies: t.currencies,
  rates: t.displayRates ?? [],
  rounding: DISPLAY_ROUNDING,
});

export const toCurrencyPolicy = (t: TenantRecord): CurrencyPolicy => ({
  ...currencyPolicyOf(t),
  revision: t.revisions.currency,
});

export const toFeatures = (t: TenantRecord) => ({ features: t.features, revision: t.revisions.features });

// ---- Changes. Each reads the current record for the audit trail's "before"; the write itself is
// guarded by the section's revision, so a stale read can never be written back.

/**
 * Sets attributes of one section if its revision is still `seen`, auditing their values before and
 * after; answers the tenant as it is now and the section's new revision.
 */
const setSection = async (
  actor: Actor,
  section: ConfigSection,
  seen: string,
  set: SectionUpdate['set'],
  action: SectionUpdate['audit']['action'],
  opts: { before?: TenantRecord; extra?: Step[] } = {},
): Promise<{ tenant: TenantRecord; revision: string }> => {
  const before = opts.before ?? (await readTenant(actor.tenantId));
  const from = Object.fromEntries(Object.keys(set).map((field) => [field, before[field as keyof TenantRecord]]));
  const revision = await updateTenantSection(
    actor.tenantId,
    section,
    seen,
    { set, audit: { action, data: { from, to: set } }, extra: opts.extra },
    actor,
  );
  return { tenant: await readTenant(actor.tenantId), revision };
};

export const updateI18n = async (
  actor: Actor,
  input: { languages: Lang[]; defaultLanguage: Lang; revision: string },
) => {
  const set = { languages: input.languages, defaultLanguage: input.defaultLanguage };
  const { tenant } = await setSection(actor, 'i18n', input.revision, set, 'I18N_CONFIG_UPDATED');
  return toI18nConfigs(tenant);
};

export const updateCurrencyPolicy = async (actor: Actor, input: CurrencyPolicyInput & { revision: string }) => {
  const set = { currencies: input.currencies, defaultCurrency: input.baseCurrency, displayRates: input.rates };
  const { tenant } = await setSection(actor, 'currency', input.revision, set, 'CURRENCY_POLICY_UPDATED');
  return toCurrencyPolicy(tenant);
};

export const updateFeatures = async (actor: Actor, input: { features: FeatureToggles; revision: string }) => {
  const { tenant } = await setSection(
    actor,
    'features',
    input.revision,
    { features: input.features },
    'FEATURES_UPDATED',
  );
  return toFeatures(tenant);
};

/**
 * Prefix and custom domains. Each is a directory item (`DIR#PREFIX#…`, `DIR#HOST#…`) that only one
 * tenant can hold: new ones are created only if absent, ours are deleted only if still ours, in the
 * same transaction as the tenant item. A name another tenant holds answers 409 naming the field.
 */
export const updateDomain = async (
  actor: Actor,
  input: { prefix: string; domains: string[]; revision: string },
): Promise<{ tenant: TenantRecord; revision: string }> => {
  const before = await readTenant(actor.tenantId);
  const table = tableName();
  const extra: Step[] = [];
  const touched: { PK: string }[] = [];
  const claim = (key: { PK: string; SK: string }, refusal: () => DomainError) => {
    touched.push(key);
    extra.push({
      item: {
        Put: {
          TableName: table,
          Item: { ...key, type: 'DIRECTORY', tenantId: actor.tenantId },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      refusal,
    });
  };
  const release = (key: { PK: string; SK: string }) => {
    touched.push(key);
    extra.push({
      item: {
        Delete: {
          TableName: table,
          Key: key,
          ConditionExpression: 'tenantId = :me',
          ExpressionAttributeValues: { ':me': actor.tenantId },
        },
      },
      refusal: 'VERSION_CONFLICT',
    });
  };
  const taken = (code: 'prefixTaken' | 'domainTaken', field: string) => () =>
    new DomainError(code, { fields: [{ field, rule: code, message: 'Already used by another portal' }] });

  if (input.prefix !== before.prefix) {
    claim(keys.prefixDirectory(input.prefix), taken('prefixTaken', 'body.prefix'));
    release(keys.prefixDirectory(before.prefix));
  }
  input.domains.forEach((host, i) => {
    if (!before.domains.includes(host)) claim(keys.hostDirectory(host), taken('domainTaken', `body.domains.${i}`));
  });
  for (const host of before.domains) {
    if (!input.domains.includes(host)) release(keys.hostDirectory(host));
  }
  try {
    const set = { prefix: input.prefix, domains: input.domains };
    return await setSection(actor, 'domain', input.revision, set, 'DOMAIN_UPDATED', { before, extra });
  } finally {
    forgetDirectory(...touched);
  }
};
