import { describe, expect, it } from 'vitest';
import { homeOf, safeNext, signInPath, signUpPath } from './return-path';

describe('where sign-in may send the user back to (no open redirect)', () => {
  it.each([
    ['/products/01HZY3C9W8ZK1N6S2B7QK5V4XM'],
    ['/products/01HZY3C9W8ZK1N6S2B7QK5V4XM?tab=documents#fees'],
    ['/home'],
    ['/account?tab=security'],
    ['/gp/products'],
  ])('keeps the portal path %s', (path) => {
    expect(safeNext(path)).toBe(path);
  });

  it.each([
    ['another origin', 'https://evil.example/products'],
    ['a protocol-relative URL', '//evil.example/products'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a tab that browsers drop, leaving //', '/\t/evil.example'],
    ['a newline that browsers drop', '/\n/evil.example'],
    ['a script URL', 'javascript:alert(1)'],
    ['a relative path without a leading slash', 'products/1'],
    ['an empty value', ''],
    ['the sign-in screen itself', '/sign-in?next=/home'],
    ['the sign-up screen', '/sign-up'],
    ['the MFA link screen', '/mfa-link?token=abc'],
  ])('refuses %s', (_, raw) => {
    expect(safeNext(raw)).toBeUndefined();
  });

  it('refuses a missing value', () => {
    expect(safeNext(null)).toBeUndefined();
    expect(safeNext(undefined)).toBeUndefined();
  });
});

describe('the sign-in and sign-up links that come back to a page', () => {
  it('carry a portal path, encoded', () => {
    expect(signInPath('/products/ABC?tab=fees')).toBe('/sign-in?next=%2Fproducts%2FABC%3Ftab%3Dfees');
    expect(signUpPath('/products/ABC')).toBe('/sign-up?next=%2Fproducts%2FABC');
  });

  it('drop anything that is not a portal path, and the landing page (the default anyway)', () => {
    expect(signInPath('https://evil.example')).toBe('/sign-in');
    expect(signUpPath('//evil.example')).toBe('/sign-up');
    expect(signInPath('/')).toBe('/sign-in');
    expect(signUpPath(undefined)).toBe('/sign-up');
  });
});

describe('where a user lands when nothing was asked for', () => {
  it('sends investors to their home and the team to the console', () => {
    expect(homeOf('LP')).toBe('/home');
    for (const role of ['GP_MEMBER', 'GP_ADMIN', 'GP_OWNER'] as const) expect(homeOf(role)).toBe('/gp');
  });
});
