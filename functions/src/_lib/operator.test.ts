import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearerKey, operatorCheck } from './operator.js';

const key = randomBytes(32).toString('base64url');
const previous = randomBytes(32).toString('base64url');
const bearer = (k: string) => `Bearer ${k}`;

const refused = async (promise: Promise<unknown>) => {
  await expect(promise).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
};

describe('operator key check', () => {
  const check = operatorCheck(async () => [key, previous]);

  it('accepts the current key and, during a rotation, the previous one', async () => {
    await expect(check(bearer(key))).resolves.toEqual({ principal: 'PLATFORM_OPERATOR' });
    await expect(check(bearer(previous))).resolves.toEqual({ principal: 'PLATFORM_OPERATOR' });
    await expect(check(`bearer   ${key}`)).resolves.toEqual({ principal: 'PLATFORM_OPERATOR' });
  });

  it('refuses a missing, malformed or wrong key alike', async () => {
    await refused(check(undefined));
    await refused(check(''));
    await refused(check(key));
    await refused(check(`Basic ${key}`));
    await refused(check(bearer(`${key}x`)));
    await refused(check(bearer(key.slice(0, -1))));
    await refused(check(bearer(randomBytes(32).toString('base64url'))));
    await refused(check(`${bearer(key)} ${key}`));
  });

  it('refuses everyone when no key is configured (fail closed)', async () => {
    await refused(operatorCheck(undefined)(bearer(key)));
    // An empty or placeholder secret value is no key either.
    await refused(operatorCheck(async () => [''])(bearer(key)));
    await refused(operatorCheck(async () => [])(bearer(key)));
  });

  it('reads only a plausible key out of the header', () => {
    expect(bearerKey(bearer(key))).toBe(key);
    expect(bearerKey(bearer('short'))).toBeUndefined();
    expect(bearerKey(bearer(`${'a'.repeat(40)}!`))).toBeUndefined();
    expect(bearerKey(undefined)).toBeUndefined();
  });
});
