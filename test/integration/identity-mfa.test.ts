import { beforeEach, describe, expect, it } from 'vitest';
import {
  alpine,
  beacon,
  type Caller,
  call,
  callerFromCookies,
  errorOf,
  signedIn,
  type Tenant,
} from '../support/api.js';
import {
  CAPTCHA_OK,
  clearThrottles,
  codeIn,
  freshEmail,
  freshPassword,
  type Investor,
  lastMessageTo,
  linkTokenIn,
  newInvestor,
  signIn,
} from '../support/identity.js';

const { totpCode } = await import('../../functions/src/_lib/totp.js');

beforeEach(clearThrottles);

interface Challenge {
  ticket: string;
  methods: string[];
}
const challengeOf = (res: { body: unknown }) => (res.body as { details: Challenge }).details;

/** Enrols an authenticator through the API and returns its secret. */
const enrolAuthenticator = async (caller: Caller) => {
  const enrol = await call<{ secret: string; otpauthUrl: string; qrDataUrl: string }>(
    caller,
    '/user-center/mfa/authenticator',
    {
      method: 'POST',
    },
  );
  expect(enrol.status).toBe(200);
  const confirm = await call<{ mfaMethods: string[] }>(caller, '/user-center/mfa/authenticator/confirm', {
    method: 'POST',
    body: { code: totpCode(enrol.body.secret, Date.now()) },
  });
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  return { ...enrol.body, confirm };
};

const verify = (tenant: Tenant, body: Record<string, string>) =>
  call({ tenant }, '/invest/account/mfa/verify', { method: 'POST', body });

describe('authenticator app (TOTP) enrolment and sign-in', () => {
  it('enrols with a QR code, then signing in needs the ticket and a code', async () => {
    const investor = await newInvestor(alpine);
    const { secret, otpauthUrl, qrDataUrl, confirm } = await enrolAuthenticator(investor.caller);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(confirm.body.mfaMethods).toEqual(['authenticator']);

    const first = await signIn(alpine, investor.email, investor.password);
    expect(first.status).toBe(401);
    expect(errorOf(first).code).toBe('mfaIsRequired');
    const { ticket, methods } = challengeOf(first);
    expect(methods).toEqual(['authenticator']);
    expect(first.headers.getSetCookie().some((c) => c.includes('tr_sid'))).toBe(false);

    // The enrolment code's step is used: wait for none, use the next step's code.
    const code = totpCode(secret, Date.now() + 30_000);
    const ok = await verify(alpine, { ticket, method: 'authenticator', code });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await call(callerFromCookies(alpine, ok), '/user-center/get')).status).toBe(200);

    // No replay: the same code with a new ticket fails, and the spent ticket is invalid.
    const second = challengeOf(await signIn(alpine, investor.email, investor.password));
    const replay = await verify(alpine, { ticket: second.ticket, method: 'authenticator', code });
    expect(errorOf(replay).code).toBe('mfaAuthFailed');
    const spent = await verify(alpine, { ticket, method: 'authenticator', code: totpCode(secret, Date.now()) });
    expect(errorOf(spent).code).toBe('ticketInvalid');
  });

  it('stores the authenticator seed only sealed (envelope encryption), never as base32', async () => {
    const { keys } = await import('../../functions/src/_lib/db/keys.js');
    const { readItem } = await import('../support/identity.js');
    const investor = await newInvestor(alpine);
    const key = keys.user(alpine.tenantId, investor.userId);
    const enrol = await call<{ secret: string }>(investor.caller, '/user-center/mfa/authenticator', { method: 'POST' });
    const { secret } = enrol.body;
    const pending = await readItem(key);
    expect(pending?.totpPendingSecret).toMatchObject({ v: 1, kp: 'local' });
    const confirm = await call(investor.caller, '/user-center/mfa/authenticator/confirm', {
      method: 'POST',
      body: { code: totpCode(secret, Date.now()) },
    });
    expect(confirm.status).toBe(200);
    const item = await readItem(key);
    expect(item?.totpSecret).toMatchObject({ v: 1, kp: 'local' });
    expect(Object.keys(item?.totpSecret as object).sort()).toEqual(['ct', 'edk', 'iv', 'kp', 'tag', 'v']);
    const stored = JSON.stringify(item);
    for (const form of [secret, secret.toLowerCase(), Buffer.from(secret).toString('base64')]) {
      expect(stored).not.toContain(form);
    }
    // The envelope is bound to its user: copied onto another user's record it opens nothing.
    const other = await newInvestor(alpine);
    const { openTotpSecret } = await import('../../functions/src/auth/totp-secret.js');
    expect(await openTotpSecret(alpine.tenantId, investor.userId, item?.totpSecret)).toBe(secret);
    expect(await openTotpSecret(alpine.tenantId, other.userId, item?.totpSecret)).toBeUndefined();
  });

  it('refuses a wrong enrolment code with codeInvalid', async () => {
    const investor = await newInvestor(alpine);
    await call(investor.caller, '/user-center/mfa/authenticator', { method: 'POST' });
    const res = await call(investor.caller, '/user-center/mfa/authenticator/confirm', {
      method: 'POST',
      body: { code: '000000' },
    });
    expect(errorOf(res).code).toBe('codeInvalid');
  });

  it('counts every wrong code in the sign-in lockout: the 4th failure warns, the 5th locks', async () => {
    const investor = await newInvestor(alpine);
    const { secret } = await enrolAuthenticator(investor.caller);
    const { ticket } = challengeOf(await signIn(alpine, investor.email, investor.password));
    const bad = totpCode(secret, Date.now() + 10 * 60_000);
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(errorOf(await verify(alpine, { ticket, method: 'authenticator', code: bad })).code);
    // The password attempt (not reset until the second factor passes) and each wrong code count.
    expect(answers).toEqual(['mfaAuthFailed', 'mfaAuthFailed', 'AccountLockoutWarning', 'AccountLockoutNew']);
    const good = await verify(alpine, { ticket, method: 'authenticator', code: totpCode(secret, Date.now() + 30_000) });
    expect(errorOf(good).code).toBe('AccountLockoutNew');
  });

  it('allows at most five checks per ticket, and answers ticketInvalid after, and for unknown tickets', async () => {
    const { createTicket, countTicketTry } = await import('../../functions/src/auth/auth.repo.js');
    const { sha256 } = await import('../../functions/src/_lib/secrets.js');
    const investor = await newInvestor(alpine);
    const { ticket } = await createTicket(alpine.tenantId, {
      userId: investor.userId,
      emailHash: 'x',
      methods: ['authenticator'],
    });
    for (let i = 1; i <= 5; i++) expect((await countTicketTry(alpine.tenantId, sha256(ticket))).tries).toBe(i);
    await expect(countTicketTry(alpine.tenantId, sha256(ticket))).rejects.toMatchObject({ code: 'ticketInvalid' });
    expect(errorOf(await verify(alpine, { ticket, method: 'authenticator', code: '123456' })).code).toBe(
      'ticketInvalid',
    );
    const unknown = await verify(alpine, { ticket: 'B'.repeat(43), method: 'authenticator', code: '123456' });
    expect(errorOf(unknown).code).toBe('ticketInvalid');
  });

  it('expires a ticket after five minutes', async () => {
    const investor = await newInvestor(alpine);
    const { secret } = await enrolAuthenticator(investor.caller);
    const { ticket } = challengeOf(await signIn(alpine, investor.email, investor.password));
    const { keys } = await import('../../functions/src/_lib/db/keys.js');
    const { sha256 } = await import('../../functions/src/_lib/secrets.js');
    const { patchItem } = await import('../support/identity.js');
    await patchItem(keys.mfaTicket(alpine.tenantId, sha256(ticket)), { expiresAt: Date.now() - 1 });
    const res = await verify(alpine, { ticket, method: 'authenticator', code: totpCode(secret, Date.now() + 30_000) });
    expect(errorOf(res).code).toBe('ticketInvalid');
  });
});

describe('email and SMS codes, and the MFA login link', () => {
  const phone = '+447700900123';
  const withEmailAndSms = async (): Promise<Investor> => {
    const investor = await newInvestor(alpine);
    await enrolAuthenticator(investor.caller);
    expect((await call(investor.caller, '/user-center/update', { method: 'POST', body: { phone } })).status).toBe(200);
    const early = await call(investor.caller, '/user-center/mfa/methods', {
      method: 'PUT',
      body: { methods: ['authenticator', 'sms'], password: investor.password },
    });
    expect(errorOf(early).code, 'SMS needs a confirmed number').toBe('MfaMethodNotAvailable');
    expect((await call(investor.caller, '/user-center/phone/send-code', { method: 'POST' })).status).toBe(200);
    const sms = await lastMessageTo(phone, /confirm this phone/);
    const confirmed = await call<{ phoneVerified: boolean }>(investor.caller, '/user-center/phone/confirm', {
      method: 'POST',
      body: { code: codeIn(sms) },
    });
    expect(confirmed.body.phoneVerified).toBe(true);
    const set = await call(investor.caller, '/user-center/mfa/methods', {
      method: 'PUT',
      body: { methods: ['authenticator', 'email', 'sms'], password: investor.password },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    return investor;
  };

  it('signs in with an emailed six-digit code, once', async () => {
    const investor = await withEmailAndSms();
    const { ticket, methods } = challengeOf(await signIn(alpine, investor.email, investor.password));
    expect(methods.sort()).toEqual(['authenticator', 'email', 'sms']);
    const sent = await call<{ sentTo: string }>({ tenant: alpine }, '/invest/account/mfa/send-code', {
      method: 'POST',
      body: { ticket, method: 'email' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.sentTo).not.toBe(investor.email);
    const code = codeIn(await lastMessageTo(investor.email, /sign-in code/));
    expect(errorOf(await verify(alpine, { ticket, method: 'sms', code })).code).toBe('mfaAuthFailed');
    expect((await verify(alpine, { ticket, method: 'email', code })).status).toBe(200);
    expect(errorOf(await verify(alpine, { ticket, method: 'email', code })).code).toBe('ticketInvalid');
  });

  it('signs in with a texted code', async () => {
    const investor = await withEmailAndSms();
    const { ticket } = challengeOf(await signIn(alpine, investor.email, investor.password));
    await call({ tenant: alpine }, '/invest/account/mfa/send-code', {
      method: 'POST',
      body: { ticket, method: 'sms' },
    });
    const sms = await lastMessageTo('+447700900123', /sign-in code/);
    expect(sms.channel).toBe('sms');
    expect((await verify(alpine, { ticket, method: 'sms', code: codeIn(sms) })).status).toBe(200);
  });

  it('signs in with the emailed login link instead of the code, bound to the ticket', async () => {
    const investor = await withEmailAndSms();
    const { ticket } = challengeOf(await signIn(alpine, investor.email, investor.password));
    await call({ tenant: alpine }, '/invest/account/mfa/send-code', {
      method: 'POST',
      body: { ticket, method: 'email' },
    });
    const { url, token } = linkTokenIn(await lastMessageTo(investor.email, /sign-in code/));
    expect(url.pathname).toBe(`/t/${alpine.prefix}/mfa-link`);
    // Another sign-in attempt's ticket does not accept this link.
    const other = challengeOf(await signIn(alpine, investor.email, investor.password));
    const wrongTicket = await call({ tenant: alpine }, '/invest/account/mfa/login-link', {
      method: 'POST',
      body: { ticket: other.ticket, token },
    });
    expect(errorOf(wrongTicket).code).toBe('mfaAuthFailed');
    const ok = await call({ tenant: alpine }, '/invest/account/mfa/login-link', {
      method: 'POST',
      body: { ticket, token },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses an email code older than five minutes', async () => {
    const investor = await withEmailAndSms();
    const { ticket } = challengeOf(await signIn(alpine, investor.email, investor.password));
    await call({ tenant: alpine }, '/invest/account/mfa/send-code', {
      method: 'POST',
      body: { ticket, method: 'email' },
    });
    const code = codeIn(await lastMessageTo(investor.email, /sign-in code/));
    const { keys } = await import('../../functions/src/_lib/db/keys.js');
    const { sha256 } = await import('../../functions/src/_lib/secrets.js');
    const { patchItem } = await import('../support/identity.js');
    await patchItem(keys.mfaTicket(alpine.tenantId, sha256(ticket)), { emailCodeExpiresAt: Date.now() - 1 });
    expect(errorOf(await verify(alpine, { ticket, method: 'email', code })).code).toBe('mfaAuthFailed');
  });

  it('never lets SMS be the only factor, nor the number change under it, and needs the password', async () => {
    const investor = await withEmailAndSms();
    const moved = await call(investor.caller, '/user-center/update', {
      method: 'POST',
      body: { phone: '+447700900999' },
    });
    expect(errorOf(moved).code).toBe('MfaMethodNotAvailable');
    const only = await call(investor.caller, '/user-center/mfa/methods', {
      method: 'PUT',
      body: { methods: ['sms'], password: investor.password },
    });
    expect(errorOf(only).code).toBe('MfaMethodNotAvailable');
    const wrong = await call(investor.caller, '/user-center/mfa/methods', {
      method: 'PUT',
      body: { methods: [], password: 'not-the-password' },
    });
    expect(errorOf(wrong).code).toBe('CurrentPasswordIncorrect');
  });
});

describe('a password reset does not bypass MFA', () => {
  it('after a reset, signing in still asks for the second factor', async () => {
    const investor = await newInvestor(alpine);
    await enrolAuthenticator(investor.caller);
    await call({ tenant: alpine }, '/invest/account/forgot-password', {
      method: 'POST',
      body: { email: investor.email, captchaToken: CAPTCHA_OK },
    });
    const mail = await lastMessageTo(investor.email, /Reset your/);
    const newPassword = freshPassword();
    const res = await call({ tenant: alpine }, '/invest/account/reset-password', {
      method: 'POST',
      body: { token: linkTokenIn(mail).token, code: codeIn(mail), newPassword },
    });
    expect(res.status).toBe(200);
    expect(errorOf(await signIn(alpine, investor.email, newPassword)).code).toBe('mfaIsRequired');
  });
});

describe('a tenant can require MFA of its GP users', () => {
  it('limits a GP session without MFA to enrolment until a factor is enrolled', async () => {
    const owner = await signedIn(beacon, 'GP_OWNER');
    const current = await call<{ settings: Record<string, unknown>; version: number }>(owner, '/v2/gp/tenant-settings');
    const put = (settings: Record<string, unknown>, version: number) =>
      call(owner, '/v2/gp/tenant-settings', { method: 'PUT', body: { settings, version } });
    expect((await put({ ...current.body.settings, requireMfaForGp: true }, current.body.version)).status).toBe(200);
    try {
      const email = freshEmail('gp');
      await call(owner, '/gp/users/invite', {
        method: 'POST',
        body: { email, displayName: 'New Member', role: 'GP_MEMBER' },
      });
      const { token } = linkTokenIn(await lastMessageTo(email, /invited/));
      const password = freshPassword();
      await call({ tenant: beacon }, '/invest/account/set-password', { method: 'POST', body: { token, password } });
      const res = await signIn(beacon, email, password);
      expect(res.status).toBe(200);
      expect((res.body as { mfaEnrolmentRequired: boolean }).mfaEnrolmentRequired).toBe(true);
      const limited = callerFromCookies(beacon, res);
      const blocked = await call(limited, '/v2/gp/tenant-settings');
      expect(blocked.status).toBe(403);
      expect(errorOf(blocked).code).toBe('mfaEnrolmentRequired');
      expect((await call(limited, '/user-center/get')).status).toBe(200);
      const { confirm } = await enrolAuthenticator(limited);
      const full = callerFromCookies(beacon, confirm);
      expect((await call(full, '/v2/gp/tenant-settings')).status).toBe(200);
      expect((await call(limited, '/v2/gp/tenant-settings')).status).toBe(401);
    } finally {
      const now = await call<{ version: number }>(owner, '/v2/gp/tenant-settings');
      await put(current.body.settings, now.body.version);
    }
  });
});
