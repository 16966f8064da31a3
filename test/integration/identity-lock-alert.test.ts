import { beforeEach, describe, expect, it } from 'vitest';
import { alpine, call, errorOf, signedIn } from '../support/api.js';
import {
  clearThrottles,
  freshEmail,
  lastMessageTo,
  messagesAtLeast,
  messagesTo,
  newInvestor,
  patchItem,
  readItem,
  signIn,
} from '../support/identity.js';

const { keys } = await import('../../functions/src/_lib/db/keys.js');
const { emailHash } = await import('../../functions/src/_lib/secrets.js');

beforeEach(clearThrottles);

const wrong = 'not-the-password-at-all';
const LOCKED = /locked|锁定/;
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

const failFiveTimes = async (email: string) => {
  const codes = [];
  for (let i = 0; i < 5; i++) codes.push(errorOf(await signIn(alpine, email, wrong)).code);
  return codes;
};

describe('lock alert after five failed sign-ins', () => {
  it('emails the user once, in English, with the time the lock ends and the reset link', async () => {
    const investor = await newInvestor(alpine, 'alert');
    expect((await failFiveTimes(investor.email)).at(-1)).toBe('AccountLockoutNew');
    const alert = await lastMessageTo(investor.email, LOCKED);
    expect(alert.subject).toBe('Your Alpine Capital account is locked');
    const record = await readItem(keys.loginAttempts(alpine.tenantId, emailHash(investor.email)));
    expect(alert.text).toContain(`until ${utc(record!.lockedUntil as number)} (UTC)`);
    expect(alert.text).toContain(`/t/${alpine.prefix}/forgot-password`);
    expect(alert.text).not.toContain(wrong);

    // Attempts while locked (right or wrong password) send nothing more.
    expect(errorOf(await signIn(alpine, investor.email, wrong)).code).toBe('AccountLockoutNew');
    expect(errorOf(await signIn(alpine, investor.email, investor.password)).code).toBe('AccountLockoutNew');
    expect(await messagesTo(investor.email, LOCKED)).toHaveLength(1);
  });

  it("writes in the user's language (Simplified Chinese)", async () => {
    const investor = await newInvestor(alpine, 'alert-zh');
    const lang = await call(investor.caller, '/user-center/update', { method: 'POST', body: { language: 'zh-CN' } });
    expect(lang.status).toBe(200);
    await failFiveTimes(investor.email);
    const alert = await lastMessageTo(investor.email, LOCKED);
    expect(alert.subject).toBe('您的Alpine Capital账户已被锁定');
    expect(alert.text).toContain('连续 5 次登录失败');
  });

  it('alerts once per lock: a new lock after the last one ran out alerts again', async () => {
    const investor = await newInvestor(alpine, 'alert-again');
    await failFiveTimes(investor.email);
    const key = keys.loginAttempts(alpine.tenantId, emailHash(investor.email));
    await patchItem(key, { lockedUntil: Date.now() - 1000 });
    expect((await failFiveTimes(investor.email)).at(-1)).toBe('AccountLockoutNew');
    expect(await messagesAtLeast(investor.email, LOCKED, 2)).toHaveLength(2);
  });

  it('sends nothing for an email without an account', async () => {
    const nobody = freshEmail('nobody');
    expect((await failFiveTimes(nobody)).at(-1)).toBe('AccountLockoutNew');
    expect(await messagesTo(nobody)).toHaveLength(0);
  });

  it('alerts when wrong current passwords lock the account from a signed-in session too', async () => {
    const investor = await newInvestor(alpine, 'alert-change');
    for (let i = 0; i < 5; i++) {
      await call(investor.caller, '/invest/account/change-password', {
        method: 'POST',
        body: { password: wrong, newPassword: 'a-brand-new-passphrase-2026' },
      });
    }
    expect(await messagesAtLeast(investor.email, LOCKED, 1)).toHaveLength(1);
  });
});

describe('lock alert when a GP admin locks the user', () => {
  it('emails the user once per lock, saying how to proceed', async () => {
    const admin = await signedIn(alpine, 'GP_ADMIN');
    const investor = await newInvestor(alpine, 'gp-lock');
    const lock = () => call(admin, `/gp/users/${investor.userId}/lock`, { method: 'POST' });
    expect((await lock()).status).toBe(200);
    const alert = await lastMessageTo(investor.email, LOCKED);
    expect(alert.subject).toBe('Your Alpine Capital account is locked');
    expect(alert.text).toContain('An administrator of Alpine Capital locked your account');
    expect(alert.text).toContain('contact your account manager');

    // Locking a locked user again changes nothing and sends nothing.
    expect((await lock()).status).toBe(200);
    expect(await messagesTo(investor.email, LOCKED)).toHaveLength(1);
    expect((await call(admin, `/gp/users/${investor.userId}/unlock`, { method: 'POST' })).status).toBe(200);
    expect((await lock()).status).toBe(200);
    expect(await messagesAtLeast(investor.email, LOCKED, 2)).toHaveLength(2);
  });
});
