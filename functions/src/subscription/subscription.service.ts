import { isGp, type Role } from '@tranche/shared/auth/roles';
import type { SubscriptionType } from '@tranche/shared/enums';
import { amountOf, units } from '@tranche/shared/subscription/amounts';
// How long an allocated reservation waits for the investor (the RESERVATION_OPEN task's due date) is
// the expiry rule's: the reservation lapses on that day.
import { RESERVATION_DAYS, subscriptionDeadline } from '@tranche/shared/subscription/expiry';
import { checkPackage, eligibilityExpired, type PackageProfile } from '@tranche/shared/subscription/nigo';
import { type AmountLimits, checkSubscriptionRequest, planReservations } from '@tranche/shared/subscription/request';
import type { SubscriptionStatus } from '@tranche/shared/subscription/statuses';
import {
  type AddSubscriptionDocument,
  type CreateSubscription,
  type MandatoryDoc,
  type PackageGap,
  REASON_REQUIRED,
  type SignerRole,
  type Subscription,
  type SubscriptionAction,
} from '@tranche/shared/subscription/subscription.schema';
import {
  SUBSCRIPTION_CREATION_EVENT,
  SUBSCRIPTION_EVENT_NAMES,
} from '@tranche/shared/subscription/subscription-events-map';
import {
  nextSubscriptionStatus,
  repeatedSubmit,
  SUBSCRIPTION_LIFECYCLE,
  type SubscriptionActor,
  type SubscriptionEvent,
} from '@tranche/shared/subscription/subscription-lifecycle';
import type { Actor } from '#lib/audit';
import { tableName } from '#lib/db/client';
import { commit, type EventDraft, eventOf, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { attachFileStep, cleanOwnFile } from '../files/attach.js';
import { countersignsElectronically, requestCountersign, signingViews } from './countersign.js';
import {
  type DocumentRecord,
  deleteQueued,
  documentItem,
  getSubscriptionRecord,
  getUploadedFile,
  inCatalogue,
  type ProfileFacts,
  putCapacity,
  putQueued,
  putSubscription,
  readCapacity,
  readFund,
  readMandatoryDocs,
  readProfileFacts,
  readQueue,
  readScreening,
  readSubscriptionPartition,
  readUserFacts,
  type SubscriptionRecord,
  toSummary,
} from './subscription.repo.js';

/**
 * The subscription's use cases (issue 13, docs/subscriptions.md "Server"): create (the offer gating
 * and amount rules of request.ts), every status change through the lifecycle table and one
 * conditional commit (the version read is checked: of two racing approvals one wins, the other is
 * 409 VERSION_CONFLICT), the two-step submission behind the NIGO firewall (nigo.ts), documents, and
 * the fund's reservation capacity. What a change causes elsewhere (tasks, emails, the waitlist
 * plan) is done by event consumers.
 */

/** Where each type starts (docs/subscriptions.md "Types and statuses"). */
const INITIAL_STATUS: Record<SubscriptionType, SubscriptionStatus> = {
  EXPRESSED_INTEREST_SUBSCRIPTION: 'REVIEW',
  RESERVE_SUBSCRIPTION: 'REVIEW',
  COMMON_SUBSCRIPTION: 'OFFLINE_SIGNING',
  INVEST_SUBSCRIPTION: 'INVESTING',
};

/** Events that end a subscription: its place in the queue and what it held of the capacity are released. */
const ENDINGS: ReadonlySet<SubscriptionStatus> = new Set(['REJECTED', 'EXPIRED', 'CLOSE']);

/** The inbox's Text fields hold at most 300 characters (inbox-events.ts). */
const text = (value: string) => (value.length > 300 ? `${value.slice(0, 299)}…` : value || '-');
const amountText = (r: Pick<SubscriptionRecord, 'amount' | 'currency'>) =>
  r.amount === undefined ? '-' : `${r.amount} ${r.currency}`;

const today = (at: string) => at.slice(0, 10);
/** The calendar day `days` after an ISO timestamp's (UTC). */
const daysAfter = (at: string, days: number) => new Date(Date.parse(at) + days * 86_400_000).toISOString().slice(0, 10);

/** The subscription, if the caller may see it: the investor's own, or any of the tenant's for the team. */
const visibleOr404 = (r: SubscriptionRecord | undefined, actor: Actor, role: Role | 'SYSTEM'): SubscriptionRecord => {
  if (!r || (role !== 'SYSTEM' && !isGp(role) && r.investorUserId !== actor.userId)) {
    throw new DomainError('SUBSCRIPTION_NOT_EXISTS');
  }
  return r;
};

// ---- Product facts

const limitsOf = async (tenantId: string, productId: string, shareClassId: string | undefined) => {
  const product = await readFund(tenantId, productId);
  const { classes } = product;
  const shareClass = shareClassId ? classes.find((c) => c.shareClassId === shareClassId) : undefined;
  if (shareClassId && !shareClass) throw new DomainError('shareClassIsNotExist', { field: 'shareClassId' });
  const source = shareClass ?? product;
  const limits: AmountLimits = {
    currency: source.currency,
    minInvestment: source.minInvestment,
    maxInvestment: source.maxInvestment,
  };
  return { product, limits };
};

// ---- Create

const ownProfile = async (tenantId: string, investorUserId: string, profileId: string): Promise<ProfileFacts> => {
  const profile = await readProfileFacts(tenantId, profileId);
  if (!profile || profile.ownerUserId !== investorUserId) {
    throw new DomainError('SUBSCRIPTION_PROFILE_EXISTS', { field: 'profileId' });
  }
  return profile;
};

export const createSubscription = async (
  actor: Actor,
  role: Role,
  input: CreateSubscription,
): Promise<Subscription> => {
  const { product, limits } = await limitsOf(actor.tenantId, input.productId, input.shareClassId);
  // Investors see a fund only once it is in the catalogue; a draft's id is answered like an unknown one.
  if (!isGp(role) && !inCatalogue(product)) throw new DomainError('productIsNotExist');
  let investorUserId = actor.userId;
  let investorName: string;
  if (isGp(role)) {
    if (!input.investorUserId) throw new DomainError('subscriptionInvestorRequired', { field: 'investorUserId' });
    const investor = await readUserFacts(actor.tenantId, input.investorUserId);
    if (investor?.role !== 'LP') throw new DomainError('AccountNotExist', { field: 'investorUserId' });
    investorUserId = investor.userId;
    investorName = investor.displayName;
  } else {
    investorName = (await readUserFacts(actor.tenantId, actor.userId))?.displayName ?? '';
  }
  const profile = input.profileId ? await ownProfile(actor.tenantId, investorUserId, input.profileId) : undefined;
  checkSubscriptionRequest({
    product,
    limits,
    type: input.type,
    amount: input.amount,
    viewer: {
      role,
      eligibilityExpired: profile ? eligibilityExpired(profile, today(actor.at)) : false,
    },
  });
  const subscriptionId = newId();
  const record: SubscriptionRecord = {
    subscriptionId,
    productId: product.productId,
    ...(input.shareClassId ? { shareClassId: input.shareClassId } : {}),
    type: input.type,
    status: INITIAL_STATUS[input.type],
    version: 1,
    investorUserId,
    investorName,
    ...(profile ? { profileId: profile.profileId, profileType: profile.type } : {}),
    // Stored in its shortest form (100000.00 -> 100000), so equal amounts read alike.
    ...(input.amount !== undefined ? { amount: amountOf(units(input.amount)) } : {}),
    currency: limits.currency,
    fund: product.name.en,
    createdAt: actor.at,
    createdBy: actor.userId,
    updatedAt: actor.at,
    signatures: [],
    holdsCapacity: false,
    ...(input.type === 'RESERVE_SUBSCRIPTION' ? { queuedAt: actor.at } : {}),
  };
  // An Invest journey left untouched lapses (expiry.ts; the daily job subscriptionExpiry).
  const deadline = subscriptionDeadline(record.status, actor.at);
  if (deadline) record.expiresAt = deadline;
  const steps: Step[] = [putSubscription(actor.tenantId, record)];
  if (input.shareClassId) {
    // The class counts its subscriptions, so it cannot be deleted under one (deleteShareClass).
    steps.push({
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.shareClass(actor.tenantId, product.productId, input.shareClassId),
          UpdateExpression: 'ADD subscriptionCount :one',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
      refusal: () => new DomainError('shareClassIsNotExist', { field: 'shareClassId' }),
    });
  }
  if (input.type === 'RESERVE_SUBSCRIPTION' && record.amount !== undefined) {
    steps.push(
      putQueued(actor.tenantId, product.productId, { subscriptionId, amount: record.amount, requestedAt: actor.at }),
    );
  }
  const name = SUBSCRIPTION_CREATION_EVENT[input.type];
  const payload =
    name === 'INTEREST_EXPRESSED'
      ? {
          refId: subscriptionId,
          userIds: [investorUserId],
          productId: product.productId,
          fund: text(record.fund),
          investor: text(investorName),
          amount: amountText(record),
        }
      : {
          refId: subscriptionId,
          productId: product.productId,
          type: input.type,
          status: record.status,
          ...(record.amount !== undefined ? { amount: record.amount } : {}),
          investorUserId,
        };
  await commit(actor, { steps, events: [eventOf(name, subscriptionId, payload)], result: undefined });
  return getSubscription(actor, role, subscriptionId);
};

// ---- Read

export const getSubscription = async (actor: Actor, role: Role, subscriptionId: string): Promise<Subscription> => {
  const whole = await readSubscriptionPartition(actor.tenantId, subscriptionId);
  const r = visibleOr404(whole?.record, actor, role);
  const position = r.queuedAt && r.status === 'REVIEW' ? await waitlistPosition(actor.tenantId, r) : undefined;
  const esign = await signingViews(actor.tenantId, subscriptionId);
  const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);
  const isStatus = (v: unknown): v is SubscriptionStatus =>
    typeof v === 'string' && (SUBSCRIPTION_LIFECYCLE.states as readonly string[]).includes(v);
  return {
    ...toSummary(r, position),
    createdBy: r.createdBy,
    ...(r.submittedAt ? { submittedAt: r.submittedAt } : {}),
    ...(r.decidedAt ? { decidedAt: r.decidedAt } : {}),
    ...(r.reason ? { reason: r.reason } : {}),
    ...(r.requestedDocuments ? { requestedDocuments: r.requestedDocuments } : {}),
    ...(r.expiresAt ? { expiresAt: r.expiresAt } : {}),
    signatures: r.signatures,
    ...(r.scenario ? { scenario: r.scenario } : {}),
    documents: (whole?.documents ?? []).map(toDocument),
    holdsCapacity: r.holdsCapacity,
    allowedEvents: SUBSCRIPTION_LIFECYCLE.allowedEvents(r.status, role, { type: r.type }),
    ...(esign.length ? { esign } : {}),
    history: (whole?.events ?? [])
      .sort((a, b) => String(a.SK).localeCompare(String(b.SK)))
      .map((e) => {
        const data = (e.data ?? {}) as Record<string, unknown>;
        const reason = str(data.reason) ?? str(data.comment);
        return {
          eventId: String(e.eventId),
          action: String(e.action),
          at: String(e.at),
          actorId: String(e.actorId ?? 'SYSTEM'),
          ...(isStatus(data.from) ? { from: data.from } : {}),
          ...(isStatus(data.to) ? { to: data.to } : {}),
          ...(reason ? { reason } : {}),
        };
      }),
  };
};

const toDocument = (d: DocumentRecord) => ({
  documentId: d.documentId,
  purpose: d.purpose,
  ...(d.docKey ? { docKey: d.docKey } : {}),
  name: d.name,
  fileName: d.fileName,
  uploadedAt: d.uploadedAt,
  uploadedBy: d.uploadedBy,
});

/**
 * A waiting reservation request's place in the queue, planned from fresh reads (the lists show the
 * consumer's stored plan instead, which one page of many subscriptions reads at once).
 */
const waitlistPosition = async (tenantId: string, r: SubscriptionRecord): Promise<number | undefined> => {
  const [product, capacity, queue] = await Promise.all([
    readFund(tenantId, r.productId),
    readCapacity(tenantId, r.productId),
    readQueue(tenantId, r.productId),
  ]);
  const plan = planReservations(product.targetSize, capacity?.taken ?? '0', queue);
  return plan.waitlist.find((w) => w.subscriptionId === r.subscriptionId)?.position;
};

// ---- The fund's mandatory documents for one subscription

/** The tenant's mandatory documents that apply to this fund and this kind of investor. */
export const applicableDocs = (
  docs: readonly MandatoryDoc[],
  productId: string,
  profileType?: string,
): MandatoryDoc[] =>
  docs.filter(
    (d) =>
      (!d.productIds || d.productIds.includes(productId)) &&
      (d.investorTypes.length === 0 ||
        (profileType !== undefined && (d.investorTypes as string[]).includes(profileType))),
  );

// ---- NIGO

const packageProfile = async (tenantId: string, profileId: string | undefined): Promise<PackageProfile | undefined> => {
  if (!profileId) return undefined;
  const [profile, screening] = await Promise.all([
    readProfileFacts(tenantId, profileId),
    readScreening(tenantId, profileId),
  ]);
  return profile ? { ...profile, ...screening } : undefined;
};

/** The NIGO firewall on the stored package: 422 SUBSCRIPTION_NIGO listing every failure, or nothing. */
const assertInGoodOrder = async (
  tenantId: string,
  r: SubscriptionRecord,
  documents: readonly DocumentRecord[],
  at: string,
) => {
  const [{ limits }, profile, mandatory] = await Promise.all([
    limitsOf(tenantId, r.productId, r.shareClassId),
    packageProfile(tenantId, r.profileId),
    readMandatoryDocs(tenantId),
  ]);
  const failures = checkPackage({
    type: r.type,
    amount: r.amount,
    limits,
    investorUserId: r.investorUserId,
    profile,
    scenarioMissing: r.scenario?.missing,
    requiredDocKeys: applicableDocs(mandatory.docs, r.productId, profile?.type).map((d) => d.docKey),
    uploadedDocKeys: documents.flatMap((d) => (d.purpose === 'MANDATORY' && d.docKey ? [d.docKey] : [])),
    signatures: r.signatures,
    asOf: today(at),
  });
  if (failures.length > 0) throw new DomainError('SUBSCRIPTION_NIGO', { failures });
};

// ---- Status changes

export interface ChangeOptions {
  /** The version the caller read; absent for the platform's own moves, which decide again on a lost race. */
  version?: number | undefined;
  reason?: string | undefined;
  signer?: { signerId: string; role: SignerRole } | undefined;
  /**
   * AMEND only (the modification paths, modification.service.ts): decided inside the same commit from
   * the same reads, the amendment's own writes (answers, the amendment record), changes to the record
   * (an amended amount) and what its event adds.
   */
  amendment?: (
    r: SubscriptionRecord,
    next: SubscriptionRecord,
  ) => Promise<{ steps: Step[]; payload: Record<string, unknown> }>;
  /** REQUEST_DOCUMENTS: the tenant's mandatory documents the manager names (MANDATORY_DOCUMENTS_REQUESTED). */
  docKeys?: readonly string[] | undefined;
}

/** The one event each change writes, with what the inbox's and money's consumers read. */
const eventFor = (
  r: SubscriptionRecord,
  next: SubscriptionRecord,
  event: SubscriptionEvent,
  reason?: string,
): EventDraft => {
  const name = SUBSCRIPTION_EVENT_NAMES[event];
  const payload: Record<string, unknown> = {
    refId: r.subscriptionId,
    event,
    from: r.status,
    to: next.status,
    userIds: [r.investorUserId],
    productId: r.productId,
    investorUserId: r.investorUserId,
    fund: text(r.fund),
    investor: text(r.investorName),
    amount: amountText(r),
    ...(r.shareClassId ? { shareClassId: r.shareClassId } : {}),
    ...(r.profileId ? { profileId: r.profileId } : {}),
    ...(reason ? { reason, comment: text(reason), documents: text(reason) } : {}),
  };
  if (name === 'RESERVATION_OPENED') payload.dueDate = daysAfter(next.updatedAt, RESERVATION_DAYS);
  // What money (issue 14) opens the commitment with, in exact decimals.
  if (name === 'SUBSCRIPTION_COUNTERSIGNED' && r.amount !== undefined) {
    payload.commitment = { amount: r.amount, currency: r.currency };
  }
  return eventOf(name, r.subscriptionId, payload);
};

/** Allocating a reservation: only a request that fits the capacity now, first come first served. */
const allocationSteps = async (tenantId: string, r: SubscriptionRecord): Promise<Step[]> => {
  if (r.type !== 'RESERVE_SUBSCRIPTION' || !r.queuedAt || r.amount === undefined) {
    throw new DomainError('TRANSITION_NOT_ALLOWED', { lifecycle: 'subscription', state: r.status, event: 'ALLOCATE' });
  }
  const [product, capacity, queue] = await Promise.all([
    readFund(tenantId, r.productId, true),
    readCapacity(tenantId, r.productId),
    readQueue(tenantId, r.productId),
  ]);
  const plan = planReservations(product.targetSize, capacity?.taken ?? '0', queue);
  if (!plan.allocatable.includes(r.subscriptionId)) {
    const position = plan.waitlist.find((w) => w.subscriptionId === r.subscriptionId)?.position;
    throw new DomainError('reservationCapacityFull', { field: 'amount', ...(position ? { position } : {}) });
  }
  return [
    deleteQueued(tenantId, r.productId, r.queuedAt, r.subscriptionId),
    putCapacity(tenantId, r.productId, amountOf(units(capacity?.taken ?? '0') + units(r.amount)), capacity),
  ];
};

const releaseSteps = async (tenantId: string, r: SubscriptionRecord): Promise<Step[]> => {
  const steps: Step[] = [];
  if (r.queuedAt) steps.push(deleteQueued(tenantId, r.productId, r.queuedAt, r.subscriptionId));
  if (r.holdsCapacity && r.amount !== undefined) {
    const capacity = await readCapacity(tenantId, r.productId);
    // amountOf never goes below zero: a release cannot leave a negative capacity taken.
    const left = units(capacity?.taken ?? '0') - units(r.amount);
    steps.push(putCapacity(tenantId, r.productId, amountOf(left), capacity));
  }
  return steps;
};

/**
 * The lifecycle's decision. Its actor refusal (FORBIDDEN) becomes subscriptionActionNotPermitted: the
 * route admits every role, and a generic FORBIDDEN would read as the route refusing the role.
 */
const nextFor = (r: SubscriptionRecord, event: SubscriptionEvent, role: SubscriptionActor) => {
  try {
    return nextSubscriptionStatus(r.status, event, role, { type: r.type });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'FORBIDDEN') {
      throw new DomainError('subscriptionActionNotPermitted', { field: 'event', event });
    }
    throw error;
  }
};

/**
 * Every status change: reads the record, applies the lifecycle (403 FORBIDDEN, 409
 * TRANSITION_NOT_ALLOWED), the event's own preconditions, and writes record, side items and the one
 * event in one conditional commit on the version read.
 */
const change = (
  actor: Actor,
  role: SubscriptionActor,
  subscriptionId: string,
  event: SubscriptionEvent,
  opts: ChangeOptions,
): Promise<SubscriptionRecord> =>
  commit(actor, async () => {
    const whole = await readSubscriptionPartition(actor.tenantId, subscriptionId);
    const r = visibleOr404(whole?.record, actor, role);
    const to = nextFor(r, event, role);
    if (opts.version !== undefined && opts.version !== r.version) throw new DomainError('VERSION_CONFLICT');
    // An investor acts only on their own subscription (the team's view of it does not make them its investor).
    if (role === 'LP' && r.investorUserId !== actor.userId) throw new DomainError('SUBSCRIPTION_NOT_EXISTS');
    if (REASON_REQUIRED.includes(event) && !opts.reason) {
      throw new DomainError('subscriptionReasonRequired', { field: 'reason' });
    }
    const documents = whole?.documents ?? [];
    const next: SubscriptionRecord = { ...r, status: to, version: r.version + 1, updatedAt: actor.at };
    const steps: Step[] = [];
    const extraEvents: EventDraft[] = [];
    let amendmentPayload: Record<string, unknown> = {};
    switch (event) {
      case 'ALLOCATE':
        steps.push(...(await allocationSteps(actor.tenantId, r)));
        next.holdsCapacity = true;
        delete next.queuedAt;
        break;
      case 'PREPARE_SUBMISSION':
        await assertInGoodOrder(actor.tenantId, r, documents, actor.at);
        break;
      case 'SUBMIT':
      case 'UPLOAD_SIGNED_ORDER':
        if (event === 'UPLOAD_SIGNED_ORDER' && !documents.some((d) => d.purpose === 'SIGNED_ORDER')) {
          throw new DomainError('subscriptionDocumentMissing', { field: 'documents.SIGNED_ORDER' });
        }
        next.submittedAt = actor.at;
        break;
      case 'REQUEST_DOCUMENTS': {
        const named = await requestedMandatoryDocs(actor.tenantId, opts.docKeys);
        next.requestedDocuments = {
          note: opts.reason ?? '',
          at: actor.at,
          ...(named.length ? { docKeys: named.map((d) => d.docKey) } : {}),
        };
        if (named.length) {
          // The investor's MANDATORY_DOCUMENTS_REQUIRED task names them (besides the request's own task).
          extraEvents.push(
            eventOf('MANDATORY_DOCUMENTS_REQUESTED', r.subscriptionId, {
              refId: r.subscriptionId,
              userIds: [r.investorUserId],
              fund: text(r.fund),
              documents: text(named.map((d) => d.name.en).join(', ')),
              docKeys: named.map((d) => d.docKey),
            }),
          );
        }
        break;
      }
      case 'UPLOAD_DOCUMENTS': {
        const since = r.requestedDocuments?.at ?? '';
        const fresh = documents.filter((d) => d.uploadedAt >= since);
        const named = r.requestedDocuments?.docKeys ?? [];
        if (named.length) {
          // Each named document, uploaded since the request (as a mandatory or an additional document).
          const missing = named.find((k) => !fresh.some((d) => d.docKey === k));
          if (missing) throw new DomainError('subscriptionDocumentMissing', { field: `documents.${missing}` });
        } else if (!fresh.some((d) => d.purpose === 'ADDITIONAL')) {
          throw new DomainError('subscriptionDocumentMissing', { field: 'documents.ADDITIONAL' });
        }
        delete next.requestedDocuments;
        break;
      }
      case 'AMEND': {
        // Only through the modification paths, which bring the amended answers.
        if (!opts.amendment) {
          throw new DomainError('TRANSITION_NOT_ALLOWED', { lifecycle: 'subscription', state: r.status, event });
        }
        const amended = await opts.amendment(r, next);
        steps.push(...amended.steps);
        amendmentPayload = amended.payload;
        next.submittedAt = actor.at;
        break;
      }
      case 'APPROVE':
        next.decidedAt = actor.at;
        break;
      case 'COUNTERSIGN':
        // Accepted at a close: from now on its amount is part of the fund, allocated or not.
        if (!r.holdsCapacity && r.amount !== undefined) {
          const capacity = await readCapacity(actor.tenantId, r.productId);
          steps.push(
            putCapacity(
              actor.tenantId,
              r.productId,
              amountOf(units(capacity?.taken ?? '0') + units(r.amount)),
              capacity,
            ),
          );
          next.holdsCapacity = true;
        }
        break;
      case 'SIGNER_SIGNED':
      case 'SIGNING_COMPLETED':
        if (
          opts.signer &&
          !r.signatures.some((s) => s.signerId === opts.signer?.signerId && s.role === opts.signer.role)
        ) {
          next.signatures = [...r.signatures, { ...opts.signer, signedAt: actor.at }];
        }
        break;
      default:
        break;
    }
    if (opts.reason) next.reason = opts.reason;
    // The lapse clock starts again in every status (expiry.ts); none once nothing can lapse.
    const deadline = subscriptionDeadline(to, actor.at);
    if (deadline) next.expiresAt = deadline;
    else delete next.expiresAt;
    if (ENDINGS.has(to)) {
      steps.push(...(await releaseSteps(actor.tenantId, r)));
      next.holdsCapacity = false;
      delete next.queuedAt;
      if (to === 'REJECTED') next.decidedAt = actor.at;
    }
    steps.unshift(putSubscription(actor.tenantId, next, r.version, opts.version !== undefined));
    const own = eventFor(r, next, event, opts.reason);
    const main = Object.keys(amendmentPayload).length
      ? eventOf(own.name, own.about, { ...own.payload, ...amendmentPayload })
      : own;
    return { steps, events: [main, ...extraEvents], result: next };
  });

/** A person's action (investor or team) from the actions route, on the version they read. */
export const transitionSubscription = async (
  actor: Actor,
  role: Role,
  subscriptionId: string,
  body: SubscriptionAction,
): Promise<Subscription> => {
  // An agreement signed electronically is countersigned electronically: the status moves when the
  // countersignature project completes (countersign.ts), not at the admin's click.
  if (body.event === 'COUNTERSIGN' && (await countersignsElectronically(actor.tenantId, subscriptionId))) {
    await requestCountersign(actor, role, subscriptionId, body.version);
    return getSubscription(actor, role, subscriptionId);
  }
  await change(actor, role, subscriptionId, body.event, {
    version: body.version,
    reason: body.reason,
    docKeys: body.docKeys,
  });
  return getSubscription(actor, role, subscriptionId);
};

/**
 * The investor's amendment (modification/confirm): AMEND on the version they read, with the
 * amendment's writes in the same commit (modification.service.ts).
 */
export const amendSubscription = (
  actor: Actor,
  subscriptionId: string,
  version: number,
  amendment: NonNullable<ChangeOptions['amendment']>,
): Promise<SubscriptionRecord> => change(actor, 'LP', subscriptionId, 'AMEND', { version, amendment });

/** The tenant's mandatory documents a request names: each must be on the list (422 naming the key). */
const requestedMandatoryDocs = async (tenantId: string, docKeys: readonly string[] | undefined) => {
  if (!docKeys?.length) return [];
  const { docs } = await readMandatoryDocs(tenantId);
  return docKeys.map((key, i) => {
    const doc = docs.find((d) => d.docKey === key);
    if (!doc) throw new DomainError('mandatoryDocumentUnknown', { field: `docKeys.${i}` });
    return doc;
  });
};

/**
 * The countersignature project completed (consumer subscriptionSigning): APPROVED -> COMMITTED as the
 * admin who countersigned, with everything COUNTERSIGN writes (capacity, SUBSCRIPTION_COUNTERSIGNED).
 * A redelivered completion finds it COMMITTED and changes nothing.
 */
export const completeCountersign = async (actor: Actor, role: Role, subscriptionId: string) => {
  const current = await getSubscriptionRecord(actor.tenantId, subscriptionId);
  if (current?.status !== 'APPROVED') return current;
  return change(actor, role, subscriptionId, 'COUNTERSIGN', {});
};

/**
 * The platform's own moves (scenario execution, e-signature callbacks, capital-call bookkeeping, the
 * expiry job): actor role SYSTEM, same table, same commit; a lost race is decided again from fresh
 * reads (no caller version). `expectedStatus` makes a redelivered callback a no-op instead of a 409.
 */
export const applySubscriptionEvent = async (
  actor: Actor,
  subscriptionId: string,
  event: SubscriptionEvent,
  payload: { signerId?: string; signerRole?: SignerRole; reason?: string } = {},
  opts: { expectedStatus?: SubscriptionStatus } = {},
): Promise<SubscriptionRecord> => {
  if (opts.expectedStatus) {
    const current = await getSubscriptionRecord(actor.tenantId, subscriptionId);
    if (!current) throw new DomainError('SUBSCRIPTION_NOT_EXISTS');
    if (current.status !== opts.expectedStatus) return current;
  }
  return change(actor, 'SYSTEM', subscriptionId, event, {
    reason: payload.reason,
    ...(payload.signerId ? { signer: { signerId: payload.signerId, role: payload.signerRole ?? 'HOLDER' } } : {}),
  });
};

/**
 * What the scenario reports as still missing (mandatory fields and documents of its steps); no status
 * change. PREPARE_SUBMISSION refuses while the list is not empty.
 */
export const recordScenarioProgress = (actor: Actor, subscriptionId: string, missing: PackageGap[]) =>
  commit(actor, async () => {
    const r = await getSubscriptionRecord(actor.tenantId, subscriptionId);
    if (!r) throw new DomainError('SUBSCRIPTION_NOT_EXISTS');
    const next = { ...r, scenario: { missing }, version: r.version + 1, updatedAt: actor.at };
    return { steps: [putSubscription(actor.tenantId, next, r.version, false)], events: [], result: next };
  });

/**
 * A signature the investor side gave outside the status steps (a scenario's sign node, confirmed by
 * the holder, a co-holder or a signatory through their link), recorded once per signer and role; no
 * status change. The NIGO check then counts it.
 */
export const recordSignature = (actor: Actor, subscriptionId: string, signer: { signerId: string; role: SignerRole }) =>
  commit(actor, async () => {
    const r = await getSubscriptionRecord(actor.tenantId, subscriptionId);
    if (!r) throw new DomainError('SUBSCRIPTION_NOT_EXISTS');
    if (r.signatures.some((s) => s.signerId === signer.signerId && s.role === signer.role)) {
      return { steps: [], events: [], result: r };
    }
    const next = {
      ...r,
      signatures: [...r.signatures, { ...signer, signedAt: actor.at }],
      version: r.version + 1,
      updatedAt: actor.at,
    };
    return { steps: [putSubscription(actor.tenantId, next, r.version, false)], events: [], result: next };
  });

// ---- Two-step submission (spec: SUCCESS, REPEATED_SUBMIT)

export const submitSubscription = async (
  actor: Actor,
  role: Role,
  subscriptionId: string,
  body: { step: 'PREPARE' | 'SUBMIT'; version: number },
): Promise<{ result: 'SUCCESS' | 'REPEATED_SUBMIT'; subscription: Subscription }> => {
  if (body.step === 'PREPARE') {
    await change(actor, role, subscriptionId, 'PREPARE_SUBMISSION', { version: body.version });
    return { result: 'SUCCESS', subscription: await getSubscription(actor, role, subscriptionId) };
  }
  const repeated = async () => {
    const current = visibleOr404(await getSubscriptionRecord(actor.tenantId, subscriptionId), actor, role);
    return repeatedSubmit(current.status);
  };
  // A double click or a retry after a lost answer: the package is already with the manager.
  if (await repeated())
    return { result: 'REPEATED_SUBMIT', subscription: await getSubscription(actor, role, subscriptionId) };
  try {
    await change(actor, role, subscriptionId, 'SUBMIT', { version: body.version });
  } catch (error) {
    // Its twin won the race (this one then read an older version, or the new status): it happened, once.
    if (error instanceof DomainError && (await repeated())) {
      return { result: 'REPEATED_SUBMIT', subscription: await getSubscription(actor, role, subscriptionId) };
    }
    throw error;
  }
  return { result: 'SUCCESS', subscription: await getSubscription(actor, role, subscriptionId) };
};

// ---- Bulk approve: each its own commit, so one refusal does not hold the others back

export const bulkApprove = async (actor: Actor, role: Role, items: { subscriptionId: string; version: number }[]) => {
  const results = [];
  for (const item of items) {
    try {
      const next = await change(actor, role, item.subscriptionId, 'APPROVE', { version: item.version });
      results.push({ subscriptionId: item.subscriptionId, ok: true as const, status: next.status });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      results.push({ subscriptionId: item.subscriptionId, ok: false as const, code: error.code });
    }
  }
  return { results };
};

// ---- Documents

/** Who may add which document when (ours): the investor's mandatory documents until the package is handed over. */
const DOCUMENT_WINDOWS: Record<
  AddSubscriptionDocument['purpose'],
  { gp: boolean; statuses: readonly SubscriptionStatus[] }
> = {
  MANDATORY: {
    gp: false,
    statuses: [
      'INVESTING',
      'ASSESS_RISK',
      'RISK_ASSESSED',
      'SIGN',
      'SIGNING',
      'SIGNED',
      'AWAITING_ADDITIONAL_DOCUMENTS',
    ],
  },
  ADDITIONAL: { gp: false, statuses: ['AWAITING_ADDITIONAL_DOCUMENTS'] },
  SIGNED_ORDER: { gp: true, statuses: ['OFFLINE_SIGNING'] },
};

export const listSubscriptionDocuments = async (actor: Actor, role: Role, subscriptionId: string) => {
  const whole = await readSubscriptionPartition(actor.tenantId, subscriptionId);
  const r = visibleOr404(whole?.record, actor, role);
  const [mandatory, profile] = await Promise.all([
    readMandatoryDocs(actor.tenantId),
    r.profileId ? readProfileFacts(actor.tenantId, r.profileId) : undefined,
  ]);
  return {
    required: applicableDocs(mandatory.docs, r.productId, profile?.type),
    documents: (whole?.documents ?? []).map(toDocument),
  };
};

export const addSubscriptionDocument = async (
  actor: Actor,
  role: Role,
  subscriptionId: string,
  input: AddSubscriptionDocument,
): Promise<Subscription> => {
  const file = await getUploadedFile(actor.tenantId, input.fileName);
  await commit(actor, async () => {
    const whole = await readSubscriptionPartition(actor.tenantId, subscriptionId);
    const r = visibleOr404(whole?.record, actor, role);
    const window = DOCUMENT_WINDOWS[input.purpose];
    const mayAdd = window.gp ? isGp(role) : role === 'LP' && r.investorUserId === actor.userId;
    if (!mayAdd || !window.statuses.includes(r.status)) {
      throw new DomainError('subscriptionDocumentNotAllowed', { field: 'purpose', status: r.status });
    }
    if (input.purpose === 'MANDATORY') {
      const { docs } = await readMandatoryDocs(actor.tenantId);
      const profile = r.profileId ? await readProfileFacts(actor.tenantId, r.profileId) : undefined;
      const named = r.requestedDocuments?.docKeys ?? [];
      const allowed = applicableDocs(docs, r.productId, profile?.type).some((d) => d.docKey === input.docKey);
      if (!allowed && !(input.docKey && named.includes(input.docKey))) {
        throw new DomainError('subscriptionDocumentNotAllowed', { field: 'docKey' });
      }
    }
    const clean = cleanOwnFile(file, actor, 'fileName');
    const documentId = newId();
    const doc: DocumentRecord = {
      subscriptionId,
      documentId,
      purpose: input.purpose,
      ...(input.purpose === 'MANDATORY' && input.docKey ? { docKey: input.docKey } : {}),
      name: input.name,
      fileName: clean.fileName,
      uploadedAt: actor.at,
      uploadedBy: actor.userId,
    };
    const next = { ...r, version: r.version + 1, updatedAt: actor.at };
    const steps: Step[] = [
      putSubscription(actor.tenantId, next, r.version, false),
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: documentItem(actor.tenantId, doc),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
      // One file, one document: the file is attached to this subscription only.
      attachFileStep(actor, clean.fileName, { subscriptionId, documentId }),
    ];
    const events =
      input.purpose === 'MANDATORY'
        ? [
            eventOf('MANDATORY_DOCUMENTS_UPLOADED', subscriptionId, {
              refId: subscriptionId,
              documentId,
              docKey: input.docKey,
            }),
          ]
        : [];
    return { steps, events, result: undefined };
  });
  return getSubscription(actor, role, subscriptionId);
};
