import { GP_ADMINS, type Role } from '../auth/roles.js';
import type { ErrorCode } from '../errors/catalogue.js';
import { defineLifecycle } from '../lifecycle/lifecycle.js';

/**
 * The KYC case of a profile (issue 11, deliver 6; docs/profiles.md "KYC review"). A case is opened by
 * the screening consumer when a profile is submitted, or when a rescreen against a new list finds a
 * new match on an approved profile; it is already screened and identity-checked when it opens, so it
 * starts IN_REVIEW. The manager then approves, rejects, asks for documents (a task to the investor)
 * or hands it to sales support; each decision carries a reason and is recorded as KYC_CASE_DECIDED in
 * the case's audit trail. When the investor adds a document to the profile, the system moves a case
 * waiting for documents to DOCUMENTS_UPLOADED, where the manager decides again.
 *
 * Only GP admins and owners decide (PERMISSIONS.decideKycCases); members read. APPROVED and
 * REJECTED end the case; a later change (a new list match, a resubmission) opens a new one.
 */
export const KYC_CASE_STATUSES = [
  'IN_REVIEW',
  'DOCUMENTS_REQUESTED',
  'DOCUMENTS_UPLOADED',
  'SALES_SUPPORT',
  'APPROVED',
  'REJECTED',
] as const;
export type KycCaseStatus = (typeof KYC_CASE_STATUSES)[number];

/** Statuses of a case still waiting for the manager or the investor (a profile has at most one such case). */
export const OPEN_KYC_CASE_STATUSES = [
  'IN_REVIEW',
  'DOCUMENTS_REQUESTED',
  'DOCUMENTS_UPLOADED',
  'SALES_SUPPORT',
] as const satisfies readonly KycCaseStatus[];

/** The manager's decisions, in the order the decision panel offers them. */
export const KYC_DECISIONS = ['APPROVE', 'REJECT', 'REQUEST_DOCUMENTS', 'SALES_SUPPORT'] as const;
export type KycDecision = (typeof KYC_DECISIONS)[number];

/**
 * The system's events: DOCUMENTS_ADDED, the investor added a document to the profile while the case
 * waited; RESUBMITTED, the investor corrected the profile and submitted it again while its case was
 * open (the profile may be edited while documents are requested): the case is screened again in
 * place and goes back to the manager.
 */
export const KYC_CASE_EVENTS = [...KYC_DECISIONS, 'DOCUMENTS_ADDED', 'RESUBMITTED'] as const;
export type KycCaseEvent = (typeof KYC_CASE_EVENTS)[number];
export type KycCaseActor = Role | 'SYSTEM';

/**
 * What screening and the identity check found, kept on the case. The blocking ones refuse an approval
 * with their own code; SCREEN_NOT_PASS (a list match at or above LOW) does not: it is what the manager
 * reviews, and approving it is their judgement that the match is someone else (with a reason).
 */
export const KYC_FINDINGS = ['SCREEN_NOT_OPEN_COUNTRY', 'SCREEN_UNDO', 'IDENTITY_NOT_PASS', 'SCREEN_NOT_PASS'] as const;
export type KycFinding = (typeof KYC_FINDINGS)[number] & ErrorCode;
export const BLOCKING_FINDINGS = [
  'SCREEN_NOT_OPEN_COUNTRY',
  'SCREEN_UNDO',
  'IDENTITY_NOT_PASS',
] as const satisfies readonly KycFinding[];

/** What APPROVE's guard needs: the case's findings. */
export interface KycCaseGuardContext {
  findings: readonly KycFinding[];
}

/** The first blocking finding, in BLOCKING_FINDINGS order: what an approval is refused with. */
export const blockingFinding = (findings: readonly KycFinding[]): KycFinding | undefined =>
  BLOCKING_FINDINGS.find((f) => findings.includes(f));

const DECIDERS: readonly KycCaseActor[] = GP_ADMINS;
const label = (en: string, zh: string) => ({ en, 'zh-CN': zh });

export const KYC_CASE_LIFECYCLE = defineLifecycle<KycCaseStatus, KycCaseEvent, KycCaseActor, KycCaseGuardContext>({
  name: 'kycCase',
  states: KYC_CASE_STATUSES,
  events: KYC_CASE_EVENTS,
  initial: ['IN_REVIEW'],
  terminal: ['APPROVED', 'REJECTED'],
  transitions: {
    IN_REVIEW: {
      APPROVE: 'APPROVED',
      REJECT: 'REJECTED',
      REQUEST_DOCUMENTS: 'DOCUMENTS_REQUESTED',
      SALES_SUPPORT: 'SALES_SUPPORT',
      RESUBMITTED: 'IN_REVIEW',
    },
    // The manager need not wait for the upload: a call with the investor may settle it, or show it is
    // hopeless. Asking again replaces what was asked (a new task).
    DOCUMENTS_REQUESTED: {
      APPROVE: 'APPROVED',
      REJECT: 'REJECTED',
      REQUEST_DOCUMENTS: 'DOCUMENTS_REQUESTED',
      SALES_SUPPORT: 'SALES_SUPPORT',
      DOCUMENTS_ADDED: 'DOCUMENTS_UPLOADED',
      RESUBMITTED: 'IN_REVIEW',
    },
    // Back with the manager: the same choices as IN_REVIEW; a further upload changes nothing.
    DOCUMENTS_UPLOADED: {
      APPROVE: 'APPROVED',
      REJECT: 'REJECTED',
      REQUEST_DOCUMENTS: 'DOCUMENTS_REQUESTED',
      SALES_SUPPORT: 'SALES_SUPPORT',
      DOCUMENTS_ADDED: 'DOCUMENTS_UPLOADED',
      RESUBMITTED: 'IN_REVIEW',
    },
    // Sales support talks to the investor; the case comes back with a decision or a request.
    SALES_SUPPORT: {
      APPROVE: 'APPROVED',
      REJECT: 'REJECTED',
      REQUEST_DOCUMENTS: 'DOCUMENTS_REQUESTED',
    },
    APPROVED: {},
    REJECTED: {},
  },
  actors: {
    APPROVE: DECIDERS,
    REJECT: DECIDERS,
    REQUEST_DOCUMENTS: DECIDERS,
    SALES_SUPPORT: DECIDERS,
    DOCUMENTS_ADDED: ['SYSTEM'],
    RESUBMITTED: ['SYSTEM'],
  },
  guards: {
    APPROVE: (ctx) => blockingFinding(ctx.findings),
  },
  labels: {
    states: {
      IN_REVIEW: label('In review', '审核中'),
      DOCUMENTS_REQUESTED: label('Documents requested', '已要求补充文件'),
      DOCUMENTS_UPLOADED: label('Documents uploaded', '文件已上传'),
      SALES_SUPPORT: label('Sales support', '销售支持'),
      APPROVED: label('Approved', '已批准'),
      REJECTED: label('Rejected', '已拒绝'),
    },
    events: {
      APPROVE: label('Approve', '批准'),
      REJECT: label('Reject', '拒绝'),
      REQUEST_DOCUMENTS: label('Request documents', '要求补充文件'),
      SALES_SUPPORT: label('Hand to sales support', '转交销售支持'),
      DOCUMENTS_ADDED: label('Documents added', '已添加文件'),
      RESUBMITTED: label('Submitted again', '已重新提交'),
    },
  },
});

export const isOpenKycStatus = (status: KycCaseStatus): boolean =>
  (OPEN_KYC_CASE_STATUSES as readonly KycCaseStatus[]).includes(status);
