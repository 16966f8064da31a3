import { afterEach, describe, expect, it } from 'vitest';
import { createClientStorage } from '@/lib/storage';
import { linkTicket, liveTicket } from './mfa-ticket';

const ticket = (expiresAt: number) => ({ ticket: 'T'.repeat(43), methods: ['email' as const], expiresAt });

describe('the MFA ticket the emailed login link needs', () => {
  afterEach(() => localStorage.clear());

  it('forgets a ticket once it has expired', () => {
    const storage = createClientStorage('alpine');
    storage.set('mfaTicket', ticket(1_000));
    expect(liveTicket(storage, 999)).toEqual(ticket(1_000));
    expect(liveTicket(storage, 1_000)).toBeUndefined();
    expect(storage.get('mfaTicket')).toBeUndefined();
  });

  it("finds a ticket kept under the tenant's own host name when the link names the tenant by prefix", () => {
    const underHost = createClientStorage('localhost');
    underHost.set('prefixValue', 'alpine');
    underHost.set('mfaTicket', ticket(5_000));
    const found = linkTicket(createClientStorage('alpine'), { prefix: 'alpine' }, 'localhost', 1_000);
    expect(found?.ticket).toEqual(ticket(5_000));
    found?.forget();
    expect(localStorage.getItem('tranche:localhost:mfaTicket')).toBeNull();
  });

  it("never takes another tenant's ticket from a host name that is not this tenant's", () => {
    const underHost = createClientStorage('localhost');
    underHost.set('prefixValue', 'alpine');
    underHost.set('mfaTicket', ticket(5_000));
    expect(linkTicket(createClientStorage('beacon'), { prefix: 'beacon' }, 'localhost', 1_000)).toBeUndefined();
    expect(linkTicket(createClientStorage('beacon'), { prefix: 'beacon' }, 'beacon.example', 1_000)).toBeUndefined();
  });
});
