import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Lang } from '@tranche/shared/i18n/langs';
import type { Currency } from '@tranche/shared/money';
import type { Feature, GpSettings, LpSettings, TenantInfo } from '@tranche/shared/tenant/tenant.schema';
import { type Actor, auditEventPut } from '#lib/audit';
import { db, isConditionFailure, tableName } from '#lib/db/client';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';

export interface TenantRecord extends TenantInfo {
  features: Record<Feature, boolean>;
  languages: Lang[];
  currencies: Currency[];
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
 * keeps them for a minute.
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

/** Reads the tenant record without the cache (the tenant-info route: the source of branding). */
export const readTenant = async (tenantId: string): Promise<TenantRecord> => {
  tenantCache.delete(tenantId);
  return getTenant(tenantId);
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
  action: string,
): Promise<SettingsDoc<T>> => {
  const next = { settings: doc.settings, version: doc.version + 1 };
  const table = tableName();
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table,
              Item: { ...key, ...next, updatedAt: actor.at, updatedBy: actor.userId },
              ConditionExpression: 'attribute_exists(PK) AND version = :seen',
              ExpressionAttributeValues: { ':seen': doc.version },
            },
          },
          auditEventPut(table, key.PK, actor, action, { from: doc.version, to: next.version, settings: doc.settings }),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new DomainError('VERSION_CONFLICT');
    throw error;
  }
  return next;
};

export const putLpSettings = (tenantId: string, doc: SettingsDoc<LpSettings>, actor: Actor) =>
  putSettings(keys.lpSettings(tenantId), doc, actor, 'LP_SETTINGS_UPDATED');
export const putGpSettings = (tenantId: string, doc: SettingsDoc<GpSettings>, actor: Actor) =>
  putSettings(keys.gpSettings(tenantId), doc, actor, 'GP_SETTINGS_UPDATED');
