import { nextInviteStatus } from '@tranche/shared/auth/account-invite-status';
import type { Lang } from '@tranche/shared/i18n/langs';
import { assertHuman } from '#lib/captcha';
import { clock } from '#lib/clock';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { assertPasswordAllowed } from '#lib/password';
import { matchesHash, newCode, sha256 } from '#lib/secrets';
import { hitAuthIp } from '#lib/throttle';
import { getLpSettings, getTenant } from '../tenant/tenant.repo.js';
import { createUser, findUserByEmail, normaliseEmail, updateUser } from '../user/user.repo.js';
import { MAX_TRIES } from './auth.repo.js';
import { actorOf, type PortalCtx } from './context.js';
import { createLogin, markEmailVerified } from './credentials.js';
import { notify } from './notifications.js';
import { completeSignIn } from './sign-in.service.js';

export const SIGN_UP_CODE_TTL_SECONDS = 30 * 60;

/**
 * Investor self sign-up: captcha, password policy, one account per email (AccountExist), then an
 * emailed six-digit code. Until the code is confirmed the account is `noValidation` and cannot sign
 * in. Signing up again for an address whose sign-up was never confirmed replaces that attempt, so
 * nobody can squat an email they do not own.
 */
export const signUp = async (
  ctx: PortalCtx,
  input: { email: string; password: string; displayName: string; language?: Lang | undefined; captchaToken: string },
) => {
  await hitAuthIp(ctx.tenantId, ctx.sourceIp);
  await assertHuman(input.captchaToken, ctx.sourceIp);
  const { settings } = await getLpSettings(ctx.tenantId);
  if (!settings.signUpEnabled) throw new DomainError('FORBIDDEN');
  const email = normaliseEmail(input.email);
  assertPasswordAllowed(input.password, 'body.password', { email });
  const tenant = await getTenant(ctx.tenantId);
  const language = input.language && tenant.languages.includes(input.language) ? input.language : ctx.lang;
  const code = newCode();
  const codeFields = {
    signupCodeHash: sha256(code),
    signupCodeExpiresAt: clock.now().getTime() + SIGN_UP_CODE_TTL_SECONDS * 1000,
    signupCodeTries: 0,
  };
  const existing = await findUserByEmail(ctx.tenantId, email);
  if (existing) {
    if (existing.inviteStatus !== 'NOT_INVITE' || existing.accountState !== 'noValidation') {
      throw new DomainError('AccountExist');
    }
    await updateUser({
      tenantId: ctx.tenantId,
      userId: existing.userId,
      set: { ...codeFields, displayName: input.displayName, language },
      condition: { expression: 'accountState = :pending', values: { ':pending': 'noValidation' } },
      conflict: 'AccountExist',
    });
    await createLogin({ tenantId: ctx.tenantId, email, role: 'LP', password: input.password });
  } else {
    const userId = newId();
    await createUser(
      {
        userId,
        tenantId: ctx.tenantId,
        email,
        displayName: input.displayName,
        role: 'LP',
        inviteStatus: 'NOT_INVITE',
        accountState: 'noValidation',
        language,
        currency: tenant.defaultCurrency,
        extra: codeFields,
      },
      actorOf(ctx, userId),
      'AccountExist',
    );
    await createLogin({ tenantId: ctx.tenantId, email, role: 'LP', password: input.password });
  }
  await notify(email, 'signUpCode', language, {
    code,
    portal: tenant.branding.displayName,
    minutes: String(SIGN_UP_CODE_TTL_SECONDS / 60),
  });
  return { email, codeExpiresInSeconds: SIGN_UP_CODE_TTL_SECONDS };
};

/**
 * Confirms the emailed code (five tries, 30 minutes) and signs the new investor in. A wrong,
 * spent or expired code and an unknown email all answer codeInvalid, with no details: a count of
 * remaining tries would exist only for pending sign-ups and so tell a prober which emails have one.
 */
export const confirmSignUp = async (ctx: PortalCtx, input: { email: string; code: string }) => {
  await hitAuthIp(ctx.tenantId, ctx.sourceIp);
  const user = await findUserByEmail(ctx.tenantId, input.email);
  if (user?.accountState !== 'noValidation' || user.inviteStatus !== 'NOT_INVITE' || !user.signupCodeHash) {
    throw new DomainError('codeInvalid');
  }
  await updateUser({
    tenantId: ctx.tenantId,
    userId: user.userId,
    set: { signupCodeTries: (user.signupCodeTries ?? 0) + 1 },
    condition: {
      expression: 'signupCodeTries = :seen AND signupCodeTries < :max',
      values: { ':seen': user.signupCodeTries ?? 0, ':max': MAX_TRIES },
    },
    conflict: 'codeInvalid',
  });
  const fresh = (user.signupCodeExpiresAt ?? 0) > clock.now().getTime();
  if (!fresh || !matchesHash(input.code, user.signupCodeHash)) {
    throw new DomainError('codeInvalid');
  }
  await updateUser({
    tenantId: ctx.tenantId,
    userId: user.userId,
    set: { accountState: 'normal', inviteStatus: nextInviteStatus(user.inviteStatus, 'SELF_REGISTER', 'SELF') },
    remove: ['signupCodeHash', 'signupCodeExpiresAt', 'signupCodeTries'],
    condition: { expression: 'signupCodeHash = :hash', values: { ':hash': user.signupCodeHash } },
    audit: { actor: actorOf(ctx, user.userId), action: 'EMAIL_VERIFIED' },
    conflict: 'codeInvalid',
  });
  await markEmailVerified(ctx.tenantId, user.email);
  return completeSignIn(ctx, { ...user, accountState: 'normal', inviteStatus: 'REGISTERED' }, 'sign-up');
};
