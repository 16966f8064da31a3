import { beforeEach, describe, expect, it } from 'vitest';
import { alpine, call, errorOf, signedIn } from '../support/api.js';
import { clearThrottles, newInvestor } from '../support/identity.js';

beforeEach(clearThrottles);

describe('user centre', () => {
  it('shows and updates name, language, currency and phone', async () => {
    const investor = await newInvestor(alpine);
    const me = await call<Record<string, unknown>>(investor.caller, '/user-center/get');
    expect(me.body).toMatchObject({ email: investor.email, language: 'en', currency: 'USD' });
    const updated = await call<Record<string, unknown>>(investor.caller, '/user-center/update', {
      method: 'POST',
      body: { displayName: 'Renamed Investor', language: 'zh-CN', currency: 'HKD', phone: '+85291234567' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      displayName: 'Renamed Investor',
      language: 'zh-CN',
      currency: 'HKD',
      phone: '+85291234567',
    });
    expect((await call<Record<string, unknown>>(investor.caller, '/user-center/get')).body).toMatchObject({
      currency: 'HKD',
    });
    const removed = await call<Record<string, unknown>>(investor.caller, '/user-center/update', {
      method: 'POST',
      body: { phone: null },
    });
    expect(removed.body.phone).toBeUndefined();
  });

  it('refuses a language or currency the tenant does not offer, and fields users may not change', async () => {
    const investor = await newInvestor(alpine);
    const currency = await call(investor.caller, '/user-center/update', { method: 'POST', body: { currency: 'JPY' } });
    expect(currency.status).toBe(422);
    expect(errorOf(currency).details?.fields?.[0]?.field).toBe('body.currency');
    const role = await call(investor.caller, '/user-center/update', { method: 'POST', body: { role: 'GP_OWNER' } });
    expect(role.status).toBe(400);
    expect(errorOf(role).details?.fields?.[0]?.field).toBe('body.role');
    const phone = await call(investor.caller, '/user-center/update', { method: 'POST', body: { phone: '12345' } });
    expect(errorOf(phone).details?.fields?.[0]?.message).toBe('Invalid phone number');
  });

  it('keeps email preferences per user', async () => {
    const a = await newInvestor(alpine);
    const b = await newInvestor(alpine);
    const prefs = { productNews: false, marketing: true, inboxDigest: false };
    expect((await call(a.caller, '/email-preferences', { method: 'PUT', body: prefs })).body).toEqual(prefs);
    expect((await call(a.caller, '/email-preferences')).body).toEqual(prefs);
    expect((await call(b.caller, '/email-preferences')).body).toEqual({
      productNews: true,
      marketing: false,
      inboxDigest: true,
    });
  });

  it('keeps investment-account notice preferences for investors only', async () => {
    const investor = await newInvestor(alpine);
    const prefs = {
      capitalCalls: true,
      navUpdates: false,
      distributions: true,
      documents: false,
      subscriptionUpdates: true,
    };
    const put = await call(investor.caller, '/invest-account/email-preferences', { method: 'PUT', body: prefs });
    expect(put.body).toEqual(prefs);
    expect((await call(investor.caller, '/invest-account/email-preferences')).body).toEqual(prefs);
    const gp = await signedIn(alpine, 'GP_MEMBER');
    expect((await call(gp, '/invest-account/email-preferences')).status).toBe(403);
  });
});
