import { describe, expect, it } from 'vitest';
import { resolvePortalLocation } from './portal-location';
import { createClientStorage } from './storage';

describe('client storage', () => {
  it('namespaces every key per tenant, so two tenants never read each other', () => {
    const alpine = createClientStorage('alpine');
    const beacon = createClientStorage('beacon');
    alpine.set('deviceLanguage', 'zh-CN');
    beacon.set('deviceLanguage', 'en');
    alpine.set('projectListViewType', 'LIST');

    expect(localStorage.getItem('tranche:alpine:deviceLanguage')).toBe('"zh-CN"');
    expect(localStorage.getItem('tranche:beacon:deviceLanguage')).toBe('"en"');
    expect(alpine.get('deviceLanguage')).toBe('zh-CN');
    expect(beacon.get('deviceLanguage')).toBe('en');
    expect(beacon.get('projectListViewType')).toBeUndefined();
    expect(alpine.keyFor('signInEmail')).toBe('tranche:alpine:signInEmail');
  });

  it('keeps the MFA ticket where the emailed login link (a new tab) can find it, and register info without a password', () => {
    const storage = createClientStorage('alpine');
    const ticket = { ticket: 'ticket-1', methods: ['email' as const], expiresAt: 1_800_000_000_000, next: '/gp' };
    storage.set('mfaTicket', ticket);
    expect(localStorage.getItem('tranche:alpine:mfaTicket')).toBe(JSON.stringify(ticket));
    expect(createClientStorage('alpine').get('mfaTicket')).toEqual(ticket);
    expect(createClientStorage('beacon').get('mfaTicket')).toBeUndefined();

    storage.set('registerInfo', { email: 'ada@example.com', displayName: 'Ada' });
    expect(sessionStorage.getItem('tranche:alpine:registerInfo')).toBe(
      '{"email":"ada@example.com","displayName":"Ada"}',
    );
    localStorage.setItem('tranche:alpine:mfaTicket', '{"ticket":"t","methods":["carrier-pigeon"],"expiresAt":1}');
    expect(storage.get('mfaTicket')).toBeUndefined();
  });

  it('ignores values of the wrong shape instead of trusting them', () => {
    localStorage.setItem('tranche:alpine:deviceLanguage', '"klingon"');
    localStorage.setItem('tranche:alpine:productListSearchConditions', '{"text": 3}');
    localStorage.setItem('tranche:alpine:currency', 'not json');
    const storage = createClientStorage('alpine');
    expect(storage.get('deviceLanguage')).toBeUndefined();
    expect(storage.get('productListSearchConditions')).toBeUndefined();
    expect(storage.get('currency')).toBeUndefined();
  });

  it('uses the path prefix as namespace under /t/<prefix>/, else the host name', () => {
    expect(resolvePortalLocation({ pathname: '/t/beacon/products/1', hostname: 'localhost' })).toEqual({
      prefix: 'beacon',
      basename: '/t/beacon',
      namespace: 'beacon',
    });
    expect(resolvePortalLocation({ pathname: '/products/1', hostname: 'Invest.Alpine.example' })).toEqual({
      prefix: null,
      basename: '',
      namespace: 'invest.alpine.example',
    });
  });
});
