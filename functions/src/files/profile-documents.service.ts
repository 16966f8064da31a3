import { isGp, type Role } from '@tranche/shared/auth/roles';
import type { AddProfileDocument, ProfileDocument } from '@tranche/shared/files/files.schema';
import type { Actor } from '#lib/audit';
import { deleteObjects, presignDownload } from '#lib/aws/s3';
import { db, tableName } from '#lib/db/client';
import { GetCommand, QueryCommand } from '#lib/db/commands';
import { commit, event } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { logger } from '#lib/logger';
import { attachFileStep, cleanOwnFile } from './attach.js';
import { getFileItem } from './files.service.js';

/**
 * Profile documents (docs/profiles.md "Documents"): a CLEAN file of the investor's, attached to one
 * of their profiles as a document of a requirement kind (keys.profileDocument, pattern 33). The
 * profile's #META item is the profiles-core part's; this reads its `ownerUserId` and `state`.
 *
 * Answers follow the spec's add-document results: SUCCESS ('Success'), PROFILE_ID_NOT_EXIST for a
 * profile that is not the caller's (another investor's or tenant's: 404, as if it did not exist),
 * FILE_NOT_EXIST for a file that is not theirs, FAIL ('Add document failed') for one of theirs that
 * cannot be attached (refused by the checks, or already attached), and fileNotScanned (409) while
 * it is still being checked.
 */

/** While the manager reviews what was submitted, its documents stay as they are (profile-lifecycle.ts). */
const UNDER_REVIEW = ['SUBMITTED', 'SALES_SUPPORT'] as const;

interface ProfileMeta {
  ownerUserId?: string;
  state?: string;
}

export interface ProfileDocumentItem extends ProfileDocument {
  objectKey: string;
}

const toDocument = ({ objectKey: _key, ...doc }: ProfileDocumentItem): ProfileDocument => doc;

const profileMeta = async (tenantId: string, profileId: string): Promise<ProfileMeta | undefined> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.profile(tenantId, profileId), ConsistentRead: true }),
  );
  return Item && Item.state !== 'DELETED' ? (Item as ProfileMeta) : undefined;
};

/** The profile, if the caller may see it: its owner, or (`gpMayRead`) any GP user of the tenant. */
const profileFor = async (actor: Actor, role: Role, profileId: string, gpMayRead = false): Promise<ProfileMeta> => {
  const profile = await profileMeta(actor.tenantId, profileId);
  const allowed = profile && (profile.ownerUserId === actor.userId || (gpMayRead && isGp(role)));
  if (!allowed) throw new DomainError('PROFILE_ID_NOT_EXIST');
  return profile;
};

/** The profile still exists (not deleted), checked in the change's transaction. */
const profileExists = (tenantId: string, profileId: string, extra = '', values: Record<string, unknown> = {}) => ({
  item: {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.profile(tenantId, profileId),
      ConditionExpression: `attribute_exists(PK) AND (attribute_not_exists(#state) OR (#state <> :deleted${extra}))`,
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':deleted': 'DELETED', ...values },
    },
  },
});

export const addDocument = async (
  actor: Actor,
  role: Role,
  profileId: string,
  input: AddProfileDocument,
): Promise<{ result: 'SUCCESS'; message: 'Success'; document: ProfileDocument }> => {
  await profileFor(actor, role, profileId);
  const file = cleanOwnFile(await getFileItem(actor.tenantId, input.fileName), actor, 'body.fileName');
  const documentId = newId();
  const doc: ProfileDocumentItem = {
    documentId,
    profileId,
    fileName: file.fileName,
    kind: input.kind,
    ...(input.kind === 'PROOF_OF_IDENTITY' ? { category: input.category ?? 'IDENTITY' } : {}),
    ...(input.idDocumentType ? { idDocumentType: input.idDocumentType } : {}),
    ...(input.memberId ? { memberId: input.memberId } : {}),
    originalName: file.originalName,
    contentType: file.contentType,
    size: file.size,
    addedAt: actor.at,
    addedBy: actor.userId,
    objectKey: file.objectKey,
  };
  await commit(actor, {
    steps: [
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: { ...keys.profileDocument(actor.tenantId, profileId, documentId), type: 'PROFILE_DOCUMENT', ...doc },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
      attachFileStep(actor, file.fileName, { profileId, documentId }),
      { ...profileExists(actor.tenantId, profileId), refusal: 'PROFILE_ID_NOT_EXIST' },
      // A document about one person of the entity (a director's passport) names a member of this
      // profile: another profile's or investor's member is 404, checked in the same transaction.
      ...(input.memberId
        ? [
            {
              item: {
                ConditionCheck: {
                  TableName: tableName(),
                  Key: { PK: keys.profilePk(actor.tenantId, profileId), SK: `MEMBER#${input.memberId}` },
                  ConditionExpression: 'attribute_exists(PK)',
                },
              },
              refusal: 'profileMemberNotExist' as const,
            },
          ]
        : []),
    ],
    events: [
      event('PROFILE_DOCUMENT_ADDED', profileId, {
        profileId,
        documentId,
        kind: input.kind,
        fileName: file.fileName,
        ...(input.memberId ? { memberId: input.memberId } : {}),
      }),
    ],
    result: undefined,
  });
  return { result: 'SUCCESS', message: 'Success', document: toDocument(doc) };
};

const listItems = async (tenantId: string, profileId: string): Promise<ProfileDocumentItem[]> => {
  const items: ProfileDocumentItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :doc)',
        ExpressionAttributeValues: { ':pk': keys.profilePk(tenantId, profileId), ':doc': keys.profileDocumentPrefix },
        ExclusiveStartKey: start,
        ScanIndexForward: false,
        ConsistentRead: true,
      }),
    );
    items.push(...((page.Items ?? []) as ProfileDocumentItem[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
};

/** The profile's documents, newest first (document ids are ULIDs). */
export const listDocuments = async (actor: Actor, role: Role, profileId: string) => {
  await profileFor(actor, role, profileId, true);
  return { items: (await listItems(actor.tenantId, profileId)).map(toDocument) };
};

/** The GP's view (/v2/tenant/{tenantId}/profiles/documents): another tenant's id is 404. */
export const listTenantDocuments = async (actor: Actor, role: Role, tenantId: string, profileId: string) => {
  if (tenantId !== actor.tenantId) throw new DomainError('TenantNotExist');
  return listDocuments(actor, role, profileId);
};

const documentOr404 = async (tenantId: string, profileId: string, documentId: string) => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.profileDocument(tenantId, profileId, documentId),
      ConsistentRead: true,
    }),
  );
  if (!Item) throw new DomainError('FILE_NOT_EXIST');
  return Item as ProfileDocumentItem;
};

/** One document with a 5-minute download link; the link handed out is audited in the profile's trail. */
export const documentWithLink = async (actor: Actor, role: Role, profileId: string, documentId: string) => {
  await profileFor(actor, role, profileId, true);
  const doc = await documentOr404(actor.tenantId, profileId, documentId);
  // Only CLEAN files are ever attached, and the link points at the kept copy, never at `uploads/`.
  const download = await presignDownload(doc.objectKey, { fileName: doc.originalName, contentType: doc.contentType });
  await commit(actor, {
    steps: [],
    events: [event('PROFILE_DOCUMENT_VIEWED', profileId, { profileId, documentId, kind: doc.kind, viewerRole: role })],
    result: undefined,
  });
  return { document: toDocument(doc), download };
};

export const deleteDocument = async (actor: Actor, role: Role, profileId: string, documentId: string) => {
  const profile = await profileFor(actor, role, profileId);
  if ((UNDER_REVIEW as readonly string[]).includes(profile.state ?? '')) throw new DomainError('profileUnderReview');
  const doc = await documentOr404(actor.tenantId, profileId, documentId);
  await commit(actor, {
    steps: [
      {
        item: {
          Delete: {
            TableName: tableName(),
            Key: keys.profileDocument(actor.tenantId, profileId, documentId),
            ConditionExpression: 'attribute_exists(PK)',
          },
        },
        refusal: 'FILE_NOT_EXIST',
      },
      {
        item: {
          Delete: { TableName: tableName(), Key: keys.file(actor.tenantId, doc.fileName) },
        },
      },
      {
        // A submit in between makes the profile under review: the document stays.
        ...profileExists(actor.tenantId, profileId, ' AND NOT #state IN (:submitted, :sales)', {
          ':submitted': UNDER_REVIEW[0],
          ':sales': UNDER_REVIEW[1],
        }),
        refusal: 'profileUnderReview',
      },
    ],
    events: [
      event('PROFILE_DOCUMENT_REMOVED', profileId, { profileId, documentId, kind: doc.kind, fileName: doc.fileName }),
    ],
    result: undefined,
  });
  // The record is gone first; a file left behind is unreachable (no record names it) and logged.
  await deleteObjects([doc.objectKey]).catch((error: unknown) =>
    logger.error('could not delete a profile document file', { error: error as Error, key: doc.objectKey }),
  );
  return { ok: true as const };
};
