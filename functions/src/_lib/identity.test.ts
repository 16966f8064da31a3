import { describe, expect, it } from 'vitest';
import { cognitoUsername } from './identity.js';

const tenant = '01HZY8Z5Q3M4N5P6Q7R8S9T0VW';

describe('Cognito usernames', () => {
  it('scope the lower-cased email by tenant', () => {
    expect(cognitoUsername(tenant, ' Ingrid@Alpine.Example ')).toBe(`${tenant}:ingrid@alpine.example`);
  });

  it('stay within 128 characters for the longest emails, and distinct', () => {
    const long = (c: string) => `${c.repeat(64)}@${'d'.repeat(63)}.${'e'.repeat(63)}.example`;
    const a = cognitoUsername(tenant, long('a'));
    const b = cognitoUsername(tenant, long('b'));
    expect(a.length).toBeLessThanOrEqual(128);
    expect(a).not.toBe(b);
    expect(cognitoUsername(tenant, long('a').toUpperCase())).toBe(a);
  });
});
