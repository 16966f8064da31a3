import { isGp, type Role } from '@tranche/shared/auth/roles';
import type {
  MandatoryDocList,
  PutMandatoryDocs,
  SubscriptionListQuery,
  SubscriptionPage,
} from '@tranche/shared/subscription/subscription.schema';
import type { Actor } from '#lib/audit';
import { db, tableName } from '#lib/db/client';
import { QueryCommand } from '#lib/db/commands';
import { commit } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { listProfileMetas } from '../profile/profile.repo.js';
import { summaryOf } from '../profile/profile.service.js';
import {
  allOfInvestor,
  inCatalogue,
  listSubscriptions as listRecords,
  readFund,
  readMandatoryDocs,
  readPlan,
  readUserFacts,
  toPage,
  toSummary,
  waitlistPositions,
} from './subscription.repo.js';

/** Ended subscriptions say nothing about how the investor invests now: prefill skips them. */
const ENDED = new Set(['REJECTED', 'EXPIRED', 'CLOSE']);

/**
 * The list: an investor's own, the tenant's for the team (GP). Waiting reservation requests carry
 * their place in the queue from the fund's last plan (the reservationPlans consumer writes it).
 */
export const listSubscriptions = async (
  actor: Actor,
  role: Role,
  query: SubscriptionListQuery,
): Promise<SubscriptionPage> => {
  // A fund filter names a fund of this tenant (one an investor can see): another's is a 404, not an empty list.
  if (query.productId) {
    const fund = await readFund(actor.tenantId, query.productId);
    if (!isGp(role) && !inCatalogue(fund)) throw new DomainError('productIsNotExist');
  }
  const records = await listRecords(actor.tenantId, isGp(role) ? 'TENANT' : { investorUserId: actor.userId }, query);
  const funds = [...new Set(records.filter((r) => r.queuedAt && r.status === 'REVIEW').map((r) => r.productId))];
  const plans = await Promise.all(funds.map((p) => readPlan(actor.tenantId, p)));
  const positions = new Map(plans.flatMap((plan) => [...waitlistPositions(plan)]));
  return toPage(records, positions);
};

/**
 * The investor's previous investment, to prefill a new one (/products/{productId}/investing/previous):
 * the newest on this fund that did not end, else the newest on any fund that did not end.
 */
export const previousInvestment = async (actor: Actor, productId: string) => {
  // Prefill is for a fund the investor can see; a draft's id is answered like an unknown one.
  if (!inCatalogue(await readFund(actor.tenantId, productId))) throw new DomainError('productIsNotExist');
  const mine = (await allOfInvestor(actor.tenantId, actor.userId)).filter((r) => !ENDED.has(r.status));
  const previous = mine.find((r) => r.productId === productId) ?? mine[0];
  if (!previous) return {};
  return {
    previous: {
      subscriptionId: previous.subscriptionId,
      productId: previous.productId,
      type: previous.type,
      ...(previous.profileId ? { profileId: previous.profileId } : {}),
      ...(previous.shareClassId ? { shareClassId: previous.shareClassId } : {}),
      ...(previous.amount !== undefined ? { amount: previous.amount } : {}),
      currency: previous.currency,
      createdAt: previous.createdAt,
    },
  };
};

// ---- The tenant's mandatory documents (/tenant/{tenantId}/fund-mandatory-docs)

/** The path names the tenant; only the caller's own exists (another's id is answered like an unknown one). */
const ownTenant = (actor: Actor, tenantId: string) => {
  if (tenantId !== actor.tenantId) throw new DomainError('TenantNotExist');
};

export const getTenantMandatoryDocs = async (actor: Actor, tenantId: string): Promise<MandatoryDocList> => {
  ownTenant(actor, tenantId);
  return readMandatoryDocs(actor.tenantId);
};

export const putTenantMandatoryDocs = async (actor: Actor, tenantId: string, body: PutMandatoryDocs) => {
  ownTenant(actor, tenantId);
  const keysSeen = new Set<string>();
  body.docs.forEach((d, i) => {
    if (keysSeen.has(d.docKey)) {
      throw new DomainError('PARAMS_ERROR', {
        fields: [{ field: `body.docs.${i}.docKey`, rule: 'unique', message: 'Must be unique' }],
      });
    }
    keysSeen.add(d.docKey);
  });
  return commit(actor, async () => {
    const current = await readMandatoryDocs(actor.tenantId);
    if (current.version !== body.version) throw new DomainError('VERSION_CONFLICT');
    return {
      steps: [
        {
          item: {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.mandatoryDocs(actor.tenantId),
                type: 'MANDATORY_DOCS',
                docs: body.docs,
                version: current.version + 1,
                updatedAt: actor.at,
                updatedBy: actor.userId,
              },
              ...(current.version === 0
                ? { ConditionExpression: 'attribute_not_exists(PK)' }
                : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': current.version } }),
            },
          },
        },
      ],
      events: [],
      result: { docs: body.docs, version: current.version + 1 },
    };
  });
};

// ---- CRM: one investor (/gp/crm/principal-detail)

const ACTIVITY_SHOWN = 50;

export const principalDetail = async (actor: Actor, userId: string) => {
  const investor = await readUserFacts(actor.tenantId, userId);
  if (investor?.role !== 'LP') throw new DomainError('AccountNotExist', { field: 'userId' });
  const [profiles, subscriptions, activity] = await Promise.all([
    listProfileMetas(actor.tenantId, userId),
    allOfInvestor(actor.tenantId, userId),
    db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.activity(actor.tenantId, userId, '', '').PK },
        ScanIndexForward: false,
        Limit: ACTIVITY_SHOWN,
      }),
    ),
  ]);
  return {
    investor: {
      userId: investor.userId,
      name: investor.displayName,
      email: investor.email,
      inviteStatus: investor.inviteStatus,
    },
    profiles: profiles
      .filter((p) => p.state !== 'DELETED')
      .map((p) => {
        const s = summaryOf(p);
        return { profileId: s.profileId, type: s.type, name: s.name, state: s.state, updatedAt: s.updatedAt };
      }),
    subscriptions: subscriptions.map((r) => toSummary(r)),
    activity: (activity.Items ?? []).map((i) => ({
      at: String(i.at),
      action: String(i.action),
      ...(typeof i.subjectId === 'string' ? { subjectId: i.subjectId } : {}),
    })),
  };
};
