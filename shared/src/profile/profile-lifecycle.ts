import { defineLifecycle } from '../lifecycle/lifecycle.js';
import type { ValidationStatus } from './profile-enums.js';

/**
 * An investor profile's review lifecycle (issue 11; docs/profiles.md "Profiles (server)"). The
 * states the spec's validation status names keep its values (SUCCESS, FAILED, SALES_SUPPORT,
 * EXPIRED); the three it has no value for are ours: DRAFT (being filled in), SUBMITTED (screening and
 * review) and DOCUMENTS_REQUESTED (the manager asked the investor for more). `validationStatusOf`
 * answers the spec's status for each, UNVERIFIED for ours.
 *
 * Actors: SELF is the profile's owner; SYSTEM is the KYC review (the manager's decision reaches the
 * profile through `profileDecisionChange` in functions/src/profile/profile-decision.ts, fired by the
 * case service, which checks the manager's role on the case's own lifecycle), the rescreen and the
 * evidence-expiry job.
 *
 * Our decisions:
 * - Under review (SUBMITTED, SALES_SUPPORT) the profile cannot be edited: the manager decides on what
 *   was submitted. While documents are requested it can (that is what was asked for).
 * - A KYC-relevant edit of a verified (or expired) profile is REVISE: it goes straight back to
 *   SUBMITTED, so it is screened and reviewed again, and the edit is refused unless the whole profile
 *   still meets the requirements. Edits that KYC does not judge (phone, email, job, employer, display
 *   name) keep the status; bank accounts have their own approval (eligibility part).
 * - A rejected profile may be corrected (EDIT takes it back to DRAFT) and submitted again.
 * - Only a draft or rejected profile can be deleted: one under review or verified is what the manager
 *   decided on and what subscriptions reference (409 TRANSITION_NOT_ALLOWED).
 */
export const PROFILE_STATES = [
  'DRAFT',
  'SUBMITTED',
  'DOCUMENTS_REQUESTED',
  'SALES_SUPPORT',
  'SUCCESS',
  'FAILED',
  'EXPIRED',
  'DELETED',
] as const;
export type ProfileState = (typeof PROFILE_STATES)[number];

export const PROFILE_EVENTS = [
  'EDIT',
  'REVISE',
  'SUBMIT',
  'APPROVE',
  'REJECT',
  'REQUEST_DOCUMENTS',
  'REFER_TO_SALES_SUPPORT',
  'FLAG',
  'EXPIRE',
  'DELETE',
] as const;
export type ProfileEvent = (typeof PROFILE_EVENTS)[number];
export type ProfileActor = 'SELF' | 'SYSTEM';

/** The events the KYC review fires when the manager decides (and the rescreen's FLAG, the expiry job's EXPIRE). */
export const PROFILE_DECISION_EVENTS = [
  'APPROVE',
  'REJECT',
  'REQUEST_DOCUMENTS',
  'REFER_TO_SALES_SUPPORT',
  'FLAG',
  'EXPIRE',
] as const satisfies readonly ProfileEvent[];
export type ProfileDecisionEvent = (typeof PROFILE_DECISION_EVENTS)[number];

const UNDER_REVIEW = {
  APPROVE: 'SUCCESS',
  REJECT: 'FAILED',
  REQUEST_DOCUMENTS: 'DOCUMENTS_REQUESTED',
} as const;

const label = (en: string, zh: string) => ({ en, 'zh-CN': zh });

export const PROFILE_LIFECYCLE = defineLifecycle<ProfileState, ProfileEvent, ProfileActor>({
  name: 'profile',
  states: PROFILE_STATES,
  events: PROFILE_EVENTS,
  initial: ['DRAFT'],
  terminal: ['DELETED'],
  transitions: {
    DRAFT: { EDIT: 'DRAFT', SUBMIT: 'SUBMITTED', DELETE: 'DELETED' },
    SUBMITTED: { ...UNDER_REVIEW, REFER_TO_SALES_SUPPORT: 'SALES_SUPPORT' },
    DOCUMENTS_REQUESTED: {
      ...UNDER_REVIEW,
      REFER_TO_SALES_SUPPORT: 'SALES_SUPPORT',
      EDIT: 'DOCUMENTS_REQUESTED',
      SUBMIT: 'SUBMITTED',
    },
    SALES_SUPPORT: { ...UNDER_REVIEW },
    SUCCESS: { REVISE: 'SUBMITTED', FLAG: 'SUBMITTED', EXPIRE: 'EXPIRED' },
    FAILED: { EDIT: 'DRAFT', SUBMIT: 'SUBMITTED', DELETE: 'DELETED' },
    EXPIRED: { REVISE: 'SUBMITTED', FLAG: 'SUBMITTED' },
    DELETED: {},
  },
  actors: {
    EDIT: ['SELF'],
    REVISE: ['SELF'],
    SUBMIT: ['SELF'],
    DELETE: ['SELF'],
    APPROVE: ['SYSTEM'],
    REJECT: ['SYSTEM'],
    REQUEST_DOCUMENTS: ['SYSTEM'],
    REFER_TO_SALES_SUPPORT: ['SYSTEM'],
    FLAG: ['SYSTEM'],
    EXPIRE: ['SYSTEM'],
  },
  labels: {
    states: {
      DRAFT: label('Draft', '草稿'),
      SUBMITTED: label('Submitted for review', '已提交审核'),
      DOCUMENTS_REQUESTED: label('Documents requested', '需补充文件'),
      SALES_SUPPORT: label('Sales support', '销售支持'),
      SUCCESS: label('Verified', '已验证'),
      FAILED: label('Rejected', '已拒绝'),
      EXPIRED: label('Expired', '已过期'),
      DELETED: label('Deleted', '已删除'),
    },
    events: {
      EDIT: label('edit', '编辑'),
      REVISE: label('change verified details', '修改已验证信息'),
      SUBMIT: label('submit', '提交'),
      APPROVE: label('approve', '批准'),
      REJECT: label('reject', '拒绝'),
      REQUEST_DOCUMENTS: label('request documents', '要求补充文件'),
      REFER_TO_SALES_SUPPORT: label('refer to sales support', '转交销售支持'),
      FLAG: label('flag for review', '标记复审'),
      EXPIRE: label('expire', '过期'),
      DELETE: label('delete', '删除'),
    },
  },
});

/** The spec's validation status of a profile in each state: our own states read as UNVERIFIED. */
export const validationStatusOf = (state: ProfileState): ValidationStatus => {
  switch (state) {
    case 'SUCCESS':
    case 'FAILED':
    case 'SALES_SUPPORT':
    case 'EXPIRED':
      return state;
    default:
      return 'UNVERIFIED';
  }
};

/** States in which the owner may change KYC-relevant details in place (EDIT), or by REVISE. */
export const editEventFor = (state: ProfileState): 'EDIT' | 'REVISE' =>
  state === 'SUCCESS' || state === 'EXPIRED' ? 'REVISE' : 'EDIT';
