import type { Role } from '@tranche/shared/auth/roles';
import type {
  ContractDocument,
  ContractDocuments,
  GatewayContact,
  GatewayContacts,
  LinkState,
  ResendLink,
} from '@tranche/shared/scenario/contacts.schema';
import type { ScenarioGraph, ScenarioLabels } from '@tranche/shared/scenario/scenario.schema';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { commit, event, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { DomainError } from '#lib/errors';
import { readProfile } from '../profile/profile.repo.js';
import {
  getSubscriptionRecord,
  readMandatoryDocs,
  type SubscriptionRecord,
} from '../subscription/subscription.repo.js';
import { linkParties, partyContacts } from './parties.js';
import {
  DEFAULT_PRODUCT,
  type JourneyRecord,
  type NodeLinkRecord,
  readJourney,
  readJourneyMeta,
  readMeta,
  readNodeLinks,
  readPublishedGraph,
  readSlot,
  readVersion,
  revokeTempToken,
} from './scenario.repo.js';

/**
 * A journey's parties and its contract documents (issue 13; docs/subscriptions.md "Contacts, contract
 * documents, inbox nodes"). gateway-contacts lists the people a node waits for besides the investor
 * (a joint account's co-holders, an entity's signatories) with the state of their temp-token links,
 * read from the node's link index (keys.ts pattern 53); gateway-contacts/v2 asks for a fresh link for
 * one of them (the old one is revoked in the same commit; the links' consumer emails the new one).
 * gateway-contract-documents/data lists what a scenario's steps show or sign.
 */

/** The minimum time between two links to the same person: a double click, or a hurried manager, sends one. */
export const RESEND_AFTER_MS = 60_000;

/** The subscription, if the caller may see it: an investor their own, the team any of the tenant's. */
const subscriptionFor = async (actor: Actor, role: Role, subscriptionId: string): Promise<SubscriptionRecord> => {
  const sub = await getSubscriptionRecord(actor.tenantId, subscriptionId);
  if (!sub || (role === 'LP' && sub.investorUserId !== actor.userId)) throw new DomainError('SUBSCRIPTION_NOT_EXISTS');
  return sub;
};

const fieldError = (code: 'scenarioNodeNotExist' | 'scenarioContactNotExist', field: string, message: string) =>
  new DomainError(code, { field, fields: [{ field, rule: 'exists', message }] });

/**
 * A party's link state (pure; docs "Contacts"): COMPLETED once they did their part (their answer
 * through the link, or their signature on the agreement); PENDING while the node waits and their link
 * of this run is not made yet, or the node has not been reached; EXPIRED when the link is past its
 * time or the journey left the node without them; else OPENED or SENT.
 */
export const linkState = (
  link: NodeLinkRecord | undefined,
  at: { journeyId: string; waiting: boolean; reached: boolean; signedAt?: string | undefined; now: number },
): { state: LinkState; completedAt?: string } => {
  const mine = link?.journeyId === at.journeyId ? link : undefined;
  const completedAt = mine?.completedAt ?? at.signedAt;
  if (completedAt) return { state: 'COMPLETED', completedAt };
  if (!mine) return { state: at.waiting || !at.reached ? 'PENDING' : 'EXPIRED' };
  if (!at.waiting || Date.parse(mine.expiresAt) <= at.now) return { state: 'EXPIRED' };
  return { state: mine.openedAt ? 'OPENED' : 'SENT' };
};

interface NodeContacts {
  sub: SubscriptionRecord;
  journey: JourneyRecord;
  nodeId: string;
  nodeTitle?: ScenarioLabels;
  waiting: boolean;
  parties: string[];
  contacts: (GatewayContact & { link?: NodeLinkRecord })[];
}

const nodeContacts = async (
  actor: Actor,
  role: Role,
  subscriptionId: string,
  askedNodeId: string | undefined,
  field: string,
): Promise<NodeContacts | { sub: SubscriptionRecord; journey?: JourneyRecord }> => {
  const sub = await subscriptionFor(actor, role, subscriptionId);
  const journey = await readJourneyMeta(actor.tenantId, subscriptionId);
  const nodeId = askedNodeId ?? journey?.currentNodeId;
  if (!journey || !nodeId) {
    // A step named of a subscription without a journey (a paper order, one not started): nothing runs.
    if (askedNodeId && !journey) throw new DomainError('scenarioJourneyNotRunning');
    return { sub, ...(journey ? { journey } : {}) };
  }
  const graph = await readPublishedGraph(actor.tenantId, journey.scenarioId, journey.scenarioVersion);
  const node = graph.nodes.find((n) => n.id === nodeId);
  if (!node) throw fieldError('scenarioNodeNotExist', field, 'No such step in the journey’s scenario');
  const waiting = journey.status === 'RUNNING' && journey.currentNodeId === nodeId;
  const parties = linkParties(node);
  const profile = parties.length > 0 && sub.profileId ? await readProfile(actor.tenantId, sub.profileId) : undefined;
  const links = profile ? await readNodeLinks(actor.tenantId, subscriptionId, nodeId) : [];
  const now = clock.now().getTime();
  const reached = waiting || journey.done.includes(nodeId);
  const contacts = parties.flatMap((party) =>
    (profile ? partyContacts(profile, party) : []).map((c) => {
      const link = links.find((l) => l.personId === c.personId);
      const mine = link?.journeyId === journey.journeyId ? link : undefined;
      // A co-signer of the agreement completes their part by signing it (the signature records them).
      const signedAt =
        node.kind === 'SIGN' ? sub.signatures.find((s) => s.signerId === c.personId)?.signedAt : undefined;
      const { state, completedAt } = linkState(link, {
        journeyId: journey.journeyId,
        waiting,
        reached,
        signedAt,
        now,
      });
      const recent = mine !== undefined && now - Date.parse(mine.sentAt) < RESEND_AFTER_MS;
      const contact: GatewayContact & { link?: NodeLinkRecord } = {
        personId: c.personId,
        name: c.name,
        email: c.email,
        party: party as GatewayContact['party'],
        state,
        ...(mine ? { sentAt: mine.sentAt, expiresAt: mine.expiresAt } : {}),
        ...(mine?.openedAt ? { openedAt: mine.openedAt } : {}),
        ...(completedAt ? { completedAt } : {}),
        sends: mine?.sends ?? 0,
        canResend: waiting && (state === 'SENT' || state === 'OPENED' || state === 'EXPIRED') && !recent,
        ...(link ? { link } : {}),
      };
      return contact;
    }),
  );
  return { sub, journey, nodeId, nodeTitle: node.title, waiting, parties, contacts };
};

/** GET gateway-contacts: a node's parties (default: the node the journey waits at) with their link states. */
export const listGatewayContacts = async (
  actor: Actor,
  role: Role,
  query: { subscriptionId: string; nodeId?: string | undefined },
): Promise<GatewayContacts> => {
  const read = await nodeContacts(actor, role, query.subscriptionId, query.nodeId, 'query.nodeId');
  if (!('nodeId' in read)) {
    return {
      subscriptionId: query.subscriptionId,
      nodeId: null,
      waiting: false,
      parties: [],
      progress: { completed: 0, total: 0 },
      contacts: [],
    };
  }
  return {
    subscriptionId: query.subscriptionId,
    nodeId: read.nodeId,
    ...(read.nodeTitle ? { nodeTitle: read.nodeTitle } : {}),
    waiting: read.waiting,
    parties: read.parties as GatewayContacts['parties'],
    progress: {
      completed: read.contacts.filter((c) => c.state === 'COMPLETED').length,
      total: read.contacts.length,
    },
    contacts: read.contacts.map(({ link: _link, ...c }) => c),
  };
};

/**
 * POST gateway-contacts/v2: a fresh link for one party of the node the journey waits at. One commit
 * revokes the old link (it answers TEMP_TOKEN_EXPIRED from now on), stamps the index item (so a second
 * resend racing this one loses) and writes SCENARIO_LINK_RESEND_REQUESTED; the links' consumer makes
 * the new token and emails it (never here: the token exists only in the email).
 */
export const resendLink = async (actor: Actor, role: Role, body: ResendLink) => {
  const read = await nodeContacts(actor, role, body.subscriptionId, body.nodeId, 'nodeId');
  if (!('nodeId' in read) || !read.waiting) {
    throw new DomainError('SCENARIO_NODE_NOT_CURRENT', {
      nodeId: body.nodeId,
      ...(read.journey?.currentNodeId ? { currentNodeId: read.journey.currentNodeId } : {}),
    });
  }
  const contact = read.contacts.find((c) => c.personId === body.personId);
  if (!contact) throw fieldError('scenarioContactNotExist', 'personId', 'Not a person this step waits for');
  const link = contact.link;
  if (
    !link ||
    link.journeyId !== read.journey.journeyId ||
    contact.state === 'COMPLETED' ||
    contact.state === 'PENDING'
  ) {
    throw new DomainError('scenarioLinkNotResendable', { field: 'personId', state: contact.state });
  }
  const waitedMs = clock.now().getTime() - Date.parse(link.sentAt);
  if (waitedMs < RESEND_AFTER_MS) {
    throw new DomainError('scenarioLinkResendTooSoon', {
      field: 'personId',
      retryAfterSeconds: Math.ceil((RESEND_AFTER_MS - waitedMs) / 1000),
    });
  }
  const guard: Step = {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.nodeLink(actor.tenantId, link.subscriptionId, link.nodeId, link.personId),
        UpdateExpression: 'SET resendRequestedAt = :at',
        ConditionExpression:
          'tokenHash = :h AND attribute_not_exists(completedAt) AND (attribute_not_exists(resendRequestedAt) OR resendRequestedAt < :since)',
        ExpressionAttributeValues: {
          ':at': actor.at,
          ':h': link.tokenHash,
          ':since': new Date(clock.now().getTime() - RESEND_AFTER_MS).toISOString(),
        },
      },
    },
    refusal: 'scenarioLinkResendTooSoon',
  };
  const stillLive = Date.parse(link.expiresAt) > clock.now().getTime();
  const { journey } = read;
  await commit(actor, {
    steps: [guard, ...(stillLive ? [revokeTempToken(actor.tenantId, link.tokenHash, actor.at)] : [])],
    events: [
      event('SCENARIO_LINK_RESEND_REQUESTED', journey.subscriptionId, {
        refId: journey.subscriptionId,
        journeyId: journey.journeyId,
        scenarioId: journey.scenarioId,
        version: journey.scenarioVersion,
        nodeId: read.nodeId,
        party: contact.party,
        personId: contact.personId,
        requestedBy: actor.userId,
      }),
    ],
    result: undefined,
  });
  return {
    subscriptionId: body.subscriptionId,
    nodeId: read.nodeId,
    personId: body.personId,
    state: 'PENDING' as const,
    requestedAt: actor.at,
  };
};

// ---- gateway-contract-documents/data

const getItem = async (Key: { PK: string; SK: string }) =>
  (await db.send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }))).Item;

interface ProductDocItem {
  documentId: string;
  kind: string;
  title: Record<string, string | undefined>;
  fileName: string;
  contentType: string;
  size: number;
  state: string;
}

const inLang = (text: Record<string, string | undefined> | undefined, lang: string): string =>
  text?.[lang] || text?.en || '';

/** The graph a scenario's documents are read from: the journey's version, else the newest published one, else the draft. */
const graphOf = async (
  actor: Actor,
  scenarioId: string,
  journey: JourneyRecord | undefined,
  slot: { productId: string; subscriptionType: string; investorType: string },
) => {
  if (journey) return readPublishedGraph(actor.tenantId, journey.scenarioId, journey.scenarioVersion);
  const s = await readSlot(actor.tenantId, slot.productId, slot.subscriptionType as never, slot.investorType as never);
  const version = s?.publishedVersion ?? s?.latestVersion;
  const record = version ? await readVersion(actor.tenantId, scenarioId, version) : undefined;
  return record?.graph ?? ({ nodes: [], edges: [], interactionMode: 'INTERACTIONS' } as ScenarioGraph);
};

export const getContractDocuments = async (
  actor: Actor,
  role: Role,
  lang: string,
  scenarioId: string,
  subscriptionId: string | undefined,
): Promise<ContractDocuments> => {
  // An investor reads a scenario only through their own subscription that runs it.
  if (role === 'LP' && !subscriptionId) {
    throw new DomainError('scenarioSubscriptionRequired', {
      field: 'query.subscriptionId',
      fields: [{ field: 'query.subscriptionId', rule: 'required', message: 'Required of an investor' }],
    });
  }
  const meta = await readMeta(actor.tenantId, scenarioId);
  if (!meta) throw new DomainError('scenarioNotExist');
  const sub = subscriptionId ? await subscriptionFor(actor, role, subscriptionId) : undefined;
  const read = sub ? await readJourney(actor.tenantId, sub.subscriptionId) : undefined;
  const journey = read?.journey;
  // A scenario this subscription does not run (its journey's, or before one starts the fund's or the
  // tenant's default) is as absent as another tenant's.
  if (
    sub &&
    (journey
      ? journey.scenarioId !== scenarioId
      : meta.productId !== sub.productId && meta.productId !== DEFAULT_PRODUCT)
  )
    throw new DomainError('scenarioNotExist');
  const graph = await graphOf(actor, scenarioId, journey, meta);
  const productId = sub?.productId ?? (meta.productId !== DEFAULT_PRODUCT ? meta.productId : undefined);
  const doneAt = (nodeId: string) => {
    const r = read?.results.get(nodeId);
    return r?.state === 'DONE' ? r.at : undefined;
  };
  const items: ContractDocument[] = [];

  const productDocs = productId
    ? (
        await queryAll({
          TableName: tableName(),
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :doc)',
          ExpressionAttributeValues: {
            ':pk': keys.productPk(actor.tenantId, productId),
            ':doc': keys.productDocumentPrefix,
          },
          ConsistentRead: true,
        })
      )
        .map((i) => i as unknown as ProductDocItem)
        .filter((d) => d.state === 'READY')
    : [];
  const fileOf = (d: ProductDocItem) => ({
    documentId: d.documentId,
    kind: d.kind,
    contentType: d.contentType,
    size: d.size,
    download: `/products/${productId}/documents/${d.documentId}`,
  });

  // The fund's agreement, which sign nodes sign (the product contract's READY document).
  const signNodes = graph.nodes.filter((n) => n.kind === 'SIGN');
  const contract = productId ? await getItem(keys.productContract(actor.tenantId, productId)) : undefined;
  const agreement = productDocs.find((d) => d.documentId === contract?.agreementDocumentId);
  if (agreement || signNodes.length > 0) {
    const signNode = signNodes[0];
    const holder = sub?.signatures.find((s) => s.role === 'HOLDER')?.signedAt;
    const signed = holder ?? signNodes.map((n) => doneAt(n.id)).find(Boolean);
    items.push({
      source: 'AGREEMENT',
      name: agreement
        ? inLang(agreement.title, lang)
        : inLang(signNode?.kind === 'SIGN' ? signNode.documentTitle : undefined, lang),
      ...(agreement ? fileOf(agreement) : { kind: 'AGREEMENT' }),
      nodeIds: signNodes.map((n) => n.id),
      ...(signed ? { acknowledgedAt: signed } : {}),
    });
  }

  // The tenant's mandatory documents for this fund and this scenario's investor type.
  const { docs } = await readMandatoryDocs(actor.tenantId);
  const uploadNodes = graph.nodes
    .filter(
      (n) =>
        (n.kind === 'FORM' || n.kind === 'NODE_FORM') && n.elements.some((e) => e.element === 'MANDATORY_DOCUMENTS'),
    )
    .map((n) => n.id);
  const uploaded = sub
    ? (
        await queryAll({
          TableName: tableName(),
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :doc)',
          ExpressionAttributeValues: {
            ':pk': keys.subscriptionPk(actor.tenantId, sub.subscriptionId),
            ':doc': keys.subscriptionDocumentPrefix,
          },
          ConsistentRead: true,
        })
      ).map((i) => i as unknown as { purpose: string; docKey?: string; uploadedAt: string })
    : [];
  for (const d of docs) {
    if (productId && d.productIds && !d.productIds.includes(productId)) continue;
    if (d.investorTypes.length > 0 && !d.investorTypes.includes(meta.investorType as never)) continue;
    const at = uploaded.find((u) => u.purpose === 'MANDATORY' && u.docKey === d.docKey)?.uploadedAt;
    items.push({
      source: 'MANDATORY',
      docKey: d.docKey,
      name: inLang(d.name, lang),
      kind: 'MANDATORY',
      nodeIds: uploadNodes,
      ...(at ? { acknowledgedAt: at } : {}),
    });
  }

  // The documents of "view custodian documents" nodes: a fund file of that name when there is one.
  for (const n of graph.nodes) {
    if (n.kind !== 'VIEW_CUSTODIAN_DOCUMENTS') continue;
    const at = doneAt(n.id);
    for (const d of n.documents) {
      const file = d.fileName ? productDocs.find((p) => p.fileName === d.fileName) : undefined;
      items.push({
        source: 'CUSTODIAN',
        name: inLang(d.title, lang),
        ...(file ? fileOf(file) : { kind: 'CUSTODIAN' }),
        nodeIds: [n.id],
        ...(at ? { acknowledgedAt: at } : {}),
      });
    }
  }
  return {
    scenarioId,
    investorType: meta.investorType,
    ...(productId ? { productId } : {}),
    ...(sub ? { subscriptionId: sub.subscriptionId } : {}),
    items,
  };
};
