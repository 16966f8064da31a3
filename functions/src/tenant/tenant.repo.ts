import type { EventName } from '@tranche/shared/events/catalogue';
import type { Lang } from '@tranche/shared/i18n/langs';
import type { Currency } from '@tranche/shared/money';
import type {
  Branding,
  ConfigSection,
  DisplayRate,
  FeatureToggles,
  GpSettings,
  LogoType,
  LpSettings,
} from '@tranche/shared/tenant/tenant.schema';
import type { Actor } from '#lib/audit';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { commit, event, eventOf, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';

/** Where the tenant's uploaded logo is, once checked. */
export interface LogoRef {
  key: string;
  contentType: LogoType;
  size: number;
  uploadedAt: string;
}

/** The tenant item (`T#<tid>`, `#META`): read on most requests, so it holds the whole configuration. */
export interface TenantRecord {
  tenantId: string;
  prefix: string;
  /** Custom domains (each also a `DIR#HOST#<host>` item). */
  domains: string[];
  branding: Branding;
  logo?: LogoRef;
  languages: Lang[];
  defaultLanguage: Lang;
  currencies: Currency[];
  /** The base (reporting) currency. */
  defaultCurrency: Currency;
  displayRates: DisplayRate[];
  features: FeatureToggles;
  revisions: Record<ConfigSection, string>;
}

export interface SettingsDoc<T> {
  settings: T;
  version: number;
}

const stripKeys = <T>(item: Record<string, unknown>): T => {
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g1s, GSI2PK: _g2, GSI2SK: _g2s, ...rest } = item;
  return rest as T;
};

/**
 * Host and prefix lookups change rarely and sit on every public request, so each Lambda container
 * keeps them for a minute. A changed prefix or domain therefore takes up to a minute to reach every
 * container (docs/decisions.md); the container that made the change forgets at once.
 */
const DIRECTORY_TTL_MS = 60_000;
const directoryCache = new Map<string, { tenantId: string | null; at: number }>();

const lookupDirectory = async (key: { PK: string; SK: string }): Promise<string | null> => {
  const cached = directoryCache.get(key.PK);
  if (cached && Date.now() - cached.at < DIRECTORY_TTL_MS) return cached.tenantId;
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: key }));
  const tenantId = typeof Item?.tenantId === 'string' ? Item.tenantId : null;
  directoryCache.set(key.PK, { tenantId, at: Date.now() });
  return tenantId;
};

export const tenantIdByPrefix = (prefix: string) => lookupDirectory(keys.prefixDirectory(prefix));
export const tenantIdByHost = (host: string) => lookupDirectory(keys.hostDirectory(host));

/** Tenant records are read on most public requests; they are cached as briefly as the directory. */
const tenantCache = new Map<string, { tenant: TenantRecord; at: number }>();

export const getTenant = async (tenantId: string): Promise<TenantRecord> => {
  const cached = tenantCache.get(tenantId);
  if (cached && Date.now() - cached.at < DIRECTORY_TTL_MS) return cached.tenant;
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.tenant(tenantId) }));
  if (!Item) throw new DomainError('TenantNotExist');
  const tenant = stripKeys<TenantRecord>(Item);
  tenantCache.set(tenantId, { tenant, at: Date.now() });
  return tenant;
};

/** Reads the tenant record without the cache (configuration screens, and the source of branding). */
export const readTenant = async (tenantId: string): Promise<TenantRecord> => {
  tenantCache.delete(tenantId);
  return getTenant(tenantId);
};

export interface SectionUpdate {
  /** Attributes of the tenant item to set. */
  set: Partial<Omit<TenantRecord, 'tenantId' | 'revisions'>>;
  /** Attributes to remove (e.g. the logo). */
  remove?: (keyof TenantRecord)[];
  /** What the audit event records (before and after). */
  audit: { action: EventName; data: Record<string, unknown> };
  /** Writes that ride along (directory items), each with what its failed condition means. */
  extra?: Step[];
}

/**
 * Changes one configuration section of the tenant item if, and only if, the caller saw its current
 * revision: the change, any directory items that go with it and the audit event are one transaction.
 * Returns the section's new revision.
 */
export const updateTenantSection = async (
  tenantId: string,
  section: ConfigSection,
  seenRevision: string,
  update: SectionUpdate,
  actor: Actor,
): Promise<string> => {
  const revision = newId();
  const names: Record<string, string> = { '#revisions': 'revisions', '#section': section };
  const values: Record<string, unknown> = {
    ':seen': seenRevision,
    ':rev': revision,
    ':at': actor.at,
    ':by': actor.userId,
  };
  const sets = ['#revisions.#section = :rev', 'updatedAt = :at', 'updatedBy = :by'];
  Object.entries(update.set).forEach(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    sets.push(`#f${i} = :v${i}`);
  });
  const removes = (update.remove ?? []).map((field, i) => {
    names[`#r${i}`] = field;
    return `#r${i}`;
  });
  const table = tableName();
  const key = keys.tenant(tenantId);
  try {
    // The tenant item first: when its revision is stale, that is the answer (a stale form must be
    // reloaded before anything else matters), whatever else failed.
    await commit(actor, {
      steps: [
        {
          item: {
            Update: {
              TableName: table,
              Key: key,
              UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
              ConditionExpression: 'attribute_exists(PK) AND #revisions.#section = :seen',
              ExpressionAttributeNames: names,
              ExpressionAttributeValues: values,
            },
          },
        },
        ...(update.extra ?? []),
      ],
      events: [eventOf(update.audit.action, tenantId, { ...update.audit.data, revision })],
      result: undefined,
    });
  } finally {
    tenantCache.delete(tenantId);
  }
  return revision;
};

/** Forgets cached directory answers for these keys (after this container changed them). */
export const forgetDirectory = (...directoryKeys: { PK: string }[]) => {
  for (const k of directoryKeys) directoryCache.delete(k.PK);
};

const getSettings = async <T>(key: { PK: string; SK: string }): Promise<SettingsDoc<T>> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: key }));
  if (!Item) throw new DomainError('TenantNotExist');
  return { settings: Item.settings as T, version: Item.version as number };
};

export const getLpSettings = (tenantId: string) => getSettings<LpSettings>(keys.lpSettings(tenantId));
export const getGpSettings = (tenantId: string) => getSettings<GpSettings>(keys.gpSettings(tenantId));

/** Replaces a settings document if, and only if, the caller saw the current version; audited. */
const putSettings = async <T>(
  key: { PK: string; SK: string },
  doc: SettingsDoc<T>,
  actor: Actor,
  action: 'LP_SETTINGS_UPDATED' | 'GP_SETTINGS_UPDATED',
): Promise<SettingsDoc<T>> => {
  const next = { settings: doc.settings, version: doc.version + 1 };
  await commit(actor, {
    steps: [
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: { ...key, ...next, updatedAt: actor.at, updatedBy: actor.userId },
            ConditionExpression: 'attribute_exists(PK) AND version = :seen',
            ExpressionAttributeValues: { ':seen': doc.version },
          },
        },
      },
    ],
    events: [event(action, actor.tenantId, { from: doc.version, to: next.version, settings: doc.settings })],
    result: undefined,
  });
  return next;
};

export const putLpSettings = (tenantId: string, doc: SettingsDoc<LpSettings>, actor: Actor) =>
  putSettings(keys.lpSettings(tenantId), doc, actor, 'LP_SETTINGS_UPDATED');
export const putGpSettings = (tenantId: string, doc: SettingsDoc<GpSettings>, actor: Actor) =>
  putSettings(keys.gpSettings(tenantId), doc, actor, 'GP_SETTINGS_UPDATED');
