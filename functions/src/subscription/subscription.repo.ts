import type {
  AccountInviteStatus,
  InvestmentPermission,
  ProductOpenness,
  ProductState,
  SubscriptionType,
} from '@tranche/shared/enums';
import type { Amount, Currency } from '@tranche/shared/money';
import type { ProfileType } from '@tranche/shared/profile/profile-enums';
import type { ReservationPlan } from '@tranche/shared/subscription/request';
import type { SubscriptionStatus } from '@tranche/shared/subscription/statuses';
import type {
  MandatoryDoc,
  PackageGap,
  SignerRole,
  SubscriptionDocument,
  SubscriptionListQuery,
  SubscriptionPage,
  SubscriptionSummary,
} from '@tranche/shared/subscription/subscription.schema';
import { db, tableName } from '#lib/db/client';
import { GetCommand, QueryCommand } from '#lib/db/commands';
import type { Step } from '#lib/db/commit';
import { decodeCursor, encodeCursor } from '#lib/db/cursor';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { DomainError } from '#lib/errors';

/**
 * Storage of subscriptions (keys.ts patterns 39-39d): the record and its documents in one partition
 * with its audit trail, the tenant's queue (GSI2) and the investor's list (GSI1) as index attributes
 * of #META, and per fund the reservation capacity, the queue of waiting requests and the last plan.
 * Reads answer records; writes are steps the service commits (`#lib/db/commit`).
 */

export interface SubscriptionRecord {
  subscriptionId: string;
  productId: string;
  shareClassId?: string;
  type: SubscriptionType;
  status: SubscriptionStatus;
  version: number;
  investorUserId: string;
  investorName: string;
  profileId?: string;
  /** The profile's type when the subscription was made (the scenario picks its flow by it). */
  profileType?: ProfileType;
  amount?: Amount;
  currency: Currency;
  fund: string;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  submittedAt?: string;
  decidedAt?: string;
  reason?: string;
  /** The manager's open request; `docKeys` names mandatory documents of the tenant's list. */
  requestedDocuments?: { note: string; at: string; docKeys?: string[] };
  signatures: { signerId: string; role: SignerRole; signedAt: string }[];
  scenario?: { missing: PackageGap[] };
  /** Whether its amount counts in the fund's capacity item (#CAPACITY `taken`). */
  holdsCapacity: boolean;
  /** RESERVE requests in REVIEW: the queue item's requestedAt (its SK), so the item can be removed. */
  queuedAt?: string;
  /** When it lapses if still in this status (shared/src/subscription/expiry.ts; the job subscriptionExpiry). */
  expiresAt?: string;
  /** The deadline the expiry job last reminded the investor of (expiry-job.ts; one reminder each). */
  expiryRemindedFor?: string;
}

export interface DocumentRecord extends SubscriptionDocument {
  subscriptionId: string;
}

const RECORD_FIELDS = [
  'subscriptionId',
  'productId',
  'shareClassId',
  'type',
  'status',
  'version',
  'investorUserId',
  'investorName',
  'profileId',
  'profileType',
  'amount',
  'currency',
  'fund',
  'createdAt',
  'createdBy',
  'updatedAt',
  'submittedAt',
  'decidedAt',
  'reason',
  'requestedDocuments',
  'signatures',
  'scenario',
  'holdsCapacity',
  'queuedAt',
  'expiresAt',
  'expiryRemindedFor',
] as const satisfies readonly (keyof SubscriptionRecord)[];

export const recordOf = (item: Record<string, unknown>): SubscriptionRecord => {
  const out: Record<string, unknown> = {};
  for (const f of RECORD_FIELDS) if (item[f] !== undefined) out[f] = item[f];
  out.signatures ??= [];
  out.holdsCapacity ??= false;
  return out as unknown as SubscriptionRecord;
};

export const subscriptionItem = (tenantId: string, r: SubscriptionRecord) => ({
  ...keys.subscription(tenantId, r.subscriptionId),
  ...keys.tenantSubscriptionIndex(tenantId, r.createdAt, r.subscriptionId),
  ...keys.investorSubscriptionIndex(tenantId, r.investorUserId, r.createdAt, r.subscriptionId),
  type: 'SUBSCRIPTION',
  subscriptionType: r.type,
  ...Object.fromEntries(Object.entries(r).filter(([k, v]) => k !== 'type' && v !== undefined)),
});

/** The stored item keeps the record's `type` as `subscriptionType` (`type` names the item kind). */
const fromItem = (item: Record<string, unknown>): SubscriptionRecord =>
  recordOf({ ...item, type: item.subscriptionType });

/**
 * Writes the record if it is still at the version read (new: if it does not exist). `callerRead`: the
 * version is the one a person read, so losing the race is their 409; otherwise (the platform's own
 * moves) the commit decides again from fresh reads.
 */
export const putSubscription = (
  tenantId: string,
  next: SubscriptionRecord,
  seenVersion?: number,
  callerRead = true,
): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: subscriptionItem(tenantId, next),
      ...(seenVersion === undefined
        ? { ConditionExpression: 'attribute_not_exists(PK)' }
        : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': seenVersion } }),
    },
  },
  // A racing change (a second approval, a double click) lost: the caller read an older version.
  ...(seenVersion === undefined || !callerRead ? {} : { refusal: 'VERSION_CONFLICT' as const }),
});

export const getSubscriptionItem = async (tenantId: string, subscriptionId: string) => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.subscription(tenantId, subscriptionId), ConsistentRead: true }),
  );
  return Item;
};

/** The record (for other issues: money re-reads a countersigned subscription here), or undefined. */
export const getSubscriptionRecord = async (
  tenantId: string,
  subscriptionId: string,
): Promise<SubscriptionRecord | undefined> => {
  const item = await getSubscriptionItem(tenantId, subscriptionId);
  return item ? fromItem(item) : undefined;
};

/** Record, documents and audit trail: one Query of the partition. */
export const readSubscriptionPartition = async (tenantId: string, subscriptionId: string) => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.subscriptionPk(tenantId, subscriptionId) },
    ConsistentRead: true,
  });
  const meta = items.find((i) => i.SK === '#META');
  if (!meta) return undefined;
  return {
    record: fromItem(meta),
    documents: items
      .filter((i) => String(i.SK).startsWith(keys.subscriptionDocumentPrefix))
      .map((i) => i as unknown as DocumentRecord),
    events: items.filter((i) => String(i.SK).startsWith(keys.auditEventPrefix)),
  };
};

export const documentItem = (tenantId: string, d: DocumentRecord) => ({
  ...keys.subscriptionDocument(tenantId, d.subscriptionId, d.documentId),
  type: 'SUBSCRIPTION_DOCUMENT',
  ...d,
});

export const toSummary = (r: SubscriptionRecord, waitlistPosition?: number): SubscriptionSummary => ({
  subscriptionId: r.subscriptionId,
  productId: r.productId,
  type: r.type,
  status: r.status,
  ...(r.amount !== undefined ? { amount: r.amount } : {}),
  currency: r.currency,
  fund: r.fund,
  investorUserId: r.investorUserId,
  investorName: r.investorName,
  ...(r.profileId ? { profileId: r.profileId } : {}),
  ...(r.shareClassId ? { shareClassId: r.shareClassId } : {}),
  version: r.version,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  ...(waitlistPosition ? { waitlistPosition } : {}),
});

// ---- Lists

const CURSOR_KEYS = {
  GSI1: ['PK', 'SK', 'GSI1PK', 'GSI1SK'],
  GSI2: ['PK', 'SK', 'GSI2PK', 'GSI2SK'],
} as const;

/**
 * One page, newest first: the investor's own (pattern 39b) or the tenant's (39a). Filters are filter
 * expressions, so a page is read until it holds `limit` matches or the index ends; the cursor is
 * sealed and only opens inside the same index partition.
 */
export const listSubscriptions = async (
  tenantId: string,
  scope: { investorUserId: string } | 'TENANT',
  query: SubscriptionListQuery,
): Promise<SubscriptionRecord[] & { nextCursor?: string }> => {
  const index = scope === 'TENANT' ? 'GSI2' : 'GSI1';
  const pk =
    scope === 'TENANT'
      ? keys.tenantSubscriptionsPk(tenantId)
      : keys.investorSubscriptionsPk(tenantId, scope.investorUserId);
  const limit = query.limit ?? 20;
  const filters: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':pk': pk };
  if (query.status) {
    filters.push('#status = :status');
    names['#status'] = 'status';
    values[':status'] = query.status;
  }
  if (query.productId) {
    filters.push('productId = :productId');
    values[':productId'] = query.productId;
  }
  if (query.type) {
    filters.push('subscriptionType = :type');
    values[':type'] = query.type;
  }
  let start = await decodeCursor(query.cursor, `${index}PK`, pk, CURSOR_KEYS[index]);
  const found: SubscriptionRecord[] = [];
  let last: Record<string, unknown> | undefined;
  do {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index,
        KeyConditionExpression: `${index}PK = :pk`,
        ExpressionAttributeValues: values,
        ...(filters.length > 0 ? { FilterExpression: filters.join(' AND ') } : {}),
        ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
        ScanIndexForward: false,
        Limit: limit - found.length,
        ExclusiveStartKey: start,
      }),
    );
    found.push(...(out.Items ?? []).map(fromItem));
    last = out.LastEvaluatedKey;
    start = last as Record<string, string> | undefined;
  } while (found.length < limit && last);
  const nextCursor = await encodeCursor(
    last ? Object.fromEntries(CURSOR_KEYS[index].map((k) => [k, last?.[k]])) : undefined,
  );
  return Object.assign(found, nextCursor ? { nextCursor } : {});
};

/** Every subscription of an investor, newest first (prefill, the CRM view). */
export const allOfInvestor = async (tenantId: string, userId: string): Promise<SubscriptionRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.investorSubscriptionsPk(tenantId, userId) },
      ScanIndexForward: false,
    })
  ).map(fromItem);

export const toPage = (
  records: SubscriptionRecord[] & { nextCursor?: string },
  positions: Map<string, number>,
): SubscriptionPage => ({
  items: records.map((r) => toSummary(r, positions.get(r.subscriptionId))),
  ...(records.nextCursor ? { nextCursor: records.nextCursor } : {}),
});

// ---- A fund's reservation capacity, queue and plan (pattern 39c)

export interface CapacityRecord {
  /** What allocated and countersigned subscriptions hold of the target size (decimal string). */
  taken: Amount;
  version: number;
}

export const readCapacity = async (tenantId: string, productId: string): Promise<CapacityRecord | undefined> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.fundCapacity(tenantId, productId), ConsistentRead: true }),
  );
  return Item ? { taken: Item.taken as Amount, version: Item.version as number } : undefined;
};

/** Sets `taken`, if the capacity item is still the one read (absent: not yet written). */
export const putCapacity = (tenantId: string, productId: string, taken: Amount, seen?: CapacityRecord): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.fundCapacity(tenantId, productId),
        type: 'FUND_CAPACITY',
        productId,
        taken,
        version: (seen?.version ?? 0) + 1,
      },
      ...(seen
        ? { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': seen.version } }
        : { ConditionExpression: 'attribute_not_exists(PK)' }),
    },
  },
});

export interface QueuedRequest {
  subscriptionId: string;
  amount: Amount;
  requestedAt: string;
}

export const readQueue = async (tenantId: string, productId: string): Promise<QueuedRequest[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :q)',
      ExpressionAttributeValues: {
        ':pk': keys.fundSubscriptionsPk(tenantId, productId),
        ':q': keys.reservationRequestPrefix,
      },
      ConsistentRead: true,
    })
  ).map((i) => ({
    subscriptionId: i.subscriptionId as string,
    amount: i.amount as Amount,
    requestedAt: i.requestedAt as string,
  }));

export const putQueued = (tenantId: string, productId: string, q: QueuedRequest): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.reservationRequest(tenantId, productId, q.requestedAt, q.subscriptionId),
        type: 'RESERVATION_REQUEST',
        ...q,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  },
});

export const deleteQueued = (
  tenantId: string,
  productId: string,
  requestedAt: string,
  subscriptionId: string,
): Step => ({
  item: {
    Delete: { TableName: tableName(), Key: keys.reservationRequest(tenantId, productId, requestedAt, subscriptionId) },
  },
});

export const readPlan = async (tenantId: string, productId: string): Promise<ReservationPlan | undefined> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.fundReservationPlan(tenantId, productId) }),
  );
  return Item ? (Item.plan as ReservationPlan) : undefined;
};

export const waitlistPositions = (plan: ReservationPlan | undefined): Map<string, number> =>
  new Map((plan?.waitlist ?? []).map((w) => [w.subscriptionId, w.position]));

// ---- The tenant's mandatory documents (pattern 39d)

export const readMandatoryDocs = async (tenantId: string): Promise<{ docs: MandatoryDoc[]; version: number }> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.mandatoryDocs(tenantId), ConsistentRead: true }),
  );
  return {
    docs: (Item?.docs as MandatoryDoc[] | undefined) ?? [],
    version: (Item?.version as number | undefined) ?? 0,
  };
};

// ---- Uploaded files (pattern 36, the files part's): only what attaching one needs

export interface UploadedFileFacts {
  fileName: string;
  ownerUserId: string;
  status: string;
  reason?: string;
}

/** The file item as the files part stores it (read here, so the handlers do not carry the S3 client). */
export const getUploadedFile = async (tenantId: string, fileName: string): Promise<UploadedFileFacts | undefined> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.file(tenantId, fileName), ConsistentRead: true }),
  );
  return Item as UploadedFileFacts | undefined;
};

// ---- The fund's facts a subscription is decided on (pattern 3, the product part's items)

export interface FundFacts {
  productId: string;
  state: ProductState;
  openness: ProductOpenness;
  investmentPermission: InvestmentPermission;
  name: { en: string };
  currency: Currency;
  minInvestment: Amount;
  maxInvestment?: Amount;
  targetSize: Amount;
  classes: { shareClassId: string; currency: Currency; minInvestment: Amount; maxInvestment?: Amount }[];
}

/**
 * The product and its share classes as stored, or productIsNotExist (read by key here rather than
 * through the product repository, whose schemas and catalogue code no subscription handler needs).
 */
export const readFund = async (tenantId: string, productId: string, consistent = false): Promise<FundFacts> => {
  const [meta, classes] = await Promise.all([
    db.send(
      new GetCommand({ TableName: tableName(), Key: keys.product(tenantId, productId), ConsistentRead: consistent }),
    ),
    queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sc)',
      ExpressionAttributeValues: { ':pk': keys.productPk(tenantId, productId), ':sc': keys.shareClassPrefix },
      ConsistentRead: consistent,
    }),
  ]);
  if (!meta.Item) throw new DomainError('productIsNotExist');
  return {
    ...(meta.Item as unknown as Omit<FundFacts, 'classes'>),
    classes: classes.map((i) => i as unknown as FundFacts['classes'][number]),
  };
};

/** Published or closed: what investors may see (product-state.ts isCatalogueState). */
export const inCatalogue = (fund: Pick<FundFacts, 'state'>): boolean =>
  fund.state === 'PUBLISHED' || fund.state === 'CLOSED';

// ---- The investor side a subscription is decided on (patterns 5, 33, 35a, 38: the profile and KYC parts')

/** What of a profile the subscription rules read: type, state, who signs, when eligibility expires. */
export interface ProfileFacts {
  profileId: string;
  type: ProfileType;
  state: string;
  ownerUserId: string;
  /** JOINT: the co-holders' person ids. */
  coHolderIds: string[];
  /** ENTITY: the person ids of members with the authorised signatory role (EXTERNAL). */
  signatoryIds: string[];
  /** The eligibility index's expiry per classification (written by its consumer from the evidence). */
  eligibilityExpiries: string[];
}

/**
 * The profile's facts from one Query of its partition (the items before its audit trail, and the
 * ELIG# and MEMBER# items after it), or undefined when the tenant has no such profile or it was deleted.
 */
export const readProfileFacts = async (tenantId: string, profileId: string): Promise<ProfileFacts | undefined> => {
  // Two ranges around the audit trail (EVT#...), which sorts between DOC# and ELIG#: a filter cannot name the key.
  const pk = keys.profilePk(tenantId, profileId);
  const range = (condition: string, bound: string) =>
    queryAll({
      TableName: tableName(),
      KeyConditionExpression: `PK = :pk AND ${condition}`,
      ExpressionAttributeValues: { ':pk': pk, ':bound': bound },
      ConsistentRead: true,
    });
  const items = (await Promise.all([range('SK < :bound', 'EVT#'), range('SK > :bound', 'EVT$')])).flat();
  const meta = items.find((i) => i.SK === '#META');
  if (!meta || meta.state === 'DELETED') return undefined;
  const members = items.filter((i) => String(i.SK).startsWith('MEMBER#'));
  return {
    profileId,
    type: meta.profileType as ProfileType,
    state: String(meta.state),
    ownerUserId: String(meta.ownerUserId),
    coHolderIds: members.filter((m) => m.coHolder === true).map((m) => String(m.personId)),
    signatoryIds: members
      .filter((m) => ((m.terms as { roles?: string[] } | undefined)?.roles ?? []).includes('EXTERNAL'))
      .map((m) => String(m.personId)),
    eligibilityExpiries: items
      .filter((i) => String(i.SK).startsWith('ELIG#') && typeof i.expiresOn === 'string')
      .map((i) => String(i.expiresOn)),
  };
};

/** The status of the profile's newest KYC case (pattern 35a), and whether one is open now. */
export const readScreening = async (tenantId: string, profileId: string) => {
  const [latest, open] = await Promise.all([
    db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.kycCasesOfProfilePk(tenantId, profileId) },
        ScanIndexForward: false,
        Limit: 1,
      }),
    ),
    db.send(
      new GetCommand({ TableName: tableName(), Key: keys.kycOpenCase(tenantId, profileId), ConsistentRead: true }),
    ),
  ]);
  const status = latest.Items?.[0]?.status;
  return { latestKycStatus: typeof status === 'string' ? status : undefined, kycCaseOpen: open.Item !== undefined };
};

/** A user of the tenant: role and display name (pattern 5). */
export const readUserFacts = async (tenantId: string, userId: string) => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.user(tenantId, userId) }));
  return Item
    ? {
        userId: String(Item.userId),
        role: String(Item.role),
        displayName: String(Item.displayName ?? ''),
        email: String(Item.email ?? ''),
        // Written with every user item (user.repo.ts); the manager's investor page shows it.
        inviteStatus: Item.inviteStatus as AccountInviteStatus,
      }
    : undefined;
};
