import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import type { Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';

/**
 * A subscription's e-signature projects (issue 13, keys.ts pattern 48; docs/subscriptions.md "Signing
 * and countersigning"): the investor side's agreement, made when the journey reaches its sign node,
 * and the manager's countersignature, made when an admin countersigns. The record ties the project
 * to the journey's run and node, and each signer to the party they sign for, so the project's
 * completion can complete the node naming every signer.
 */
export type SigningPurpose = 'AGREEMENT' | 'COUNTERSIGN';

export type SigningParty = 'INVESTOR' | 'JOINT_HOLDER' | 'SIGNATORY' | 'GP';

export interface SubscriptionSigner {
  signerId: string;
  party: SigningParty;
  /** The co-holder's or signatory's person id in the profile (parties other than the investor and the GP). */
  personId?: string;
  userId?: string;
  name: string;
}

export type SubscriptionSigningState = 'SENT' | 'COMPLETED' | 'DECLINED' | 'VOIDED' | 'EXPIRED';

export interface SubscriptionSigningRecord {
  subscriptionId: string;
  purpose: SigningPurpose;
  projectId: string;
  /** The source PDF made for it (the agreement with its signature page). */
  fileId: string;
  /** The journey's run and sign node (AGREEMENT). */
  journeyId?: string;
  nodeId?: string;
  signers: SubscriptionSigner[];
  state: SubscriptionSigningState;
  /** Why a project ended unsigned (declined with a reason, voided, expired). */
  reason?: string;
  /** Every document of the project sealed (SIGNING_PROJECT_SEALED): the download is ready. */
  sealed?: boolean;
  /** COUNTERSIGN: the admin who countersigns, and their role (the lifecycle's actor once it completes). */
  requestedBy?: string;
  requestedRole?: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export const readSubscriptionSigning = async (
  tenantId: string,
  subscriptionId: string,
  purpose: SigningPurpose,
): Promise<SubscriptionSigningRecord | undefined> => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.subscriptionSigning(tenantId, subscriptionId, purpose),
      ConsistentRead: true,
    }),
  );
  if (!Item) return undefined;
  const { PK: _pk, SK: _sk, type: _t, ...rest } = Item;
  return rest as unknown as SubscriptionSigningRecord;
};

/** Writes the record on the version read (`seen`; undefined = must not exist yet). */
export const putSubscriptionSigning = (
  tenantId: string,
  record: SubscriptionSigningRecord,
  seen: number | undefined,
): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.subscriptionSigning(tenantId, record.subscriptionId, record.purpose),
        type: 'SUBSCRIPTION_SIGNING',
        ...record,
      },
      ...(seen === undefined
        ? { ConditionExpression: 'attribute_not_exists(PK)' }
        : {
            ConditionExpression: '#version = :seen',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':seen': seen },
          }),
    },
  },
  refusal: 'VERSION_CONFLICT',
});
