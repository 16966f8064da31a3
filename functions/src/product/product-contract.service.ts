import type { Role } from '@tranche/shared/auth/roles';
import type { LocalizedText } from '@tranche/shared/common.schema';
import type { Actor } from '#lib/audit';
import { tableName } from '#lib/db/client';
import type { Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import {
  type ContractItem,
  commitProductChange,
  getContractItem,
  getDocumentItem,
  missingReference,
  productForEditing,
  productForReading,
  productStateUnchanged,
  toContract,
} from './documents.repo.js';
import { changesOf } from './product.items.js';

/**
 * The terms an investor accepts when subscribing, and the agreement they sign. A product has at
 * most one contract; until a GP sets it there is none (FILE_NOT_EXIST, docs/decisions.md). The
 * agreement must be a READY LEGAL document of the same product, and stays one: deleting it or
 * changing its kind is refused while the contract names it (documentInUse).
 */

export const getContract = async (tenantId: string, role: Role, productId: string) => {
  const product = await productForReading(tenantId, productId, role);
  const contract = await getContractItem(product);
  if (!contract) throw new DomainError('FILE_NOT_EXIST', { reason: 'NO_CONTRACT' });
  return toContract(contract);
};

export const putContract = async (
  actor: Actor,
  role: Role,
  productId: string,
  input: {
    terms: LocalizedText;
    agreementDocumentId?: string | undefined;
    requiresSignature: boolean;
    version: number;
  },
) => {
  const product = await productForEditing(actor.tenantId, productId, role);
  const current = await getContractItem(product);
  if ((current?.version ?? 0) !== input.version) throw new DomainError('VERSION_CONFLICT');
  const agreementId = input.agreementDocumentId;
  const notAnAgreement = () => missingReference('body.agreementDocumentId', 'READY LEGAL document');
  let agreementTitle: LocalizedText | undefined;
  if (agreementId) {
    const doc = await getDocumentItem(product, agreementId);
    if (doc?.state !== 'READY' || doc.kind !== 'LEGAL') throw notAnAgreement();
    agreementTitle = doc.title;
  }
  const next: ContractItem = {
    productId,
    terms: input.terms,
    ...(agreementId ? { agreementDocumentId: agreementId } : {}),
    requiresSignature: input.requiresSignature,
    version: input.version + 1,
    updatedAt: actor.at,
  };
  const steps: Step[] = [
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.productContract(actor.tenantId, productId),
            type: 'PRODUCT_CONTRACT',
            tenantId: actor.tenantId,
            ...next,
            updatedBy: actor.userId,
          },
          ...(current
            ? {
                ConditionExpression: '#version = :seen',
                ExpressionAttributeNames: { '#version': 'version' },
                ExpressionAttributeValues: { ':seen': current.version },
              }
            : { ConditionExpression: 'attribute_not_exists(PK)' }),
        },
      },
      refusal: 'VERSION_CONFLICT',
    },
  ];
  if (agreementId) {
    // Still READY and LEGAL at the moment of writing (a concurrent delete or re-kind loses).
    steps.push({
      item: {
        ConditionCheck: {
          TableName: tableName(),
          Key: keys.productDocument(actor.tenantId, productId, agreementId),
          ConditionExpression: '#state = :ready AND #kind = :legal',
          ExpressionAttributeNames: { '#state': 'state', '#kind': 'kind' },
          ExpressionAttributeValues: { ':ready': 'READY', ':legal': 'LEGAL' },
        },
      },
      refusal: notAnAgreement,
    });
  }
  steps.push(productStateUnchanged(product));
  await commitProductChange(product, actor, steps, current ? 'PRODUCT_CONTRACT_UPDATED' : 'PRODUCT_CONTRACT_CREATED', {
    ...(current
      ? { changes: changesOf(current, next, ['terms', 'agreementDocumentId', 'requiresSignature']) }
      : { terms: next.terms, agreementDocumentId: agreementId ?? null, requiresSignature: next.requiresSignature }),
    // The agreement's title as it is now, so the history names it rather than its id.
    ...(agreementTitle ? { agreementTitle } : {}),
  });
  return toContract(next);
};
