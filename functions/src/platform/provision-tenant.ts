import { PLATFORM_OPERATOR } from '@tranche/shared/auth/operator';
import type { CreateTenant } from '@tranche/shared/platform/platform.schema';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { tableName } from '#lib/db/client';
import { commit, event, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { portalBaseUrl } from '#lib/portal-url';
import { logoTextOf, newTenantItems } from '../tenant/new-tenant.js';
import { forgetDirectory } from '../tenant/tenant.repo.js';
import { inviteFirstOwner } from '../user/user.service.js';
import { toPlatformTenant } from './platform-tenant.js';

/** Readable on white (about 9:1): the console warns below 4.5:1, and a new tenant should not start with a warning. */
const DEFAULT_PRIMARY_COLOR = '#1c4e80';

/**
 * The platform operator creates a tenant (POST /tenants): its record, settings and prefix in one
 * transaction, the prefix claimed only if no tenant holds it (409 `prefixTaken` naming
 * `body.prefix`, and nothing is written), then its first GP owner invited through the same path as
 * every invitation, so they receive the activation email in the tenant's default language.
 *
 * A new tenant offers one currency (its base) and no open countries: sign-up stays closed until its
 * admins choose the countries, and further currencies need display rates they maintain.
 */
export const provisionTenant = async (input: CreateTenant, request: { requestId: string; sourceIp: string }) => {
  const tenantId = newId();
  const at = clock.nowIso();
  const actor: Actor = { tenantId, userId: PLATFORM_OPERATOR, requestId: request.requestId, at };
  const items = newTenantItems(
    tenantId,
    {
      prefix: input.prefix,
      domains: [],
      branding: {
        displayName: input.name,
        primaryColor: DEFAULT_PRIMARY_COLOR,
        logoText: logoTextOf(input.name),
        tagline: { en: '' },
      },
      languages: input.languages,
      ...(input.defaultLanguage ? { defaultLanguage: input.defaultLanguage } : {}),
      currencies: [input.baseCurrency],
      displayRates: [],
      openCountries: [],
    },
    at,
  );
  const table = tableName();
  const prefixKey = keys.prefixDirectory(input.prefix);
  const prefixTaken = () =>
    new DomainError('prefixTaken', {
      fields: [{ field: 'body.prefix', rule: 'prefixTaken', message: 'Already used by another portal' }],
    });
  const steps: Step[] = items.map((Item) => ({
    item: { Put: { TableName: table, Item, ConditionExpression: 'attribute_not_exists(PK)' } },
    // The tenant's own items are under a fresh id: only its prefix can be held by someone else.
    ...(Item.PK === prefixKey.PK ? { refusal: prefixTaken } : {}),
  }));
  const tenantItem = items[0]!;
  try {
    // A change given as a value: the only condition another writer can break is the prefix, which
    // has its own refusal, so there is nothing to decide again.
    await commit(actor, {
      steps,
      events: [event('TENANT_CREATED', tenantId, { prefix: input.prefix, name: input.name })],
      result: undefined,
    });
  } finally {
    // This container may have cached "no tenant" for the prefix (a portal visited before it existed).
    forgetDirectory(prefixKey);
  }
  const owner = await inviteFirstOwner(
    {
      tenantId,
      prefix: input.prefix,
      requestId: request.requestId,
      sourceIp: request.sourceIp,
      lang: tenantItem.defaultLanguage as CreateTenant['languages'][number],
    },
    input.owner,
  );
  const base = (await portalBaseUrl()).replace(/\/$/, '');
  return {
    tenant: toPlatformTenant(tenantItem),
    owner,
    portalUrl: `${base}/t/${input.prefix}/`,
  };
};
