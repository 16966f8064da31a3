import type { Role } from '@tranche/shared/auth/roles';
import type { Lang } from '@tranche/shared/i18n/langs';
import { KYC_VALIDITY_MONTHS, type KycCase, type KycDecisionBody } from '@tranche/shared/profile/kyc.schema';
import {
  isOpenKycStatus,
  KYC_CASE_LIFECYCLE,
  type KycCaseStatus,
  type KycDecision,
} from '@tranche/shared/profile/kyc-case-lifecycle';
import { REQUIREMENT_KIND_LABELS, type RequirementKind } from '@tranche/shared/profile/profile-enums';
import type { Actor } from '#lib/audit';
import { tableName } from '#lib/db/client';
import { commit, type EventDraft, event, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { profileDecision } from '../profile/profile-review.js';
import { findUser } from '../user/user.repo.js';
import { type CaseRecord, findCase, findOpenCaseId, readCasePartition, toKycCase } from './kyc.repo.js';

/**
 * The manager's decisions on a KYC case and the system's moves (docs/profiles.md "KYC review"). Every
 * change is one commit: the case's #META (status and version checked), the open-case claim when the
 * case ends, the profile's own transition (profiles-core's lifecycle, through profile-link.ts), and
 * the events, whose consumers open and close the investor's tasks.
 */

/** Which profile lifecycle event each decision fires (shared/src/profile/profile-lifecycle.ts). */
const PROFILE_EVENT: Record<KycDecision, 'APPROVE' | 'REJECT' | 'REQUEST_DOCUMENTS' | 'REFER_TO_SALES_SUPPORT'> = {
  APPROVE: 'APPROVE',
  REJECT: 'REJECT',
  REQUEST_DOCUMENTS: 'REQUEST_DOCUMENTS',
  SALES_SUPPORT: 'REFER_TO_SALES_SUPPORT',
};

/** The approval holds for KYC_VALIDITY_MONTHS from the decision (same day of month, clamped by Date). */
export const validUntilOf = (at: string): string => {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() + KYC_VALIDITY_MONTHS);
  return d.toISOString();
};

/** What was asked for, as the investor reads it in their task: the kinds' labels, then the manager's note. */
export const documentsText = (kinds: readonly RequirementKind[], note: string | undefined, lang: Lang): string => {
  const text = [kinds.map((k) => REQUIREMENT_KIND_LABELS[k][lang]).join(lang === 'zh-CN' ? '、' : ', '), note ?? '']
    .filter((part) => part.trim().length > 0)
    .join(lang === 'zh-CN' ? '；' : '; ');
  // The inbox's text fields are at most 300 characters: the task links to the profile, where the rest shows.
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
};

/** The #META update of a status change: status, version, the queue index, on the version read. */
export const caseMoveStep = (
  tenantId: string,
  c: CaseRecord,
  to: KycCaseStatus,
  at: string,
  extra: Record<string, unknown> = {},
): Step => {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = {
    ':to': to,
    ':from': c.status,
    ':v': c.version,
    ':v1': c.version + 1,
    ':at': at,
    ':qpk': keys.kycQueue(tenantId, to, c.openedAt, c.caseId).GSI2PK,
  };
  const sets = ['#status = :to', 'version = :v1', 'updatedAt = :at', 'GSI2PK = :qpk'];
  Object.entries(extra).forEach(([name, value], i) => {
    names[`#x${i}`] = name;
    values[`:x${i}`] = value;
    sets.push(`#x${i} = :x${i}`);
  });
  return {
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.kycCase(tenantId, c.caseId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: '#status = :from AND version = :v',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  };
};

/** Releases the profile's open-case claim when its case ends (only if it is still this case's). */
export const releaseClaimStep = (tenantId: string, c: CaseRecord): Step => ({
  item: {
    Delete: {
      TableName: tableName(),
      Key: keys.kycOpenCase(tenantId, c.profileId),
      ConditionExpression: 'caseId = :id',
      ExpressionAttributeValues: { ':id': c.caseId },
    },
  },
});

export const decideCase = async (actor: Actor, role: Role, caseId: string, body: KycDecisionBody): Promise<KycCase> => {
  const { tenantId } = actor;
  await commit(actor, async () => {
    const c = await findCase(tenantId, caseId);
    if (!c) throw new DomainError('KYC_CASE_NOT_EXISTS');
    // The manager decided on what they read: anything newer (another decision, an upload) is a conflict.
    if (c.version !== body.version) throw new DomainError('VERSION_CONFLICT', { version: c.version });
    const to = KYC_CASE_LIFECYCLE.next(c.status, body.decision, role, { findings: c.findings });
    const at = actor.at;
    const ended = !isOpenKycStatus(to);
    const decision = { decision: body.decision, reason: body.reason, by: actor.userId, at };
    const documents =
      body.decision === 'REQUEST_DOCUMENTS'
        ? { kinds: body.documents.kinds, ...(body.documents.note ? { note: body.documents.note } : {}) }
        : undefined;
    const validUntil = body.decision === 'APPROVE' ? validUntilOf(at) : undefined;
    // The profile moves in the same transaction (profiles-core's lifecycle, the review as SYSTEM).
    const profile = await profileDecision(tenantId, c.profileId, PROFILE_EVENT[body.decision], {
      reason: body.reason,
      caseId: c.caseId,
      at,
    });
    const steps: Step[] = [
      caseMoveStep(tenantId, c, to, at, {
        ...(documents ? { documentsRequested: documents } : {}),
        ...(ended ? { decision } : {}),
        ...(validUntil ? { validUntil } : {}),
      }),
      ...(ended ? [releaseClaimStep(tenantId, c)] : []),
      ...profile.steps,
    ];
    const events: EventDraft[] = [
      event('KYC_CASE_DECIDED', c.caseId, {
        caseId: c.caseId,
        refId: c.profileId,
        decision: body.decision,
        from: c.status,
        to,
        reason: body.reason,
        version: c.version + 1,
        ...(documents ? { documents } : {}),
        ...(validUntil ? { validUntil } : {}),
      }),
      ...profile.events,
    ];
    if (documents) {
      const owner = await findUser(tenantId, c.ownerUserId);
      events.push(
        event('KYC_DOCUMENTS_REQUESTED', c.profileId, {
          refId: c.profileId,
          userIds: [c.ownerUserId],
          caseId: c.caseId,
          profile: c.profileName.slice(0, 300),
          documents: documentsText(documents.kinds, documents.note, owner?.language ?? 'en'),
        }),
      );
    }
    // An ended case makes a waiting documents task moot.
    if (ended && (c.status === 'DOCUMENTS_REQUESTED' || c.status === 'DOCUMENTS_UPLOADED')) {
      events.push(event('KYC_DOCUMENTS_PROVIDED', c.profileId, { refId: c.profileId, caseId: c.caseId }));
    }
    if (body.decision === 'APPROVE') {
      events.push(
        event('KYC_CONFIRMED', c.profileId, {
          refId: c.profileId,
          userIds: [c.ownerUserId],
          profile: c.profileName.slice(0, 300),
        }),
      );
    }
    return { steps, events, result: undefined };
  });
  const whole = await readCasePartition(tenantId, caseId);
  if (!whole) throw new DomainError('KYC_CASE_NOT_EXISTS');
  return toKycCase(tenantId, whole, role);
};

/**
 * The investor added a document to a profile whose case waits for documents: the case moves to
 * DOCUMENTS_UPLOADED (the system's DOCUMENTS_ADDED) and the investor's documents task closes. A
 * profile with no open case, or one not waiting for documents, is left alone (a document added to a
 * draft is just a document). Answers whether the case moved.
 */
export const documentAdded = async (
  actor: Actor,
  input: { profileId: string; documentId: string; kind: string },
): Promise<boolean> =>
  commit(actor, async () => {
    const caseId = await findOpenCaseId(actor.tenantId, input.profileId);
    const c = caseId ? await findCase(actor.tenantId, caseId) : undefined;
    if (!c || !KYC_CASE_LIFECYCLE.can(c.status, 'DOCUMENTS_ADDED', 'SYSTEM')) {
      return { steps: [], events: [], result: false };
    }
    const to = KYC_CASE_LIFECYCLE.next(c.status, 'DOCUMENTS_ADDED', 'SYSTEM', { findings: c.findings });
    return {
      steps: [caseMoveStep(actor.tenantId, c, to, actor.at)],
      events: [
        event('KYC_CASE_DOCUMENTS_ADDED', c.caseId, {
          caseId: c.caseId,
          profileId: c.profileId,
          documentId: input.documentId,
          kind: input.kind,
          from: c.status,
          to,
        }),
        event('KYC_DOCUMENTS_PROVIDED', c.profileId, { refId: c.profileId, caseId: c.caseId }),
      ],
      result: true,
    };
  });
