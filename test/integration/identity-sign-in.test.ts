import { ERROR_CATALOGUE } from '@tranche/shared/errors/catalogue';
import { beforeEach, describe, expect, it } from 'vitest';
import { alpine, beacon, call, callerFromCookies, errorOf, signedIn } from '../support/api.js';
import {
  awaitRoomInWindow,
  CAPTCHA_OK,
  clearThrottles,
  codeOf,
  freshEmail,
  newInvestor,
  patchItem,
  signIn,
} from '../support/identity.js';

const { keys } = await import('../../functions/src/_lib/db/keys.js');
const { emailHash } = await import('../../functions/src/_lib/secrets.js');

beforeEach(clearThrottles);

const wrong = 'not-the-password-at-all';

describe('sign-in', () => {
  it('starts a session in HttpOnly, Secure, SameSite cookies and a readable cross-site-request token', async () => {
    const investor = await newInvestor(alpine);
    const res = await signIn(alpine, investor.email, investor.password);
    expect(res.status).toBe(200);
    expect((res.body as { user: { email: string } }).user.email).toBe(investor.email);
    const setCookies = res.headers.getSetCookie();
    const session = setCookies.find((c) => c.startsWith(`__Host-tr_sid_${alpine.prefix}=`));
    const refresh = setCookies.find((c) => c.startsWith(`__Host-tr_rt_${alpine.prefix}=`));
    const csrf = setCookies.find((c) => c.startsWith('csrf-token='));
    for (const c of [session, refresh]) {
      expect(c).toMatch(/HttpOnly/);
      expect(c).toMatch(/Secure/);
      expect(c).toMatch(/SameSite=Lax/);
    }
    expect(session).toMatch(/Max-Age=900\b/);
    expect(csrf).not.toMatch(/HttpOnly/);
    const me = await call<{ email: string }>(callerFromCookies(alpine, res), '/user-center/get');
    expect(me.body.email).toBe(investor.email);
  });

  it('answers AccountOrPasswordError for a wrong password and for an unknown email alike', async () => {
    const investor = await newInvestor(alpine);
    const a = await signIn(alpine, investor.email, wrong);
    const b = await signIn(alpine, freshEmail('nobody'), wrong);
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(errorOf(a).code).toBe('AccountOrPasswordError');
    expect(errorOf(a).message).toBe('Email or password is incorrect.');
    expect({ ...errorOf(a), requestId: '' }).toEqual({ ...errorOf(b), requestId: '' });
  });

  it('requires the cross-site-request token before a session exists', async () => {
    const res = await call({ tenant: alpine }, '/invest/account/login', {
      method: 'POST',
      body: { email: 'a@b.example', password: wrong },
      noCsrf: true,
    });
    expect(res.status).toBe(403);
    expect(errorOf(res).code).toBe('CSRF_TOKEN_INVALID');
  });

  it('keeps tenants apart: an investor of one tenant cannot sign in on another', async () => {
    const investor = await newInvestor(alpine);
    const res = await signIn(beacon, investor.email, investor.password);
    expect(res.status).toBe(401);
    expect(errorOf(res).code).toBe('AccountOrPasswordError');
  });
});

describe('lockout (spec §8, §9)', () => {
  it('warns on the 4th failure and locks for 15 minutes on the 5th', async () => {
    const investor = await newInvestor(alpine);
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push(errorOf(await signIn(alpine, investor.email, wrong)));
    expect(codes.map((c) => c.code)).toEqual([
      'AccountOrPasswordError',
      'AccountOrPasswordError',
      'AccountOrPasswordError',
      'AccountLockoutWarning',
      'AccountLockoutNew',
    ]);
    expect(codes[3]?.message).toBe(
      'Email or password is incorrect. If the next attempt fails, your account will be locked for 15 minutes.',
    );
    expect(codes[4]?.message).toBe('Sorry, your account has been locked');
    expect(codes[4]?.details?.retryAfterSeconds).toBe(900);
  });

  it('answers the same while locked whether or not the password is right', async () => {
    const investor = await newInvestor(alpine);
    for (let i = 0; i < 5; i++) await signIn(alpine, investor.email, wrong);
    const right = await signIn(alpine, investor.email, investor.password);
    const bad = await signIn(alpine, investor.email, wrong);
    expect(right.status).toBe(423);
    expect(bad.status).toBe(423);
    const strip = (r: typeof right) => ({
      ...errorOf(r),
      requestId: '',
      details: { ...errorOf(r).details, retryAfterSeconds: 0 },
    });
    expect(strip(right)).toEqual(strip(bad));
    expect(right.headers.getSetCookie().some((c) => c.includes('tr_sid'))).toBe(false);
  });

  it('locks unknown emails exactly like known ones (no account enumeration)', async () => {
    const investor = await newInvestor(alpine);
    const known = [];
    const unknown = [];
    const nobody = freshEmail('nobody');
    for (let i = 0; i < 6; i++) {
      known.push(codeOf(await signIn(alpine, investor.email, wrong)));
      unknown.push(codeOf(await signIn(alpine, nobody, wrong)));
    }
    expect(unknown).toEqual(known);
  });

  it('resets the count on a success', async () => {
    const investor = await newInvestor(alpine);
    for (let i = 0; i < 3; i++) await signIn(alpine, investor.email, wrong);
    expect((await signIn(alpine, investor.email, investor.password)).status).toBe(200);
    const after = [];
    for (let i = 0; i < 4; i++) after.push(codeOf(await signIn(alpine, investor.email, wrong)));
    expect(after).toEqual([
      'AccountOrPasswordError',
      'AccountOrPasswordError',
      'AccountOrPasswordError',
      'AccountLockoutWarning',
    ]);
  });

  it('lets no more than five parallel attempts reach the password check', async () => {
    const investor = await newInvestor(alpine);
    const answers = await Promise.all(Array.from({ length: 12 }, () => signIn(alpine, investor.email, wrong)));
    const codes = answers.map(codeOf).sort();
    expect(codes.filter((c) => c === 'AccountOrPasswordError')).toHaveLength(3);
    expect(codes.filter((c) => c === 'AccountLockoutWarning')).toHaveLength(1);
    expect(codes.filter((c) => c === 'AccountLockoutNew')).toHaveLength(8);
    // And the right password is refused too until the lock runs out.
    expect(codeOf(await signIn(alpine, investor.email, investor.password))).toBe('AccountLockoutNew');
  });

  it('lifts the lock after 15 minutes', async () => {
    const investor = await newInvestor(alpine);
    for (let i = 0; i < 5; i++) await signIn(alpine, investor.email, wrong);
    expect(codeOf(await signIn(alpine, investor.email, investor.password))).toBe('AccountLockoutNew');
    await patchItem(keys.loginAttempts(alpine.tenantId, emailHash(investor.email)), { lockedUntil: Date.now() - 1 });
    expect((await signIn(alpine, investor.email, investor.password)).status).toBe(200);
  });

  it('answers in the caller’s language', async () => {
    const res = await signIn(alpine, freshEmail('zh'), wrong, { lang: 'zh-CN' });
    expect(errorOf(res).message).toBe(ERROR_CATALOGUE.AccountOrPasswordError.messages['zh-CN']);
  });
});

describe('frequency limit (tenant setting)', () => {
  it('locks after the configured maximum until a GP admin unlocks, with a last-attempt warning', async () => {
    const owner = await signedIn(beacon, 'GP_OWNER');
    const current = await call<{ settings: Record<string, unknown>; version: number }>(owner, '/v2/lp/tenant-settings');
    const put = (settings: Record<string, unknown>, version: number) =>
      call<{ version: number }>(owner, '/v2/lp/tenant-settings', { method: 'PUT', body: { settings, version } });
    // Other suites (the fuzzer) may have left any valid settings on this tenant: set what this test needs.
    const changed = await put(
      { ...current.body.settings, signUpEnabled: true, loginFrequencyLimit: { enabled: true, maxAttempts: 3 } },
      current.body.version,
    );
    expect(changed.status).toBe(200);
    try {
      const investor = await newInvestor(beacon);
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(errorOf(await signIn(beacon, investor.email, wrong)));
      expect(answers.map((a) => a.code)).toEqual([
        'AccountOrPasswordError',
        'AccountLastAttemptWarning',
        'AccountFrequencyLimit',
      ]);
      expect(answers[1]?.message).toBe('Email or password is incorrect. You have one attempt remaining.');
      expect(answers[2]?.message).toBe('Too many failed sign-in attempts. Please contact your account manager.');
      // Not lifted by time: only by an unlock.
      await patchItem(keys.loginAttempts(beacon.tenantId, emailHash(investor.email)), { lockedUntil: Date.now() - 1 });
      expect(codeOf(await signIn(beacon, investor.email, investor.password))).toBe('AccountFrequencyLimit');
      const admin = await signedIn(beacon, 'GP_ADMIN');
      expect((await call(admin, `/gp/users/${investor.userId}/unlock`, { method: 'POST' })).status).toBe(200);
      expect((await signIn(beacon, investor.email, investor.password)).status).toBe(200);
    } finally {
      const now = await call<{ settings: Record<string, unknown>; version: number }>(owner, '/v2/lp/tenant-settings');
      await put(current.body.settings, now.body.version);
    }
  });
});

describe('disabled users', () => {
  it('answers PrincipalIsLocked to a locked user with the right password, and the same 401 as anyone without it', async () => {
    const investor = await newInvestor(alpine);
    const admin = await signedIn(alpine, 'GP_ADMIN');
    expect((await call(admin, `/gp/users/${investor.userId}/lock`, { method: 'POST' })).status).toBe(200);
    const right = await signIn(alpine, investor.email, investor.password);
    expect(right.status).toBe(423);
    expect(errorOf(right).code).toBe('PrincipalIsLocked');
    expect(errorOf(right).message).toBe('Sorry, your account has been locked');
    expect(codeOf(await signIn(alpine, investor.email, wrong))).toBe('AccountOrPasswordError');
    expect((await call(admin, `/gp/users/${investor.userId}/unlock`, { method: 'POST' })).status).toBe(200);
    expect((await signIn(alpine, investor.email, investor.password)).status).toBe(200);
  });

  it('lets an admin lock neither an owner nor themselves', async () => {
    const admin = await signedIn(alpine, 'GP_ADMIN');
    const ownerId = alpine.users.find((u) => u.role === 'GP_OWNER')!.userId;
    const adminId = alpine.users.find((u) => u.role === 'GP_ADMIN')!.userId;
    expect((await call(admin, `/gp/users/${ownerId}/lock`, { method: 'POST' })).status).toBe(403);
    expect((await call(admin, `/gp/users/${adminId}/lock`, { method: 'POST' })).status).toBe(403);
  });
});

describe('per-IP throttle on the auth routes', () => {
  it('answers 429 RATE_LIMITED past the limit, across every auth route', async () => {
    await awaitRoomInWindow(60);
    const answers = [];
    for (let i = 0; i < 32; i++) answers.push((await signIn(alpine, freshEmail('flood'), wrong)).status);
    expect(answers.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(answers.slice(30)).toEqual([429, 429]);
    const reset = await call({ tenant: alpine }, '/invest/account/forgot-password', {
      method: 'POST',
      body: { email: freshEmail('flood'), captchaToken: CAPTCHA_OK },
    });
    expect(reset.status).toBe(429);
    expect(errorOf(reset).code).toBe('RATE_LIMITED');
    // Per tenant and IP: the other portal is not affected.
    expect((await signIn(beacon, freshEmail('flood'), wrong)).status).toBe(401);
  });
});
