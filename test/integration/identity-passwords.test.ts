import { beforeEach, describe, expect, it } from 'vitest';
import { alpine, call, errorOf } from '../support/api.js';
import {
  awaitRoomInWindow,
  CAPTCHA_OK,
  clearThrottles,
  codeIn,
  freshEmail,
  freshPassword,
  lastMessageTo,
  linkTokenIn,
  newInvestor,
  outbox,
  patchItem,
  signIn,
} from '../support/identity.js';

const { keys } = await import('../../functions/src/_lib/db/keys.js');
const { sha256 } = await import('../../functions/src/_lib/secrets.js');

beforeEach(clearThrottles);

const forgot = (email: string, captchaToken = CAPTCHA_OK) =>
  call({ tenant: alpine }, '/invest/account/forgot-password', { method: 'POST', body: { email, captchaToken } });
const reset = (body: { token: string; code: string; newPassword: string }) =>
  call({ tenant: alpine }, '/invest/account/reset-password', { method: 'POST', body });

const requestReset = async (email: string) => {
  expect((await forgot(email)).status).toBe(200);
  const mail = await lastMessageTo(email, /Reset your/);
  return { ...linkTokenIn(mail), code: codeIn(mail) };
};

describe('password reset by emailed link and code', () => {
  it('resets once; the link then answers that it has expired', async () => {
    const investor = await newInvestor(alpine);
    const { url, token, code } = await requestReset(investor.email);
    expect(url.pathname).toBe(`/t/${alpine.prefix}/reset-password`);
    const newPassword = freshPassword();
    expect((await reset({ token, code, newPassword })).status).toBe(200);
    expect((await signIn(alpine, investor.email, newPassword)).status).toBe(200);
    expect(errorOf(await signIn(alpine, investor.email, investor.password)).code).toBe('AccountOrPasswordError');
    const again = await reset({ token, code, newPassword: freshPassword() });
    expect(again.status).toBe(410);
    expect(errorOf(again).message).toBe('The password reset link has expired.');
  });

  it('lets exactly one of two parallel resets with the same link through', async () => {
    const investor = await newInvestor(alpine);
    const { token, code } = await requestReset(investor.email);
    const [a, b] = await Promise.all([
      reset({ token, code, newPassword: freshPassword() }),
      reset({ token, code, newPassword: freshPassword() }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 410]);
  });

  it("answers 'The password reset link has expired.' after 30 minutes", async () => {
    const investor = await newInvestor(alpine);
    const { token, code } = await requestReset(investor.email);
    await patchItem(keys.link(alpine.tenantId, sha256(token)), { expiresAt: Date.now() - 1 });
    const res = await reset({ token, code, newPassword: freshPassword() });
    expect(res.status).toBe(410);
    expect(errorOf(res).code).toBe('PasswordResetLinkExpired');
  });

  it('needs the code too, with five tries', async () => {
    const investor = await newInvestor(alpine);
    const { token, code } = await requestReset(investor.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect(errorOf(await reset({ token, code: wrong, newPassword: freshPassword() })).code).toBe('codeInvalid');
    expect(errorOf(await reset({ token, code, newPassword: freshPassword() })).code).toBe('PasswordResetLinkExpired');
  });

  it('refuses the previous password with the spec message, without spending the link', async () => {
    const investor = await newInvestor(alpine);
    const { token, code } = await requestReset(investor.email);
    const same = await reset({ token, code, newPassword: investor.password });
    expect(same.status).toBe(400);
    expect(errorOf(same).code).toBe('newPasswordSameAsOldPassword');
    expect(errorOf(same).message).toBe('Your new password must be different from your previous password.');
    expect((await reset({ token, code, newPassword: freshPassword() })).status).toBe(200);
  });

  it('answers the same for an unknown email, and sends nothing', async () => {
    const nobody = freshEmail('nobody');
    const res = await forgot(nobody);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await outbox()).some((m) => m.to.includes(nobody))).toBe(false);
  });

  it('limits reset requests per email, known or not', async () => {
    await awaitRoomInWindow(3600);
    for (const email of [(await newInvestor(alpine)).email, freshEmail('nobody')]) {
      for (let i = 0; i < 3; i++) expect((await forgot(email)).status).toBe(200);
      const fourth = await forgot(email);
      expect(fourth.status).toBe(429);
      expect(errorOf(fourth).code).toBe('RATE_LIMITED');
    }
  });

  it('needs the captcha', async () => {
    const res = await forgot(freshEmail('robot'), 'nope');
    expect(errorOf(res).code).toBe('ReCaptchaVerifyFailed');
  });

  it('lifts a lockout, and signs nobody in', async () => {
    const investor = await newInvestor(alpine);
    for (let i = 0; i < 5; i++) await signIn(alpine, investor.email, 'wrong-password-here');
    const { token, code } = await requestReset(investor.email);
    const newPassword = freshPassword();
    const res = await reset({ token, code, newPassword });
    expect(res.headers.getSetCookie().some((c) => c.includes('tr_sid'))).toBe(false);
    expect((await signIn(alpine, investor.email, newPassword)).status).toBe(200);
  });
});

describe('change password', () => {
  it("answers 'the current password you entered is incorrect.'", async () => {
    const investor = await newInvestor(alpine);
    const res = await call(investor.caller, '/invest/account/change-password', {
      method: 'POST',
      body: { password: 'not-my-password', newPassword: freshPassword() },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).code).toBe('CurrentPasswordIncorrect');
    expect(errorOf(res).message).toBe('the current password you entered is incorrect.');
  });

  it('refuses the same password and common ones', async () => {
    const investor = await newInvestor(alpine);
    const same = await call(investor.caller, '/invest/account/change-password', {
      method: 'POST',
      body: { password: investor.password, newPassword: investor.password },
    });
    expect(errorOf(same).code).toBe('newPasswordSameAsOldPassword');
    const common = await call(investor.caller, '/invest/account/change-password', {
      method: 'POST',
      body: { password: investor.password, newPassword: 'password1234!' },
    });
    expect(errorOf(common).code).toBe('PasswordTooCommon');
  });

  it('counts wrong current passwords in the lockout', async () => {
    const investor = await newInvestor(alpine);
    const codes = [];
    for (let i = 0; i < 5; i++) {
      const res = await call(investor.caller, '/invest/account/change-password', {
        method: 'POST',
        body: { password: `wrong-${i}-password`, newPassword: freshPassword() },
      });
      codes.push(errorOf(res).code);
    }
    expect(codes).toEqual([
      'CurrentPasswordIncorrect',
      'CurrentPasswordIncorrect',
      'CurrentPasswordIncorrect',
      'AccountLockoutWarning',
      'AccountLockoutNew',
    ]);
  });
});
