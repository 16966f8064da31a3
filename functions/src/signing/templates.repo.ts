import type { SigningTemplate } from '@tranche/shared/signing/signing.schema';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';

/** A kept signing template as stored (keys.ts pattern 52), without its keys. */
export const toTemplate = (item: Record<string, unknown>): SigningTemplate => {
  const { PK: _pk, SK: _sk, type: _type, ...rest } = item;
  return rest as unknown as SigningTemplate;
};

/** One of this tenant's templates; another tenant's or a deleted one is 404 signingTemplateNotFound. */
export const readTemplate = async (tenantId: string, templateId: string): Promise<SigningTemplate> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.signingTemplate(tenantId, templateId), ConsistentRead: true }),
  );
  if (!Item) throw new DomainError('signingTemplateNotFound', { field: 'templateId' });
  return toTemplate(Item);
};
