import type { Lang } from '@tranche/shared/i18n/langs';
import type { Currency } from '@tranche/shared/money';
import { clock } from '#lib/clock';
import { DomainError } from '#lib/errors';
import { matchesHash, newCode, sha256 } from '#lib/secrets';
import type { Session } from '#lib/session';
import { hit } from '#lib/throttle';
import { CODE_TTL_SECONDS, MAX_TRIES } from '../auth/auth.repo.js';
import { actorOf, maskPhone, type PortalCtx } from '../auth/context.js';
import { text } from '../auth/notifications.js';
import { getTenant } from '../tenant/tenant.repo.js';
import { getUserRecord, toCurrentUser, updateUser } from './user.repo.js';

/** The user centre: the signed-in user's own profile and the phone number they confirm by text. */

/** Sends a code to the profile's phone number; at most 3 an hour. */
export const sendPhoneCode = async (ctx: PortalCtx, session: Session) => {
  const user = await getUserRecord(ctx.tenantId, session.userId);
  if (!user.phone) throw new DomainError('MfaMethodNotAvailable');
  await hit(ctx.tenantId, { scope: 'phone-code', limit: 3, windowSeconds: 3600 }, user.userId);
  const code = newCode();
  await updateUser({
    tenantId: ctx.tenantId,
    userId: user.userId,
    set: {
      phoneCodeHash: sha256(code),
      phoneCodeExpiresAt: clock.now().getTime() + CODE_TTL_SECONDS * 1000,
      phoneCodeTries: 0,
    },
    condition: { expression: 'phone = :phone', values: { ':phone': user.phone } },
  });
  const tenant = await getTenant(ctx.tenantId);
  await text(user.phone, 'phoneCode', user.language, {
    code,
    portal: tenant.branding.displayName,
    minutes: String(CODE_TTL_SECONDS / 60),
  });
  return { sentTo: maskPhone(user.phone), codeExpiresInSeconds: CODE_TTL_SECONDS };
};

/** Confirms the phone number with the texted code (5 minutes, five tries). */
export const confirmPhone = async (ctx: PortalCtx, session: Session, input: { code: string }) => {
  const user = await getUserRecord(ctx.tenantId, session.userId);
  if (!user.phone || !user.phoneCodeHash) throw new DomainError('codeInvalid');
  const tries = user.phoneCodeTries ?? 0;
  await updateUser({
    tenantId: ctx.tenantId,
    userId: user.userId,
    set: { phoneCodeTries: tries + 1 },
    condition: {
      expression: 'phoneCodeTries = :seen AND phoneCodeTries < :max',
      values: { ':seen': tries, ':max': MAX_TRIES },
    },
    conflict: 'codeInvalid',
  });
  if ((user.phoneCodeExpiresAt ?? 0) <= clock.now().getTime() || !matchesHash(input.code, user.phoneCodeHash)) {
    throw new DomainError('codeInvalid', { remainingTries: Math.max(MAX_TRIES - tries - 1, 0) });
  }
  await updateUser({
    tenantId: ctx.tenantId,
    userId: user.userId,
    set: { phoneVerified: true },
    remove: ['phoneCodeHash', 'phoneCodeExpiresAt', 'phoneCodeTries'],
    condition: {
      expression: 'phone = :phone AND phoneCodeHash = :hash',
      values: { ':phone': user.phone, ':hash': user.phoneCodeHash },
    },
    audit: { actor: actorOf(ctx, user.userId), action: 'PHONE_VERIFIED' },
    conflict: 'codeInvalid',
  });
  return toCurrentUser({ ...user, phoneVerified: true });
};

/** A well-formed value the tenant does not offer: a business refusal (422) naming the field. */
const fieldError = (field: string, message: string) =>
  new DomainError('NotOfferedByTenant', { fields: [{ field, rule: 'tenant', message }] });

/** /user-center/update: name, language and currency (among the tenant's), phone. */
export const updateCurrentUser = async (
  ctx: PortalCtx,
  session: Session,
  input: {
    displayName?: string | undefined;
    language?: Lang | undefined;
    currency?: Currency | undefined;
    phone?: string | null | undefined;
  },
) => {
  const user = await getUserRecord(ctx.tenantId, session.userId);
  const tenant = await getTenant(ctx.tenantId);
  if (input.language && !tenant.languages.includes(input.language)) {
    throw fieldError('body.language', 'Not a language of this portal');
  }
  if (input.currency && !tenant.currencies.includes(input.currency)) {
    throw fieldError('body.currency', 'Not a currency of this portal');
  }
  const phoneChanges = input.phone !== undefined && input.phone !== user.phone;
  // The SMS factor is tied to a confirmed number: turn SMS off before changing or removing it.
  if (phoneChanges && user.mfaMethods.includes('sms')) throw new DomainError('MfaMethodNotAvailable');
  const set: Record<string, unknown> = {};
  for (const k of ['displayName', 'language', 'currency'] as const) if (input[k] !== undefined) set[k] = input[k];
  if (typeof input.phone === 'string' && phoneChanges) {
    set.phone = input.phone;
    set.phoneVerified = false;
  }
  await updateUser({
    tenantId: ctx.tenantId,
    userId: user.userId,
    set,
    remove:
      input.phone === null ? ['phone', 'phoneVerified', 'phoneCodeHash', 'phoneCodeExpiresAt', 'phoneCodeTries'] : [],
    audit: { actor: actorOf(ctx, user.userId), action: 'PROFILE_UPDATED', data: { fields: Object.keys(input) } },
  });
  const updated = { ...user, ...set };
  if (input.phone === null) {
    delete updated.phone;
    delete updated.phoneVerified;
  }
  return toCurrentUser(updated);
};
