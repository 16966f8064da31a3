/**
 * Wire-instruction integrity (issue 11, Deliver 8; docs/profiles.md "Bank accounts: approval, step-up,
 * payouts"). A bank account's approval is a lifecycle over the spec's three account statuses, so the
 * stored `status` stays the spec's value: a new or changed account is PENDING; a GP admin's approval
 * makes it OPEN; a rejection makes it CLOSED with the rejection's reason kept beside it (`review`), so
 * a rejected account is never usable and the investor reads why. No payout may use an account that is
 * not OPEN (`payoutAccount`, for the money issue).
 */
import { DomainError } from '../errors/domain-error.js';
import { defineLifecycle } from '../lifecycle/lifecycle.js';
import type { AccountStatus } from './profile-enums.js';

export const BANK_ACCOUNT_EVENTS = ['APPROVE', 'REJECT', 'CHANGE', 'CLOSE'] as const;
export type BankAccountEvent = (typeof BANK_ACCOUNT_EVENTS)[number];
/** GP admins decide; the owner (SELF) changes or closes; a GP member may only look. */
export type BankAccountActor = 'GP_ADMIN' | 'GP_OWNER' | 'SELF';

export const BANK_ACCOUNT_LIFECYCLE = defineLifecycle<AccountStatus, BankAccountEvent, BankAccountActor>({
  name: 'bankAccount',
  states: ['PENDING', 'OPEN', 'CLOSED'],
  events: BANK_ACCOUNT_EVENTS,
  initial: ['PENDING'],
  transitions: {
    PENDING: { APPROVE: 'OPEN', REJECT: 'CLOSED', CHANGE: 'PENDING', CLOSE: 'CLOSED' },
    // Any change of an approved account's details waits for approval again.
    OPEN: { CHANGE: 'PENDING', CLOSE: 'CLOSED' },
    // A rejected (or closed) account corrected by its owner goes back for approval.
    CLOSED: { CHANGE: 'PENDING' },
  },
  actors: {
    APPROVE: ['GP_ADMIN', 'GP_OWNER'],
    REJECT: ['GP_ADMIN', 'GP_OWNER'],
    CHANGE: ['SELF'],
    CLOSE: ['SELF'],
  },
  // A decision on an account that is no longer waiting (decided already, changed, closed) is stale.
  refusals: { APPROVE: 'BANK_ACCOUNT_NOT_PENDING', REJECT: 'BANK_ACCOUNT_NOT_PENDING' },
  labels: {
    states: {
      PENDING: { en: 'Pending approval', 'zh-CN': '待审批' },
      OPEN: { en: 'Approved', 'zh-CN': '已批准' },
      CLOSED: { en: 'Closed', 'zh-CN': '已关闭' },
    },
    events: {
      APPROVE: { en: 'Approve', 'zh-CN': '批准' },
      REJECT: { en: 'Reject', 'zh-CN': '拒绝' },
      CHANGE: { en: 'Change', 'zh-CN': '变更' },
      CLOSE: { en: 'Close', 'zh-CN': '关闭' },
    },
  },
});

/** The GP's decision on a pending account, kept on the account (the audit has it too). */
export interface BankAccountReview {
  decision: 'APPROVED' | 'REJECTED';
  reason: string;
  decidedBy: string;
  decidedAt: string;
}

/** What the payout rule reads of an account: its id, kind and status. */
export interface PayoutCandidate {
  bankId: string;
  kind: string;
  status: AccountStatus;
}

/**
 * The account a payout (distribution, redemption proceeds, refund) goes to. With `bankId`, exactly that
 * account, which must be OPEN: a PENDING one is refused with BANK_ACCOUNT_PENDING (a changed wire
 * instruction is the classic fraud: nothing is paid to it before a GP admin approved it), a CLOSED one
 * with BANK_ACCOUNT_CLOSED. Without `bankId`, the profile's only OPEN bank account; none, or several to
 * choose from, is PAYOUT_ACCOUNT_REQUIRED.
 */
export const payoutAccount = <A extends PayoutCandidate>(
  profile: { bankAccounts: readonly A[] },
  bankId?: string,
): A => {
  if (bankId !== undefined) {
    const account = profile.bankAccounts.find((a) => a.bankId === bankId);
    if (!account) throw new DomainError('bankAccountNotExist');
    if (account.status === 'PENDING') throw new DomainError('BANK_ACCOUNT_PENDING');
    if (account.status !== 'OPEN') throw new DomainError('BANK_ACCOUNT_CLOSED');
    return account;
  }
  const open = profile.bankAccounts.filter((a) => a.kind === 'BANK' && a.status === 'OPEN');
  if (open.length !== 1 || !open[0]) throw new DomainError('PAYOUT_ACCOUNT_REQUIRED');
  return open[0];
};

/** How long a step-up (password or MFA code entered again) lets the full account number be shown. */
export const STEP_UP_WINDOW_MS = 5 * 60 * 1000;

/** Whether a step-up at `stepUpAtMs` still counts at `nowMs` (none, or one in the future, never does). */
export const stepUpIsFresh = (stepUpAtMs: number | undefined, nowMs: number): boolean =>
  stepUpAtMs !== undefined && stepUpAtMs <= nowMs && nowMs - stepUpAtMs < STEP_UP_WINDOW_MS;
