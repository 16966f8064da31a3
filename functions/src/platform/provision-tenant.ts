import { PLATFORM_OPERATOR } from '@tranche/shared/auth/operator';
import type { Lang } from '@tranche/shared/i18n/langs';
import type { CreateTenant } from '@tranche/shared/platform/platform.schema';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { db, tableName } from '#lib/db/client';
import { GetCommand, QueryCommand } from '#lib/db/commands';
import { commit, event, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { portalBaseUrl } from '#lib/portal-url';
import { logoTextOf, newTenantItems } from '../tenant/new-tenant.js';
import { forgetDirectory, tenantIdByPrefix } from '../tenant/tenant.repo.js';
import { inviteFirstOwner } from '../user/user.service.js';
import { toPlatformTenant } from './platform-tenant.js';

/** Readable on white (about 9:1): the console warns below 4.5:1, and a new tenant should not start with a warning. */
const DEFAULT_PRIMARY_COLOR = '#1c4e80';

type Request = { requestId: string; sourceIp: string };

const prefixTaken = () =>
  new DomainError('prefixTaken', {
    fields: [{ field: 'body.prefix', rule: 'prefixTaken', message: 'Already used by another portal' }],
  });

const sameEmail = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

/**
 * Writes the tenant: record, settings and prefix in one transaction with its `TENANT_CREATED` event,
 * the prefix claimed only if no tenant holds it (409 `prefixTaken` naming `body.prefix`, and nothing
 * is written). Exported for the test that stands for an invitation lost after this commit.
 */
export const writeTenant = async (input: CreateTenant, request: Request): Promise<Record<string, unknown>> => {
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
  const steps: Step[] = items.map((Item) => ({
    item: { Put: { TableName: table, Item, ConditionExpression: 'attribute_not_exists(PK)' } },
    // The tenant's own items are under a fresh id: only its prefix can be held by someone else.
    ...(Item.PK === prefixKey.PK ? { refusal: prefixTaken } : {}),
  }));
  try {
    // A change given as a value: the only condition another writer can break is the prefix, which
    // has its own refusal, so there is nothing to decide again.
    await commit(actor, {
      steps,
      events: [
        event('TENANT_CREATED', tenantId, { prefix: input.prefix, name: input.name, ownerEmail: input.owner.email }),
      ],
      result: undefined,
    });
  } finally {
    // This container may have cached "no tenant" for the prefix (a portal visited before it existed).
    forgetDirectory(prefixKey);
  }
  return items[0]!;
};

/**
 * The tenant a previous, identical request created but whose owner it never invited (the invitation
 * failed after the tenant was committed: Cognito unavailable). Only the same prefix, name and
 * owner email, on a tenant that still has no team member at all, counts: a tenant always keeps an
 * owner once it has one (team.service.ts), so an empty team means the first invitation never happened.
 */
const unfinishedTenant = async (input: CreateTenant): Promise<Record<string, unknown> | undefined> => {
  const tenantId = await tenantIdByPrefix(input.prefix);
  if (!tenantId) return undefined;
  const table = tableName();
  const [{ Item: tenant }, team, history] = await Promise.all([
    db.send(new GetCommand({ TableName: table, Key: keys.tenant(tenantId), ConsistentRead: true })),
    db.send(
      new QueryCommand({
        TableName: table,
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.teamIndexPk(tenantId) },
        Limit: 1,
      }),
    ),
    db.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :evt)',
        ExpressionAttributeValues: { ':pk': keys.tenant(tenantId).PK, ':evt': keys.auditEventPrefix },
        ConsistentRead: true,
      }),
    ),
  ]);
  const created = (history.Items ?? []).find((e) => e.action === 'TENANT_CREATED');
  const same =
    tenant?.branding?.displayName === input.name &&
    created?.actorId === PLATFORM_OPERATOR &&
    sameEmail(created?.data?.ownerEmail, input.owner.email);
  return same && (team.Items ?? []).length === 0 ? tenant : undefined;
};

/**
 * The platform operator creates a tenant (POST /tenants), then invites its first GP owner through
 * the same path as every invitation, so they receive the activation email in the tenant's default
 * language. Repeating the request after the invitation failed finishes it (the tenant is not created
 * twice); any other request for a held prefix is refused.
 *
 * A new tenant offers one currency (its base) and no open countries: sign-up stays closed until its
 * admins choose the countries, and further currencies need display rates they maintain.
 */
export const provisionTenant = async (input: CreateTenant, request: Request) => {
  let tenant: Record<string, unknown>;
  try {
    tenant = await writeTenant(input, request);
  } catch (error) {
    if (!(error instanceof DomainError && error.code === 'prefixTaken')) throw error;
    const unfinished = await unfinishedTenant(input);
    if (!unfinished) throw error;
    tenant = unfinished;
  }
  const owner = await inviteFirstOwner(
    {
      tenantId: tenant.tenantId as string,
      prefix: input.prefix,
      requestId: request.requestId,
      sourceIp: request.sourceIp,
      lang: tenant.defaultLanguage as Lang,
    },
    input.owner,
  );
  const base = portalBaseUrl().replace(/\/$/, '');
  return { tenant: toPlatformTenant(tenant), owner, portalUrl: `${base}/t/${input.prefix}/` };
};
