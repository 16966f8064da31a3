import { beforeEach, describe, expect, it } from 'vitest';
import { alpine, call, errorOf, signedIn, userOf } from '../support/api.js';
import {
  CAPTCHA_OK,
  clearThrottles,
  codeIn,
  freshEmail,
  freshPassword,
  lastMessageTo,
  linkTokenIn,
  newInvestor,
  signIn,
} from '../support/identity.js';

beforeEach(clearThrottles);

const signUp = (body: Record<string, unknown>, lang?: string) =>
  call({ tenant: alpine }, '/invest/account/sign-up', {
    method: 'POST',
    body: { displayName: 'New Investor', captchaToken: CAPTCHA_OK, ...body },
    ...(lang ? { lang } : {}),
  });

describe('sign-up by email', () => {
  it('emails a six-digit code; confirming it activates the account and signs the investor in', async () => {
    const email = freshEmail('signup');
    const password = freshPassword();
    const up = await signUp({ email, password });
    expect(up.status).toBe(201);
    const message = await lastMessageTo(email, /verification code/);
    expect(message.channel).toBe('email');
    const confirmed = await call<{ user: Record<string, unknown> }>(
      { tenant: alpine },
      '/invest/account/sign-up/confirm',
      {
        method: 'POST',
        body: { email, code: codeIn(message) },
      },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.user).toMatchObject({
      email,
      role: 'LP',
      inviteStatus: 'REGISTERED',
      accountState: 'normal',
      mfaMethods: [],
    });
    expect((await signIn(alpine, email, password)).status).toBe(200);
  });

  it('cannot sign in before the email is confirmed', async () => {
    const email = freshEmail('pending');
    const password = freshPassword();
    await signUp({ email, password });
    const res = await signIn(alpine, email, password);
    expect(res.status).toBe(403);
    expect(errorOf(res).code).toBe('AccountNotActivated');
  });

  it('refuses a wrong code with codeInvalid, and every code after five tries', async () => {
    const email = freshEmail('tries');
    await signUp({ email, password: freshPassword() });
    const code = codeIn(await lastMessageTo(email, /verification code/));
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await call({ tenant: alpine }, '/invest/account/sign-up/confirm', {
        method: 'POST',
        body: { email, code: wrongCode },
      });
      expect(res.status).toBe(400);
      expect(errorOf(res).code).toBe('codeInvalid');
      expect(errorOf(res).message).toBe('Verification code is incorrect.');
    }
    const right = await call({ tenant: alpine }, '/invest/account/sign-up/confirm', {
      method: 'POST',
      body: { email, code },
    });
    expect(errorOf(right).code).toBe('codeInvalid');
  });

  it('answers a wrong code alike whether the email has a pending sign-up, an account or none', async () => {
    const pending = freshEmail('pending');
    await signUp({ email: pending, password: freshPassword() });
    const code = codeIn(await lastMessageTo(pending, /verification code/));
    const wrongCode = code === '000000' ? '111111' : '000000';
    const answers: { status: number; body: object }[] = [];
    for (const email of [pending, userOf(alpine, 'LP').email, freshEmail('nobody')]) {
      const res = await call({ tenant: alpine }, '/invest/account/sign-up/confirm', {
        method: 'POST',
        body: { email, code: wrongCode },
      });
      const { requestId: _, ...rest } = errorOf(res);
      answers.push({ status: res.status, body: rest });
    }
    expect(answers[0]).toEqual({
      status: 400,
      body: { code: 'codeInvalid', message: 'Verification code is incorrect.' },
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('lets a new sign-up replace one that was never confirmed', async () => {
    const email = freshEmail('again');
    await signUp({ email, password: freshPassword() });
    const second = freshPassword();
    expect((await signUp({ email, password: second })).status).toBe(201);
    const code = codeIn(await lastMessageTo(email, /verification code/));
    const confirmed = await call({ tenant: alpine }, '/invest/account/sign-up/confirm', {
      method: 'POST',
      body: { email, code },
    });
    expect(confirmed.status).toBe(200);
    expect((await signIn(alpine, email, second)).status).toBe(200);
  });

  it('answers AccountExist for an email that already has an account', async () => {
    const investor = await newInvestor(alpine);
    const res = await signUp({ email: investor.email.toUpperCase(), password: freshPassword() });
    expect(res.status).toBe(409);
    expect(errorOf(res).code).toBe('AccountExist');
    expect(errorOf(res).message).toBe('Email already in use');
    const seeded = await signUp({ email: userOf(alpine, 'LP').email, password: freshPassword() });
    expect(errorOf(seeded).code).toBe('AccountExist');
  });

  it('asks for length, not composition: at least 12 characters, and no common password', async () => {
    const short = await signUp({ email: freshEmail('short'), password: 'Sh0rt!pass' });
    expect(short.status).toBe(400);
    expect(errorOf(short).details?.fields?.[0]?.field).toBe('body.password');
    const common = await signUp({ email: freshEmail('common'), password: 'qwertyuiop123' });
    expect(common.status).toBe(400);
    expect(errorOf(common).code).toBe('PasswordTooCommon');
    expect((await signUp({ email: freshEmail('phrase'), password: 'plain lower case words' })).status).toBe(201);
  });

  it('refuses a failed captcha: you are a robot!', async () => {
    const res = await signUp({ email: freshEmail('robot'), password: freshPassword(), captchaToken: 'not-a-human' });
    expect(res.status).toBe(400);
    expect(errorOf(res).code).toBe('ReCaptchaVerifyFailed');
    expect(errorOf(res).message).toBe('you are a robot!');
  });
});

describe('invitation and activation by emailed link', () => {
  const invite = async (role = 'LP', as: 'GP_OWNER' | 'GP_ADMIN' | 'GP_MEMBER' = 'GP_OWNER') => {
    const email = freshEmail('invited');
    const inviter = await signedIn(alpine, as);
    const res = await call<{ userId: string; inviteStatus: string }>(inviter, '/gp/users/invite', {
      method: 'POST',
      body: { email, displayName: 'Invited Person', role },
    });
    return { email, res };
  };

  it('invites, activates with the link, sets a password, then signs in', async () => {
    const { email, res } = await invite();
    expect(res.status).toBe(201);
    expect(res.body.inviteStatus).toBe('INVITED');
    const { url, token } = linkTokenIn(await lastMessageTo(email, /invited/));
    expect(url.pathname).toBe(`/t/${alpine.prefix}/activate`);
    const info = await call<{ email: string }>({ tenant: alpine }, '/invest/account/activate', {
      method: 'POST',
      body: { token },
    });
    expect(info.status).toBe(200);
    expect(info.body.email).toBe(email);
    const password = freshPassword();
    const set = await call({ tenant: alpine }, '/invest/account/set-password', {
      method: 'POST',
      body: { token, password },
    });
    expect(set.status).toBe(200);
    const signedInRes = await signIn(alpine, email, password);
    expect(signedInRes.status).toBe(200);
    expect((signedInRes.body as { user: { inviteStatus: string } }).user.inviteStatus).toBe('REGISTERED');
  });

  it("answers 'This link has already been activated.' and 'Your account has already been activated.'", async () => {
    const { email } = await invite();
    const { token } = linkTokenIn(await lastMessageTo(email, /invited/));
    await call({ tenant: alpine }, '/invest/account/set-password', {
      method: 'POST',
      body: { token, password: freshPassword() },
    });
    const again = await call({ tenant: alpine }, '/invest/account/set-password', {
      method: 'POST',
      body: { token, password: freshPassword() },
    });
    expect(errorOf(again).code).toBe('LinkAlreadyActivated');
    expect(errorOf(again).message).toBe('This link has already been activated.');
    // A second, unused link for an account that is already active.
    const { createLink } = await import('../../functions/src/auth/auth.repo.js');
    const user = (await import('../../functions/src/user/user.repo.js')).findUserByEmail;
    const record = await user(alpine.tenantId, email);
    const fresh = await createLink(alpine.tenantId, { kind: 'activation', userId: record!.userId });
    const activated = await call({ tenant: alpine }, '/invest/account/activate', {
      method: 'POST',
      body: { token: fresh.token },
    });
    expect(errorOf(activated).code).toBe('AccountAlreadyActivated');
    expect(errorOf(activated).message).toBe('Your account has already been activated.');
  });

  it("answers 'The active link has expired.' for an old or unknown link", async () => {
    const { email } = await invite();
    const { token } = linkTokenIn(await lastMessageTo(email, /invited/));
    const { keys } = await import('../../functions/src/_lib/db/keys.js');
    const { sha256 } = await import('../../functions/src/_lib/secrets.js');
    const { patchItem } = await import('../support/identity.js');
    await patchItem(keys.link(alpine.tenantId, sha256(token)), { expiresAt: Date.now() - 1 });
    for (const t of [token, 'A'.repeat(43)]) {
      const res = await call({ tenant: alpine }, '/invest/account/set-password', {
        method: 'POST',
        body: { token: t, password: freshPassword() },
      });
      expect(res.status).toBe(410);
      expect(errorOf(res).message).toBe('The active link has expired.');
    }
  });

  it('answers emailTaken for an email that has an account, and keeps members from inviting admins', async () => {
    const { res } = await invite();
    expect(res.status).toBe(201);
    const inviter = await signedIn(alpine, 'GP_OWNER');
    const taken = await call(inviter, '/gp/users/invite', {
      method: 'POST',
      body: { email: userOf(alpine, 'LP').email, displayName: 'Dup', role: 'LP' },
    });
    expect(taken.status).toBe(409);
    expect(errorOf(taken).message).toBe('Email has already been taken');
    expect((await invite('GP_ADMIN', 'GP_MEMBER')).res.status).toBe(403);
    expect((await invite('GP_OWNER', 'GP_ADMIN')).res.status).toBe(403);
    expect((await invite('LP', 'GP_MEMBER')).res.status).toBe(201);
  });
});
