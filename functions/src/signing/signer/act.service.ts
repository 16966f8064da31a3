import type { SignerAction, SignerRef, SignerSelf } from '@tranche/shared/signing/sign.schema';
import {
  isSignersTurn,
  projectEventForSignature,
  SIGNER_LIFECYCLE,
  SIGNING_PROJECT_LIFECYCLE,
  signersToNotify,
} from '@tranche/shared/signing/signing-state';
import { tableName } from '#lib/db/client';
import { commit, type EventDraft, event, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { DomainError } from '#lib/errors';
import { consentText } from './consent.js';
import { identifyVerifiedSigner } from './identity.js';
import { notifiedSteps } from './notify.js';
import { checkValues } from './rules.js';
import {
  type ProjectParts,
  projectUpdate,
  readSignerParts,
  type SignerRecord,
  signerSelf,
  signerUpdate,
  turnsOf,
} from './signer.repo.js';
import { actorOf, assertProjectOpen, fieldsOf, notFoundAfterRead, type RequestFacts, userAgentOf } from './steps.js';

/**
 * A signer's acts on /signer/{signerId} (issue 12): consent to sign electronically, the signature
 * (values, the signer's SIGN, the project's SIGN or COMPLETE, the next group told, in one commit on
 * the versions read, so exactly one signature completes the project), and the decline (the project
 * ends, everyone else still open is cancelled, the sender is told).
 */
// ---- /signer/{signerId}: consent, sign, decline

/** The company seals a GP signer may place (the tenant's seal items). */
const sealIdsOf = async (tenantId: string): Promise<Set<string>> =>
  new Set(
    (
      await queryAll({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.companySealsPk(tenantId), ':prefix': 'SEAL#' },
        ProjectionExpression: 'sealId',
      })
    ).map((s) => String(s.sealId)),
  );

const consentFields = (req: RequestFacts, at: string) => ({
  consentAt: at,
  consentIp: req.sourceIp.slice(0, 64),
  consentUserAgent: userAgentOf(req),
  consentTextVersion: consentText(req.lang).version,
});

const consentEvent = (req: RequestFacts, ref: SignerRef) =>
  event('SIGNER_CONSENTED', ref.projectId, {
    refId: ref.signerId,
    projectId: ref.projectId,
    textVersion: consentText(req.lang).version,
    ip: req.sourceIp.slice(0, 64),
    userAgent: userAgentOf(req),
  });

const valueItem = (tenantId: string, ref: SignerRef, fieldId: string, value: unknown, at: string): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.signingValue(tenantId, ref.projectId, ref.signerId, fieldId),
        type: 'SIGNING_VALUE',
        signerId: ref.signerId,
        fieldId,
        value,
        at,
      },
      // A value is written once, with the signature: a replay cannot overwrite what was signed.
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  },
});

export const act = async (req: RequestFacts, ref: SignerRef, action: SignerAction): Promise<SignerSelf> => {
  const caller = await identifyVerifiedSigner(req, ref.projectId, ref.signerId);
  const actor = actorOf(req, caller.signer);
  const sealIds =
    action.action === 'SIGN' && caller.signer.role === 'GP' ? await sealIdsOf(req.tenantId) : new Set<string>();
  const signer = await commit(actor, async () => {
    const parts = await readSignerParts(req.tenantId, ref.projectId, ref.signerId);
    const me = notFoundAfterRead(parts, ref.signerId);
    const at = actor.at;
    if (action.action === 'CONSENT') {
      assertProjectOpen(parts, 'SIGN');
      SIGNER_LIFECYCLE.next(me.state, 'SIGN', 'SIGNER');
      if (me.consentAt) return { steps: [], events: [], result: me };
      const set = consentFields(req, at);
      return {
        steps: [signerUpdate(req.tenantId, me, set)],
        events: [consentEvent(req, ref)],
        result: { ...me, ...set, version: me.version + 1 },
      };
    }
    if (action.action === 'DECLINE') return decline(req, ref, parts, me, action.reason, at);
    return sign(req, ref, parts, me, action, sealIds, at);
  });
  return signerSelf(signer, true);
};

const sign = async (
  req: RequestFacts,
  ref: SignerRef,
  parts: ProjectParts,
  me: SignerRecord,
  action: Extract<SignerAction, { action: 'SIGN' }>,
  sealIds: ReadonlySet<string>,
  at: string,
) => {
  assertProjectOpen(parts, 'SIGN');
  const turns = turnsOf(parts.signers);
  if (
    me.state !== 'SIGNED' &&
    me.state !== 'DECLINED' &&
    me.state !== 'CANCELLED' &&
    !isSignersTurn(turns, me.signerId)
  ) {
    throw new DomainError('signingNotYourTurn');
  }
  const next = SIGNER_LIFECYCLE.next(me.state, 'SIGN', 'SIGNER');
  const consentNow = !me.consentAt && action.consent === true;
  if (!me.consentAt && !consentNow) throw new DomainError('signingConsentRequired');
  const values = checkValues(fieldsOf(parts, me.signerId), action.values, me.role, sealIds);
  const projectEvent = projectEventForSignature(turns, me.signerId);
  const projectNext = SIGNING_PROJECT_LIFECYCLE.next(parts.project.status, projectEvent, 'SIGNER');
  const evidence = { ip: req.sourceIp.slice(0, 64), userAgent: userAgentOf(req) };
  const set: Record<string, unknown> = {
    state: next,
    signedAt: at,
    ...evidence,
    ...(consentNow ? consentFields(req, at) : {}),
  };
  const steps: Step[] = [
    signerUpdate(req.tenantId, me, set),
    ...[...values].map(([fieldId, value]) => valueItem(req.tenantId, ref, fieldId, value, at)),
    projectUpdate(req.tenantId, parts.project, {
      status: projectNext,
      updatedAt: at,
      // The manager's list reads the count off the project item (projects.repo.ts listProjects).
      signedCount: parts.signers.filter((s) => s.state === 'SIGNED').length + 1,
      ...(projectNext === 'COMPLETED' ? { completedAt: at } : {}),
    }),
  ];
  const events: EventDraft[] = [
    ...(consentNow ? [consentEvent(req, ref)] : []),
    event('SIGNER_SIGNED', ref.projectId, { refId: me.signerId, projectId: ref.projectId, fields: [...values.keys()] }),
  ];
  if (projectEvent === 'COMPLETE') {
    events.push(
      event('SIGNING_PROJECT_COMPLETED', ref.projectId, {
        refId: ref.projectId,
        projectId: ref.projectId,
        completedAt: at,
      }),
    );
  } else {
    events.push(
      event('SIGNING_PROJECT_SIGNED', ref.projectId, {
        refId: ref.projectId,
        projectId: ref.projectId,
        signerId: me.signerId,
      }),
    );
    // The next group's turn, when this signature closed the current one.
    const after = turns.map((t) => (t.signerId === me.signerId ? { ...t, state: next } : t));
    const toTell = new Set(signersToNotify(after));
    const told = await notifiedSteps(
      req.tenantId,
      parts,
      parts.signers.filter((s) => toTell.has(s.signerId)),
      at,
    );
    steps.push(...told.steps);
    events.push(...told.events);
  }
  return { steps, events, result: { ...me, ...set, version: me.version + 1 } as SignerRecord };
};

const decline = (
  req: RequestFacts,
  ref: SignerRef,
  parts: ProjectParts,
  me: SignerRecord,
  reason: string,
  at: string,
) => {
  assertProjectOpen(parts, 'DECLINE');
  const next = SIGNER_LIFECYCLE.next(me.state, 'DECLINE', 'SIGNER');
  const projectNext = SIGNING_PROJECT_LIFECYCLE.next(parts.project.status, 'DECLINE', 'SIGNER');
  const set = {
    state: next,
    declinedAt: at,
    declineReason: reason,
    ip: req.sourceIp.slice(0, 64),
    userAgent: userAgentOf(req),
  };
  const steps: Step[] = [
    signerUpdate(req.tenantId, me, set),
    projectUpdate(req.tenantId, parts.project, {
      status: projectNext,
      updatedAt: at,
      declineReason: reason,
      declinedBy: me.signerId,
    }),
  ];
  const events: EventDraft[] = [
    event('SIGNER_DECLINED', ref.projectId, { refId: me.signerId, projectId: ref.projectId, reason }),
    event('SIGNING_PROJECT_DECLINED', ref.projectId, {
      refId: ref.projectId,
      projectId: ref.projectId,
      project: parts.project.name,
      signer: me.name,
      reason,
      userIds: [parts.project.createdBy],
    }),
  ];
  // Everyone else still open is cancelled: the project is over, their tasks close.
  for (const other of parts.signers) {
    if (other.signerId === me.signerId || !SIGNER_LIFECYCLE.can(other.state, 'CANCEL', 'SYSTEM')) continue;
    steps.push(signerUpdate(req.tenantId, other, { state: 'CANCELLED' }));
    events.push(
      event('SIGNER_CANCELLED', ref.projectId, {
        refId: other.signerId,
        projectId: ref.projectId,
        because: 'DECLINED',
      }),
    );
  }
  return { steps, events, result: { ...me, ...set, version: me.version + 1 } as SignerRecord };
};
