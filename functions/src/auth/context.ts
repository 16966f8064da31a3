import type { Lang } from '@tranche/shared/i18n/langs';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { createSession } from '#lib/session';

/** What the identity services need to know about the request they serve. */
export interface PortalCtx {
  tenantId: string;
  prefix: string;
  requestId: string;
  sourceIp: string;
  lang: Lang;
}

export const portalCtx = (ctx: {
  tenantId: string;
  portal: { prefix: string };
  requestId: string;
  sourceIp: string;
  lang: Lang;
}): PortalCtx => ({
  tenantId: ctx.tenantId,
  prefix: ctx.portal.prefix,
  requestId: ctx.requestId,
  sourceIp: ctx.sourceIp,
  lang: ctx.lang,
});

export const actorOf = (ctx: PortalCtx, userId: string): Actor => ({
  tenantId: ctx.tenantId,
  userId,
  requestId: ctx.requestId,
  at: clock.nowIso(),
});

/** A new session for `user` on this portal (sign-in, refresh, password change, MFA upgrade). */
export const startSession = (
  ctx: PortalCtx,
  user: { userId: string; role: Parameters<typeof createSession>[0]['role']; sessionsNotBefore?: number },
  options: { mfaEnrolmentRequired?: boolean; refreshExpiresAt?: number; notBefore?: number } = {},
) =>
  createSession({
    tenantId: ctx.tenantId,
    tenantPrefix: ctx.prefix,
    userId: user.userId,
    role: user.role,
    ...(user.sessionsNotBefore === undefined ? {} : { notBefore: user.sessionsNotBefore }),
    ...options,
  });

/** `in***@alpine.example`, `+44*****789`: enough to recognise, not enough to harvest. */
export const maskEmail = (email: string): string => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
};
export const maskPhone = (phone: string): string =>
  `${phone.slice(0, 3)}${'*'.repeat(Math.max(phone.length - 6, 0))}${phone.slice(-3)}`;
