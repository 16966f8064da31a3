import type {
  NodeValues,
  ScenarioGraph,
  ScenarioInvestorType,
  ScenarioSubscriptionType,
} from '@tranche/shared/scenario/scenario.schema';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import type { Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';

/**
 * Storage of scenario flows (keys.ts patterns 46-47a): scenarios, their versions and slots, and each
 * subscription's journey with its node results.
 */

/**
 * Whether the tenant has this fund (any state): a key read with nothing projected, so the scenario
 * routes need not carry the product module. Another tenant's id is simply absent.
 */
export const productExists = async (tenantId: string, productId: string): Promise<boolean> =>
  (
    await db.send(
      new GetCommand({ TableName: tableName(), Key: keys.product(tenantId, productId), ProjectionExpression: 'PK' }),
    )
  ).Item !== undefined;

/** The tenant's defaults sit in a slot of this pseudo-product (product ids are ULIDs, so no clash). */
export const DEFAULT_PRODUCT = 'DEFAULT';

export interface SlotRecord {
  scenarioId: string;
  productId: string;
  subscriptionType: ScenarioSubscriptionType;
  investorType: ScenarioInvestorType;
  /** The newest version number (draft or published). */
  latestVersion: number;
  draftVersion?: number;
  publishedVersion?: number;
  stateMachineArn?: string;
  updatedAt: string;
}

export interface VersionRecord {
  scenarioId: string;
  version: number;
  state: 'DRAFT' | 'PUBLISHED';
  graph: ScenarioGraph;
  savedAt: string;
  savedBy: string;
  publishedAt?: string;
  stateMachineArn?: string;
}

export interface ScenarioMeta {
  scenarioId: string;
  productId: string;
  subscriptionType: ScenarioSubscriptionType;
  investorType: ScenarioInvestorType;
}

const get = async (Key: Record<string, string>) =>
  (await db.send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }))).Item;

const strip = <T>(item: Record<string, unknown>): T => {
  const { PK: _pk, SK: _sk, type: _t, ...rest } = item;
  return rest as T;
};

export const readSlot = async (
  tenantId: string,
  productId: string,
  type: ScenarioSubscriptionType,
  investorType: ScenarioInvestorType,
): Promise<SlotRecord | undefined> => {
  const item = await get(keys.scenarioSlot(tenantId, productId, type, investorType));
  return item ? strip<SlotRecord>(item) : undefined;
};

export const listSlots = async (tenantId: string, productId: string): Promise<SlotRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :slot)',
      ExpressionAttributeValues: { ':pk': keys.scenarioSlotsPk(tenantId, productId), ':slot': 'SLOT#' },
      ConsistentRead: true,
    })
  ).map((i) => strip<SlotRecord>(i));

export const readMeta = async (tenantId: string, scenarioId: string): Promise<ScenarioMeta | undefined> => {
  const item = await get(keys.scenarioRecord(tenantId, scenarioId));
  return item ? strip<ScenarioMeta>(item) : undefined;
};

export const readVersion = async (
  tenantId: string,
  scenarioId: string,
  version: number,
): Promise<VersionRecord | undefined> => {
  const item = await get(keys.scenarioVersion(tenantId, scenarioId, version));
  return item ? strip<VersionRecord>(item) : undefined;
};

/** Published versions never change: a warm function keeps the graphs it has read. */
const publishedGraphs = new Map<string, ScenarioGraph>();
export const readPublishedGraph = async (
  tenantId: string,
  scenarioId: string,
  version: number,
): Promise<ScenarioGraph> => {
  const key = `${tenantId}/${scenarioId}/${version}`;
  const cached = publishedGraphs.get(key);
  if (cached) return cached;
  const record = await readVersion(tenantId, scenarioId, version);
  if (record?.state !== 'PUBLISHED') throw new Error(`Scenario ${scenarioId} v${version} is not published`);
  if (publishedGraphs.size > 200) publishedGraphs.clear();
  publishedGraphs.set(key, record.graph);
  return record.graph;
};

export const listVersions = async (tenantId: string, scenarioId: string): Promise<VersionRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :v)',
      ExpressionAttributeValues: {
        ':pk': keys.scenarioRecordPk(tenantId, scenarioId),
        ':v': keys.scenarioVersionPrefix,
      },
      ProjectionExpression: 'scenarioId, version, #s, savedAt, publishedAt',
      ExpressionAttributeNames: { '#s': 'state' },
      ScanIndexForward: false,
      ConsistentRead: true,
    })
  ).map((i) => i as unknown as VersionRecord);

/** Writes a slot if it is still as read (`seen` absent: if it does not exist yet). */
export const putSlot = (
  tenantId: string,
  slot: SlotRecord,
  seen: SlotRecord | undefined,
  refusal?: Step['refusal'],
): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.scenarioSlot(tenantId, slot.productId, slot.subscriptionType, slot.investorType),
        type: 'SCENARIO_SLOT',
        ...slot,
      },
      ...(seen
        ? { ConditionExpression: 'latestVersion = :v', ExpressionAttributeValues: { ':v': seen.latestVersion } }
        : { ConditionExpression: 'attribute_not_exists(PK)' }),
    },
  },
  ...(refusal ? { refusal } : {}),
});

export const putMeta = (tenantId: string, meta: ScenarioMeta): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: { ...keys.scenarioRecord(tenantId, meta.scenarioId), type: 'SCENARIO', ...meta },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  },
});

/** A new version, or the draft it replaces; a published version is never written again. */
export const putVersion = (tenantId: string, v: VersionRecord, replacesDraft: boolean): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: { ...keys.scenarioVersion(tenantId, v.scenarioId, v.version), type: 'SCENARIO_VERSION', ...v },
      ...(replacesDraft
        ? {
            ConditionExpression: '#s = :draft',
            ExpressionAttributeNames: { '#s': 'state' },
            ExpressionAttributeValues: { ':draft': 'DRAFT' },
          }
        : { ConditionExpression: 'attribute_not_exists(PK)' }),
    },
  },
});

// ---- Journeys

export type NodeResultState = 'DRAFT' | 'DONE' | 'FAILED';

export interface JourneyRecord {
  subscriptionId: string;
  investorUserId: string;
  productId: string;
  subscriptionType: ScenarioSubscriptionType;
  investorType: ScenarioInvestorType;
  scenarioId: string;
  scenarioVersion: number;
  stateMachineArn: string;
  /** This run's id (a ULID): a new one at every (re)start, the execution's name; stale runs are refused by it. */
  journeyId: string;
  executionArn?: string;
  /** Where the current run started (back): absent for a first run. */
  resumeAt?: string;
  status: 'RUNNING' | 'COMPLETED' | 'FAILED';
  /**
   * The subscription ended while this run was waiting (expired, withdrawn, cancelled, rejected): its
   * execution was stopped (journey-stop.ts); no answer is taken any more. The status stays RUNNING
   * (the run did not finish), so the progress still says where it stood.
   */
  stoppedAt?: string;
  stopReason?: string;
  currentNodeId?: string;
  taskToken?: string;
  openedAt?: string;
  /** Human nodes completed, in the order they were completed. */
  done: string[];
  /** What the execution started with: the routing copy of the subscription. */
  subscription: Record<string, string | number>;
  /** Changed by CHANGE_DB_VALUE nodes (the declared subscription fields; see docs). */
  fields?: Record<string, string | number | boolean>;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface NodeResultRecord {
  nodeId: string;
  kind: string;
  state: NodeResultState;
  values: NodeValues;
  /** What the execution got (amounts as numbers, for routers). */
  routing?: Record<string, unknown>;
  at: string;
  by: string;
}

export const readJourney = async (
  tenantId: string,
  subscriptionId: string,
): Promise<{ journey?: JourneyRecord; results: Map<string, NodeResultRecord> }> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.journeyPk(tenantId, subscriptionId) },
    ConsistentRead: true,
  });
  let journey: JourneyRecord | undefined;
  const results = new Map<string, NodeResultRecord>();
  for (const item of items) {
    if (item.SK === '#META') journey = strip<JourneyRecord>(item);
    else if (String(item.SK).startsWith(keys.journeyResultPrefix)) {
      const r = strip<NodeResultRecord>(item);
      results.set(r.nodeId, r);
    }
  }
  return { journey, results };
};

export const readJourneyMeta = async (tenantId: string, subscriptionId: string): Promise<JourneyRecord | undefined> => {
  const item = await get(keys.journey(tenantId, subscriptionId));
  return item ? strip<JourneyRecord>(item) : undefined;
};

/**
 * The journey and the current node's result only (its saved draft): two key reads instead of the
 * partition's every result, which is all the runner's current node needs (the journey bench's hot path).
 */
export const readCurrentJourney = async (
  tenantId: string,
  subscriptionId: string,
  /** The journey record just read (a poll that saw the node open): only its node's result is read. */
  read?: JourneyRecord,
): Promise<{ journey?: JourneyRecord; results: Map<string, NodeResultRecord> }> => {
  const journey = read ?? (await readJourneyMeta(tenantId, subscriptionId));
  const results = new Map<string, NodeResultRecord>();
  if (journey?.currentNodeId) {
    const item = await get(keys.journeyResult(tenantId, subscriptionId, journey.currentNodeId));
    if (item) results.set(journey.currentNodeId, strip<NodeResultRecord>(item));
  }
  return { journey, results };
};

/** Writes the journey if it is still at the version read (`seen` absent: if there is none). */
export const putJourney = (tenantId: string, next: JourneyRecord, seen?: number): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: { ...keys.journey(tenantId, next.subscriptionId), type: 'SCENARIO_JOURNEY', ...next },
      ...(seen === undefined
        ? { ConditionExpression: 'attribute_not_exists(PK)' }
        : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': seen } }),
    },
  },
});

export const putResult = (tenantId: string, subscriptionId: string, r: NodeResultRecord): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.journeyResult(tenantId, subscriptionId, r.nodeId),
        type: 'SCENARIO_RESULT',
        subscriptionId,
        ...r,
      },
    },
  },
});

export const deleteResult = (tenantId: string, subscriptionId: string, nodeId: string): Step => ({
  item: { Delete: { TableName: tableName(), Key: keys.journeyResult(tenantId, subscriptionId, nodeId) } },
});

// ---- Temp-token links

export interface TempTokenRecord {
  subscriptionId: string;
  nodeId: string;
  journeyId: string;
  party: string;
  /** The person the link was sent to (a co-holder or signatory of the profile). */
  personId?: string;
  email?: string;
  expiresAt: string;
  usedAt?: string;
  /** Replaced by a resent link (or a newer one of the same node and person): it no longer opens anything. */
  revokedAt?: string;
}

export const readTempToken = async (tenantId: string, tokenHash: string): Promise<TempTokenRecord | undefined> => {
  const item = await get(keys.tempToken(tenantId, tokenHash));
  return item ? strip<TempTokenRecord>(item) : undefined;
};

// ---- A node's party links (keys.ts pattern 53): the live link of each person of a node

export interface NodeLinkRecord {
  subscriptionId: string;
  nodeId: string;
  personId: string;
  party: string;
  /** The run the live link belongs to (a journey that went back opens the node anew, with new links). */
  journeyId: string;
  /** SHA-256 of the live link's token (pattern 47a's key); the token itself is only in the email. */
  tokenHash: string;
  name: string;
  email: string;
  sentAt: string;
  expiresAt: string;
  openedAt?: string;
  completedAt?: string;
  /** Links sent to this person for this node (1 = the first email; each resend adds one). */
  sends: number;
}

export const readNodeLinks = async (
  tenantId: string,
  subscriptionId: string,
  nodeId: string,
): Promise<NodeLinkRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :node)',
      ExpressionAttributeValues: {
        ':pk': keys.nodeLinksPk(tenantId, subscriptionId),
        ':node': keys.nodeLinkPrefix(nodeId),
      },
      ConsistentRead: true,
    })
  ).map((i) => strip<NodeLinkRecord>(i));

export const readNodeLink = async (
  tenantId: string,
  subscriptionId: string,
  nodeId: string,
  personId: string,
): Promise<NodeLinkRecord | undefined> => {
  const item = await get(keys.nodeLink(tenantId, subscriptionId, nodeId, personId));
  return item ? strip<NodeLinkRecord>(item) : undefined;
};

/** Writes a person's live link for a node, if the index still holds the hash read (`seenHash` absent: none). */
export const putNodeLink = (tenantId: string, link: NodeLinkRecord, seenHash?: string): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.nodeLink(tenantId, link.subscriptionId, link.nodeId, link.personId),
        type: 'SCENARIO_NODE_LINK',
        ...link,
        // Kept a day past the link's own expiry, as the token item is.
        ttl: Math.floor(Date.parse(link.expiresAt) / 1000) + 24 * 3600,
      },
      ...(seenHash
        ? { ConditionExpression: 'tokenHash = :h', ExpressionAttributeValues: { ':h': seenHash } }
        : { ConditionExpression: 'attribute_not_exists(PK)' }),
    },
  },
});

/** Marks the live link opened or completed (only while the index still holds that link). */
export const markNodeLink = (
  tenantId: string,
  link: Pick<NodeLinkRecord, 'subscriptionId' | 'nodeId' | 'personId' | 'tokenHash'>,
  field: 'openedAt' | 'completedAt',
  at: string,
): Step => ({
  item: {
    Update: {
      TableName: tableName(),
      Key: keys.nodeLink(tenantId, link.subscriptionId, link.nodeId, link.personId),
      UpdateExpression: `SET ${field} = if_not_exists(${field}, :at)`,
      ConditionExpression: 'tokenHash = :h',
      ExpressionAttributeValues: { ':at': at, ':h': link.tokenHash },
    },
  },
});

/** Kills a link: its token no longer opens anything (TEMP_TOKEN_EXPIRED), used or not. */
export const revokeTempToken = (tenantId: string, tokenHash: string, at: string): Step => ({
  item: {
    Update: {
      TableName: tableName(),
      Key: keys.tempToken(tenantId, tokenHash),
      UpdateExpression: 'SET revokedAt = if_not_exists(revokedAt, :at)',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':at': at },
    },
  },
});
