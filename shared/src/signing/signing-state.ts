import { GP_ROLES, type Role } from '../auth/roles.js';
import { defineLifecycle } from '../lifecycle/lifecycle.js';

/**
 * Who acts on a signing project: the managers' session roles (they prepare, send, resend and void),
 * the signer of the record in question (SIGNER: whoever proved the signer's identity with the
 * emailed code, with or without an account), and the platform's own jobs (SYSTEM: expiry, turn
 * order, the lock after five wrong codes). Investors act on a project only as its signers.
 */
export type SigningActor = Exclude<Role, 'LP'> | 'SIGNER' | 'SYSTEM';
export const SIGNING_ACTORS = [...GP_ROLES, 'SIGNER', 'SYSTEM'] as const satisfies readonly SigningActor[];

export const SIGNING_PROJECT_STATES = [
  'DRAFT',
  'SENT',
  'PARTLY_SIGNED',
  'COMPLETED',
  'DECLINED',
  'VOIDED',
  'EXPIRED',
] as const;
export type SigningProjectState = (typeof SIGNING_PROJECT_STATES)[number];

export const SIGNING_PROJECT_EVENTS = ['SEND', 'RESEND', 'SIGN', 'COMPLETE', 'DECLINE', 'VOID', 'EXPIRE'] as const;
export type SigningProjectEvent = (typeof SIGNING_PROJECT_EVENTS)[number];

/**
 * A signing project (issue 12; docs/signing.md). The manager prepares it in DRAFT and sends it; each
 * signature but the last is SIGN (the project is then PARTLY_SIGNED), the last is COMPLETE, which
 * seals the documents. Any signer may decline; the sender may void; the expiry job expires. The
 * service chooses SIGN or COMPLETE from the signers' states in the same read that decides the change,
 * and the conditional write on the project's version makes two "last" signatures impossible.
 *
 *   DRAFT --SEND--> SENT --SIGN--> PARTLY_SIGNED --SIGN--> PARTLY_SIGNED
 *                    |  '--COMPLETE--> COMPLETED <--COMPLETE--'
 *   SENT, PARTLY_SIGNED --DECLINE--> DECLINED | --VOID--> VOIDED | --EXPIRE--> EXPIRED
 *   SENT, PARTLY_SIGNED --RESEND--> (the same state: one signer is told again)
 */
export const SIGNING_PROJECT_LIFECYCLE = defineLifecycle<SigningProjectState, SigningProjectEvent, SigningActor>({
  name: 'signingProject',
  states: SIGNING_PROJECT_STATES,
  events: SIGNING_PROJECT_EVENTS,
  initial: ['DRAFT'],
  terminal: ['COMPLETED', 'DECLINED', 'VOIDED', 'EXPIRED'],
  transitions: {
    DRAFT: { SEND: 'SENT' },
    SENT: {
      RESEND: 'SENT',
      SIGN: 'PARTLY_SIGNED',
      COMPLETE: 'COMPLETED',
      DECLINE: 'DECLINED',
      VOID: 'VOIDED',
      EXPIRE: 'EXPIRED',
    },
    PARTLY_SIGNED: {
      RESEND: 'PARTLY_SIGNED',
      SIGN: 'PARTLY_SIGNED',
      COMPLETE: 'COMPLETED',
      DECLINE: 'DECLINED',
      VOID: 'VOIDED',
      EXPIRE: 'EXPIRED',
    },
    COMPLETED: {},
    DECLINED: {},
    VOIDED: {},
    EXPIRED: {},
  },
  actors: {
    SEND: GP_ROLES,
    RESEND: GP_ROLES,
    VOID: GP_ROLES,
    SIGN: ['SIGNER'],
    COMPLETE: ['SIGNER'],
    DECLINE: ['SIGNER'],
    EXPIRE: ['SYSTEM'],
  },
  labels: {
    states: {
      DRAFT: { en: 'Draft', 'zh-CN': '草稿' },
      SENT: { en: 'Sent', 'zh-CN': '已发送' },
      PARTLY_SIGNED: { en: 'Partly signed', 'zh-CN': '部分签署' },
      COMPLETED: { en: 'Completed', 'zh-CN': '已完成' },
      DECLINED: { en: 'Declined', 'zh-CN': '已拒签' },
      VOIDED: { en: 'Voided', 'zh-CN': '已作废' },
      EXPIRED: { en: 'Expired', 'zh-CN': '已过期' },
    },
    events: {
      SEND: { en: 'Send for signing', 'zh-CN': '发送签署' },
      RESEND: { en: 'Resend', 'zh-CN': '重新发送' },
      SIGN: { en: 'Sign', 'zh-CN': '签署' },
      COMPLETE: { en: 'Sign and complete', 'zh-CN': '签署并完成' },
      DECLINE: { en: 'Decline to sign', 'zh-CN': '拒绝签署' },
      VOID: { en: 'Void', 'zh-CN': '作废' },
      EXPIRE: { en: 'Expire', 'zh-CN': '过期' },
    },
  },
});

export const SIGNER_STATES = ['WAITING', 'NOTIFIED', 'VERIFIED', 'SIGNED', 'DECLINED', 'LOCKED', 'CANCELLED'] as const;
export type SignerState = (typeof SIGNER_STATES)[number];

export const SIGNER_EVENTS = ['NOTIFY', 'RESEND', 'VERIFY', 'SIGN', 'DECLINE', 'LOCK', 'CANCEL'] as const;
export type SignerEvent = (typeof SIGNER_EVENTS)[number];

/**
 * One signer of a project. WAITING until their group's turn (NOTIFY: task and email), VERIFIED after
 * the emailed code (only then is the document shown), then SIGNED or DECLINED. Five wrong codes LOCK
 * the link (the sender is told, and may RESEND a fresh one). When the project ends otherwise
 * (declined by another, voided, expired) every signer still open is CANCELLED. Signing twice, or
 * after cancellation, is the lifecycle's 409.
 */
export const SIGNER_LIFECYCLE = defineLifecycle<SignerState, SignerEvent, SigningActor>({
  name: 'signer',
  states: SIGNER_STATES,
  events: SIGNER_EVENTS,
  initial: ['WAITING'],
  terminal: ['SIGNED', 'DECLINED', 'CANCELLED'],
  transitions: {
    WAITING: { NOTIFY: 'NOTIFIED', CANCEL: 'CANCELLED' },
    NOTIFIED: { RESEND: 'NOTIFIED', VERIFY: 'VERIFIED', LOCK: 'LOCKED', CANCEL: 'CANCELLED' },
    // A verified signer who comes back on another device proves it again; wrong codes still lock.
    VERIFIED: {
      RESEND: 'NOTIFIED',
      VERIFY: 'VERIFIED',
      SIGN: 'SIGNED',
      DECLINE: 'DECLINED',
      LOCK: 'LOCKED',
      CANCEL: 'CANCELLED',
    },
    LOCKED: { RESEND: 'NOTIFIED', CANCEL: 'CANCELLED' },
    SIGNED: {},
    DECLINED: {},
    CANCELLED: {},
  },
  actors: {
    NOTIFY: ['SYSTEM'],
    RESEND: GP_ROLES,
    VERIFY: ['SIGNER'],
    SIGN: ['SIGNER'],
    DECLINE: ['SIGNER'],
    LOCK: ['SYSTEM'],
    CANCEL: ['SYSTEM'],
  },
  labels: {
    states: {
      WAITING: { en: 'Waiting for their turn', 'zh-CN': '等待轮到签署' },
      NOTIFIED: { en: 'Invited', 'zh-CN': '已邀请' },
      VERIFIED: { en: 'Identity verified', 'zh-CN': '身份已验证' },
      SIGNED: { en: 'Signed', 'zh-CN': '已签署' },
      DECLINED: { en: 'Declined', 'zh-CN': '已拒签' },
      LOCKED: { en: 'Link locked', 'zh-CN': '链接已锁定' },
      CANCELLED: { en: 'Cancelled', 'zh-CN': '已取消' },
    },
    events: {
      NOTIFY: { en: 'Invite', 'zh-CN': '邀请' },
      RESEND: { en: 'Resend', 'zh-CN': '重新发送' },
      VERIFY: { en: 'Verify identity', 'zh-CN': '验证身份' },
      SIGN: { en: 'Sign', 'zh-CN': '签署' },
      DECLINE: { en: 'Decline to sign', 'zh-CN': '拒绝签署' },
      LOCK: { en: 'Lock the link', 'zh-CN': '锁定链接' },
      CANCEL: { en: 'Cancel', 'zh-CN': '取消' },
    },
  },
});

/** A signer as the turn order sees it: its group (1 first; equal numbers sign in parallel) and state. */
export interface SignerTurn {
  signerId: string;
  group: number;
  state: SignerState;
}

/** States in which a signer has not yet acted for good. */
const OPEN: ReadonlySet<SignerState> = new Set(['WAITING', 'NOTIFIED', 'VERIFIED', 'LOCKED']);

/**
 * The group whose turn it is: the lowest group with a signer who has not signed. Undefined when
 * everyone signed, or when someone declined or was cancelled (the project is over).
 */
export const currentGroup = (signers: readonly SignerTurn[]): number | undefined => {
  if (signers.some((s) => s.state === 'DECLINED' || s.state === 'CANCELLED')) return undefined;
  const open = signers.filter((s) => OPEN.has(s.state)).map((s) => s.group);
  return open.length ? Math.min(...open) : undefined;
};

/** Whether `signerId` may sign now: its group's turn, and nobody of an earlier group still open. */
export const isSignersTurn = (signers: readonly SignerTurn[], signerId: string): boolean => {
  const signer = signers.find((s) => s.signerId === signerId);
  return signer !== undefined && OPEN.has(signer.state) && currentGroup(signers) === signer.group;
};

/** The signers to NOTIFY now: the current group's still WAITING (after SEND, and after each signature). */
export const signersToNotify = (signers: readonly SignerTurn[]): string[] => {
  const group = currentGroup(signers);
  return group === undefined
    ? []
    : signers.filter((s) => s.group === group && s.state === 'WAITING').map((s) => s.signerId);
};

/** The project event one more signature causes: COMPLETE when it is the last one open, SIGN otherwise. */
export const projectEventForSignature = (signers: readonly SignerTurn[], signerId: string): 'SIGN' | 'COMPLETE' =>
  signers.every((s) => s.signerId === signerId || s.state === 'SIGNED') ? 'COMPLETE' : 'SIGN';
