import type { KycCase, KycDecisionBody } from '@tranche/shared/profile/kyc.schema';
import {
  blockingFinding,
  KYC_CASE_LIFECYCLE,
  KYC_DECISIONS,
  type KycDecision,
} from '@tranche/shared/profile/kyc-case-lifecycle';
import type { RequirementKind } from '@tranche/shared/profile/profile-enums';
import type { SchemaIssue } from '@/lib/form-errors';

/** The decision dialog's fields; the decision and the case version come from the page. */
export interface DecisionFormValues {
  reason: string;
  kinds: RequirementKind[];
  note: string;
}

export const EMPTY_DECISION_FORM: DecisionFormValues = { reason: '', kinds: [], note: '' };

/** The request body the shared schema checks: what the server will check, field for field. */
export const decisionBody = (decision: KycDecision, version: number, values: DecisionFormValues): unknown => {
  const base = { decision, reason: values.reason, version };
  if (decision !== 'REQUEST_DOCUMENTS') return base;
  const note = values.note.trim();
  // An empty note is no note: the schema wants a non-empty one or none at all.
  return { ...base, documents: { kinds: values.kinds, ...(note ? { note } : {}) } };
};

/** The form field an issue of the body belongs to (`documents.kinds` -> `kinds`). */
export const decisionFieldPath = (path: readonly PropertyKey[]): string => {
  const parts = path.map(String);
  return parts[0] === 'documents' ? (parts[1] ?? 'kinds') : (parts[0] ?? '');
};

export type DecisionErrorKey = 'required' | 'tooLong' | 'invalid' | 'kindsOrNote';

/** The message key for an issue of the decision body, from its field and zod code. */
export const decisionErrorKey = (issue: Pick<SchemaIssue, 'code' | 'path'>): DecisionErrorKey => {
  const field = decisionFieldPath(issue.path);
  if (field === 'kinds') return 'kindsOrNote';
  if (issue.code === 'too_small') return 'required';
  if (issue.code === 'too_big') return 'tooLong';
  if (issue.code === 'invalid_type') return 'required';
  return 'invalid';
};

export type DecisionsReadOnlyReason = 'ended' | 'role';

export interface DecisionButtons {
  /** The decisions the case's status offers anyone who may decide, in the panel's order. */
  shown: KycDecision[];
  /** Which of them this user may take now (the server's `allowedDecisions`). */
  enabled: ReadonlySet<KycDecision>;
  /** Why nothing can be decided, if so. */
  readOnly: DecisionsReadOnlyReason | undefined;
  /** The finding that refuses an approval (identity failed, country not open ...). */
  approvalBlockedBy: ReturnType<typeof blockingFinding>;
}

/**
 * Which decision buttons the panel shows and which it enables. The status decides what exists (the
 * lifecycle as seen by an admin); the server's `allowedDecisions` decides what this user may press,
 * so a member sees the same buttons disabled with the reason, and an approval blocked by a finding
 * is disabled with that finding's message.
 */
export const decisionButtons = (kase: Pick<KycCase, 'status' | 'findings' | 'allowedDecisions'>): DecisionButtons => {
  const approvalBlockedBy = blockingFinding(kase.findings);
  if (KYC_CASE_LIFECYCLE.isTerminal(kase.status))
    return { shown: [], enabled: new Set(), readOnly: 'ended', approvalBlockedBy };
  const offered = new Set<string>(KYC_CASE_LIFECYCLE.allowedEvents(kase.status, 'GP_ADMIN'));
  const shown = KYC_DECISIONS.filter((d) => offered.has(d));
  const enabled = new Set(
    kase.allowedDecisions.filter((d) => shown.includes(d) && !(d === 'APPROVE' && approvalBlockedBy !== undefined)),
  );
  return { shown, enabled, readOnly: kase.allowedDecisions.length === 0 ? 'role' : undefined, approvalBlockedBy };
};

export type { KycDecisionBody };
