import { ROUTE_LIST, type RouteDef } from '@tranche/shared/http/routes';
import { beforeEach, describe, expect, it } from 'vitest';
import { alpine, type Caller, call, callerFromCookies, errorOf, signedIn } from '../support/api.js';
import { exampleRequest } from '../support/examples.js';
import {
  CAPTCHA_OK,
  clearThrottles,
  codeIn,
  freshPassword,
  lastMessageTo,
  linkTokenIn,
  newInvestor,
  signedInAs,
  signIn,
} from '../support/identity.js';

beforeEach(clearThrottles);

const sessionRoutes = ROUTE_LIST.filter((r) => r.auth === 'session');

const callRoute = (caller: Caller, route: RouteDef) => {
  const example = exampleRequest(route, alpine);
  return call(caller, example.path, { method: route.method, query: example.query, body: example.body });
};

/** The session answered before; now every session route answers 401 to it. */
const expectRevokedEverywhere = async (stale: Caller) => {
  for (const route of sessionRoutes) {
    const res = await callRoute(stale, route);
    expect(res.status, `${route.operationId}: ${JSON.stringify(res.body)}`).toBe(401);
    expect(errorOf(res).code).toBe('UNAUTHENTICATED');
  }
};

describe('revoking every session of a user at once', () => {
  it('a password change: earlier sessions get 401 on every route, this browser gets a new one', async () => {
    const investor = await newInvestor(alpine);
    const other = await signedInAs(alpine, investor.email, investor.password);
    expect((await call(other, '/user-center/get')).status).toBe(200);
    const newPassword = freshPassword();
    const changed = await call(investor.caller, '/invest/account/change-password', {
      method: 'POST',
      body: { password: investor.password, newPassword },
    });
    expect(changed.status).toBe(200);
    await expectRevokedEverywhere(other);
    await expectRevokedEverywhere(investor.caller);
    expect((await call(callerFromCookies(alpine, changed), '/user-center/get')).status).toBe(200);
    expect((await lastMessageTo(investor.email, /password was changed/)).text).toMatch(/every other session/);
  });

  it('a password reset: every session gets 401', async () => {
    const investor = await newInvestor(alpine);
    await call({ tenant: alpine }, '/invest/account/forgot-password', {
      method: 'POST',
      body: { email: investor.email, captchaToken: CAPTCHA_OK },
    });
    const mail = await lastMessageTo(investor.email, /Reset your/);
    const res = await call({ tenant: alpine }, '/invest/account/reset-password', {
      method: 'POST',
      body: { token: linkTokenIn(mail).token, code: codeIn(mail), newPassword: freshPassword() },
    });
    expect(res.status).toBe(200);
    await expectRevokedEverywhere(investor.caller);
  });

  it('disabling (locking) the user: every session gets 401, also the refresh token', async () => {
    const investor = await newInvestor(alpine);
    const admin = await signedIn(alpine, 'GP_ADMIN');
    expect((await call(admin, `/gp/users/${investor.userId}/lock`, { method: 'POST' })).status).toBe(200);
    await expectRevokedEverywhere(investor.caller);
    const refreshed = await call(investor.caller, '/invest/account/refresh', { method: 'POST' });
    expect(refreshed.status).toBe(401);
  });
});

describe('sessions', () => {
  it('signing out ends the session and its refresh token at once', async () => {
    const investor = await newInvestor(alpine);
    expect((await call(investor.caller, '/invest/account/logout', { method: 'POST' })).status).toBe(200);
    expect((await call(investor.caller, '/user-center/get')).status).toBe(401);
    expect((await call(investor.caller, '/invest/account/refresh', { method: 'POST' })).status).toBe(401);
  });

  it('refreshes with a single-use refresh token', async () => {
    const investor = await newInvestor(alpine);
    const first = await call(investor.caller, '/invest/account/refresh', { method: 'POST' });
    expect(first.status).toBe(200);
    const next = callerFromCookies(alpine, first);
    expect((await call(next, '/user-center/get')).status).toBe(200);
    const replay = await call(investor.caller, '/invest/account/refresh', { method: 'POST' });
    expect(replay.status).toBe(401);
    expect((await call(next, '/invest/account/refresh', { method: 'POST' })).status).toBe(200);
  });

  it('refuses a refresh without the cross-site-request token', async () => {
    const investor = await newInvestor(alpine);
    const res = await call({ ...investor.caller, csrf: undefined }, '/invest/account/refresh', { method: 'POST' });
    expect(res.status).toBe(403);
    expect(errorOf(res).code).toBe('CSRF_TOKEN_INVALID');
  });

  it('starts a new session on every sign-in', async () => {
    const investor = await newInvestor(alpine);
    const a = await signIn(alpine, investor.email, investor.password);
    const b = await signIn(alpine, investor.email, investor.password);
    expect(callerFromCookies(alpine, a).cookie).not.toBe(callerFromCookies(alpine, b).cookie);
  });
});
