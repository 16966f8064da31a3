import type { Lang } from '@tranche/shared/i18n/langs';
import { LANG_LABELS } from '@tranche/shared/i18n/langs';
import { MINOR_DIGITS } from '@tranche/shared/money';
import {
  type CurrencyPolicy,
  type CurrencyPolicyInput,
  DISPLAY_ROUNDING,
  type FeatureToggles,
} from '@tranche/shared/tenant/tenant.schema';
import type { Actor } from '#lib/audit';
import { tableName } from '#lib/db/client';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { type ExtraWrite, forgetDirectory, readTenant, type TenantRecord, updateTenantSection } from './tenant.repo.js';

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

export const updateI18n = async (
  actor: Actor,
  input: { languages: Lang[]; defaultLanguage: Lang; revision: string },
) => {
  const before = await readTenant(actor.tenantId);
  await updateTenantSection(
    actor.tenantId,
    'i18n',
    input.revision,
    {
      set: { languages: input.languages, defaultLanguage: input.defaultLanguage },
      audit: {
        action: 'I18N_CONFIG_UPDATED',
        data: {
          from: { languages: before.languages, defaultLanguage: before.defaultLanguage },
          to: { languages: input.languages, defaultLanguage: input.defaultLanguage },
        },
      },
    },
    actor,
  );
  return toI18nConfigs(await readTenant(actor.tenantId));
};

export const updateCurrencyPolicy = async (actor: Actor, input: CurrencyPolicyInput & { revision: string }) => {
  const before = await readTenant(actor.tenantId);
  const next = { currencies: input.currencies, defaultCurrency: input.baseCurrency, displayRates: input.rates };
  await updateTenantSection(
    actor.tenantId,
    'currency',
    input.revision,
    {
      set: next,
      audit: {
        action: 'CURRENCY_POLICY_UPDATED',
        data: {
          from: {
            currencies: before.currencies,
            defaultCurrency: before.defaultCurrency,
            displayRates: before.displayRates,
          },
          to: next,
        },
      },
    },
    actor,
  );
  return toCurrencyPolicy(await readTenant(actor.tenantId));
};

export const updateFeatures = async (actor: Actor, input: { features: FeatureToggles; revision: string }) => {
  const before = await readTenant(actor.tenantId);
  await updateTenantSection(
    actor.tenantId,
    'features',
    input.revision,
    {
      set: { features: input.features },
      audit: { action: 'FEATURES_UPDATED', data: { from: before.features, to: input.features } },
    },
    actor,
  );
  return toFeatures(await readTenant(actor.tenantId));
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
  const extra: ExtraWrite[] = [];
  const claim = (key: { PK: string; SK: string }, onConflict: () => DomainError): ExtraWrite => ({
    item: {
      Put: {
        TableName: table,
        Item: { ...key, type: 'DIRECTORY', tenantId: actor.tenantId },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    onConflict,
  });
  const release = (key: { PK: string; SK: string }): ExtraWrite => ({
    item: {
      Delete: {
        TableName: table,
        Key: key,
        ConditionExpression: 'tenantId = :me',
        ExpressionAttributeValues: { ':me': actor.tenantId },
      },
    },
    onConflict: () => new DomainError('VERSION_CONFLICT'),
  });
  const taken = (code: 'prefixTaken' | 'domainTaken', field: string) => () =>
    new DomainError(code, { fields: [{ field, rule: code, message: 'Already used by another portal' }] });

  const touched: { PK: string }[] = [];
  if (input.prefix !== before.prefix) {
    extra.push(claim(keys.prefixDirectory(input.prefix), taken('prefixTaken', 'body.prefix')));
    extra.push(release(keys.prefixDirectory(before.prefix)));
    touched.push(keys.prefixDirectory(input.prefix), keys.prefixDirectory(before.prefix));
  }
  input.domains.forEach((host, i) => {
    if (before.domains.includes(host)) return;
    extra.push(claim(keys.hostDirectory(host), taken('domainTaken', `body.domains.${i}`)));
    touched.push(keys.hostDirectory(host));
  });
  for (const host of before.domains) {
    if (input.domains.includes(host)) continue;
    extra.push(release(keys.hostDirectory(host)));
    touched.push(keys.hostDirectory(host));
  }
  try {
    const revision = await updateTenantSection(
      actor.tenantId,
      'domain',
      input.revision,
      {
        set: { prefix: input.prefix, domains: input.domains },
        audit: {
          action: 'DOMAIN_UPDATED',
          data: {
            from: { prefix: before.prefix, domains: before.domains },
            to: { prefix: input.prefix, domains: input.domains },
          },
        },
        extra,
      },
      actor,
    );
    return { tenant: await readTenant(actor.tenantId), revision };
  } finally {
    forgetDirectory(...touched);
  }
};
