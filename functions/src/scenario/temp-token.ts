import { createHash, randomBytes } from 'node:crypto';
import { nodeView } from '@tranche/shared/scenario/journey';
import type { NodeValues } from '@tranche/shared/scenario/scenario.schema';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { tableName } from '#lib/db/client';
import { commit, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { findProject } from '../signing/projects.repo.js';
import { type SignerRecord, signerUpdate } from '../signing/signer/signer.repo.js';
import { issueSecret, linkTtlMs } from '../signing/signer/tokens.js';
import { readSubscriptionSigning } from '../subscription/signing.repo.js';
import { getSubscriptionRecord } from '../subscription/subscription.repo.js';
import { advance, judgeValues, nowActor, recordAnswer } from './journey.service.js';
import {
  markNodeLink,
  readJourneyMeta,
  readNodeLink,
  readPublishedGraph,
  readTempToken,
  type TempTokenRecord,
} from './scenario.repo.js';

/**
 * Temp-token links (issue 13, deliverable 6): a joint holder or an entity's signatory completes their
 * step without an account, through an emailed link. The token is 32 random bytes; only its SHA-256 is
 * stored (keys.ts pattern 47a), with the node and run it opens and an expiry. A link works once, for
 * its node while that node waits; anything else answers the spec's TEMP_TOKEN_ERROR (no such link,
 * used) or TEMP_TOKEN_EXPIRED (past its time, or the journey went back and the step is a new one).
 */

export const TEMP_TOKEN_DAYS = 7;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new link's token and the item that stores its hash (written by the caller's commit). */
export const newTempToken = (
  tenantId: string,
  record: Omit<TempTokenRecord, 'expiresAt' | 'usedAt'>,
  now = clock.now(),
): { token: string; step: Step; expiresAt: string } => {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + TEMP_TOKEN_DAYS * 24 * 3600 * 1000);
  return {
    token,
    expiresAt: expires.toISOString(),
    step: {
      item: {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.tempToken(tenantId, hashToken(token)),
            type: 'SCENARIO_TEMP_TOKEN',
            ...record,
            expiresAt: expires.toISOString(),
            // Kept a day past expiry, so a late click is told "expired" rather than "invalid".
            ttl: Math.floor(expires.getTime() / 1000) + 24 * 3600,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
  };
};

const linkOr401 = async (tenantId: string, token: string): Promise<{ link: TempTokenRecord; hash: string }> => {
  const hash = hashToken(token);
  const link = await readTempToken(tenantId, hash);
  if (!link || link.usedAt) throw new DomainError('TEMP_TOKEN_ERROR');
  // A resent link replaces this one: the person is told it expired (the newest email holds the live one).
  if (link.revokedAt || Date.parse(link.expiresAt) <= clock.now().getTime())
    throw new DomainError('TEMP_TOKEN_EXPIRED');
  return { link, hash };
};

/**
 * The node's link index item (keys.ts pattern 53) when it still holds this link: the step that marks it
 * opened or completed, so gateway-contacts shows the party's progress. Links made before the index
 * existed have none, and are simply not marked.
 */
const indexMark = async (
  tenantId: string,
  link: TempTokenRecord,
  hash: string,
  field: 'openedAt' | 'completedAt',
  at: string,
): Promise<Step[]> => {
  if (!link.personId) return [];
  const indexed = await readNodeLink(tenantId, link.subscriptionId, link.nodeId, link.personId);
  if (indexed?.tokenHash !== hash || indexed[field]) return [];
  // A resend between the read and this commit replaced the link: it is then expired.
  return [{ ...markNodeLink(tenantId, indexed, field, at), refusal: 'TEMP_TOKEN_EXPIRED' }];
};

export const queryByTempToken = async (tenantId: string, token: string) => {
  const { link, hash } = await linkOr401(tenantId, token);
  const journey = await readJourneyMeta(tenantId, link.subscriptionId);
  if (!journey || journey.journeyId !== link.journeyId || journey.currentNodeId !== link.nodeId) {
    throw new DomainError('TEMP_TOKEN_EXPIRED');
  }
  const graph = await readPublishedGraph(tenantId, journey.scenarioId, journey.scenarioVersion);
  const node = graph.nodes.find((n) => n.id === link.nodeId);
  if (!node) throw new DomainError('TEMP_TOKEN_ERROR');
  const signing = node.kind === 'SIGN' ? await partySigning(tenantId, link) : undefined;
  const opened = await indexMark(tenantId, link, hash, 'openedAt', clock.nowIso());
  if (opened.length > 0) {
    await commit(nowActor(tenantId, `temp-token-open-${link.subscriptionId}`, `LINK:${hash.slice(0, 16)}`), {
      steps: opened,
      events: [],
      result: undefined,
    });
  }
  return {
    subscriptionId: link.subscriptionId,
    party: link.party as 'JOINT_HOLDER',
    node: nodeView(node),
    ...(signing ? { signing } : {}),
    expiresAt: link.expiresAt,
  };
};

/**
 * A co-signer's way into the agreement's e-signature project from their temp-token link (issue 13,
 * docs/subscriptions.md "Signing and countersigning"): their signer of the project, and a fresh
 * signing link token for it (the signer side's own credential, replacing any earlier one: the temp
 * token proves who they are, the emailed code then does again before they see the documents).
 * `state: 'PREPARING'` while the signing worker is still making the project.
 */
const partySigning = async (tenantId: string, link: TempTokenRecord) => {
  const record = await readSubscriptionSigning(tenantId, link.subscriptionId, 'AGREEMENT');
  if (!record || record.journeyId !== link.journeyId || record.nodeId !== link.nodeId) {
    return { state: 'PREPARING' as const };
  }
  const mine = record.signers.find((s) => s.personId !== undefined && s.personId === link.personId);
  if (!mine) throw new DomainError('TEMP_TOKEN_ERROR');
  const bundle = await findProject(tenantId, record.projectId);
  const signer = bundle?.signers.find((s) => s.signerId === mine.signerId);
  if (!bundle || !signer) return { state: 'PREPARING' as const };
  const base = {
    state: record.state,
    projectId: record.projectId,
    signerId: mine.signerId,
    signed: signer.state === 'SIGNED',
  };
  if (signer.state !== 'NOTIFIED' && signer.state !== 'VERIFIED') return base;
  const actor = nowActor(tenantId, `temp-token-${link.subscriptionId}`, 'SYSTEM');
  const { token, stored } = issueSecret(clock.now(), linkTtlMs(), bundle.project.expiresAt);
  await commit(actor, {
    steps: [
      signerUpdate(tenantId, signer as unknown as Pick<SignerRecord, 'projectId' | 'signerId' | 'version'>, {
        link: stored,
      }),
    ],
    events: [],
    result: undefined,
  });
  return { ...base, link: token };
};

/** The party's answer: judged like the investor's, recorded with the link marked used in one commit. */
export const submitTempTokenForm = async (tenantId: string, requestId: string, token: string, values: NodeValues) => {
  const { link, hash } = await linkOr401(tenantId, token);
  const sub = await getSubscriptionRecord(tenantId, link.subscriptionId);
  if (!sub) throw new DomainError('TEMP_TOKEN_ERROR');
  const actor: Actor = nowActor(tenantId, requestId, `LINK:${hash.slice(0, 16)}`);
  const used: Step = {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.tempToken(tenantId, hash),
        UpdateExpression: 'SET usedAt = :at',
        ConditionExpression:
          'attribute_exists(PK) AND attribute_not_exists(usedAt) AND attribute_not_exists(revokedAt)',
        ExpressionAttributeValues: { ':at': actor.at },
      },
    },
    refusal: 'TEMP_TOKEN_ERROR',
  };
  const { decided } = await recordAnswer(
    actor,
    sub,
    { subscriptionId: link.subscriptionId, nodeId: link.nodeId, values },
    (node, draft) => ({ routing: judgeValues(node, values, draft), stored: values }),
    {
      party: link.party,
      journeyId: link.journeyId,
      steps: [used, ...(await indexMark(tenantId, link, hash, 'completedAt', actor.at))],
    },
  );
  await advance(actor, sub, decided, false);
  return { saved: true as const };
};
