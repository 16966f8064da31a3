import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as step from '../../../cdk/lib/constructs/common-passwords-asset.mjs';
import {
  COMMON_PASSWORDS_ASSET,
  isCommonPassword,
  listTextFromPackage,
  readCommonPasswordAsset,
} from './common-passwords.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'tranche-passwords-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('common-password list', () => {
  it('is found lower-cased, whole entries only', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('qwertyuiop')).toBe(true);
    expect(isCommonPassword('passwordx')).toBe(false);
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
    // An entry never holds a newline: two adjacent entries joined by one are no entry.
    expect(isCommonPassword('123456\npassword')).toBe(false);
    expect(isCommonPassword('')).toBe(false);
  });

  it('is written beside the bundles that name it, and only those', () => {
    expect(step.COMMON_PASSWORDS_ASSET).toBe(COMMON_PASSWORDS_ASSET);
    const withList = join(dir, 'with');
    const without = join(dir, 'without');
    for (const [d, code] of [
      [withList, `const f = new URL("./${COMMON_PASSWORDS_ASSET}", import.meta.url);`],
      [without, 'export const handler = () => 1;'],
    ] as const) {
      rmSync(d, { recursive: true, force: true });
      mkdirSync(d);
      writeFileSync(join(d, 'index.mjs'), code);
    }
    expect(step.addCommonPasswordsAsset(ROOT, withList)).toBe(true);
    expect(step.addCommonPasswordsAsset(ROOT, without)).toBe(false);
    const asset = join(withList, COMMON_PASSWORDS_ASSET);
    // Compressed: well under the ~390 KB of text it holds.
    expect(statSync(asset).size).toBeLessThan(160 * 1024);
    const text = readCommonPasswordAsset(asset);
    expect(text).toBe(`\n${step.commonPasswordsText(ROOT)}\n`);
    // Deployed and from source, the module searches the same text.
    expect(text).toBe(listTextFromPackage());
    expect(text.split('\n').length).toBeGreaterThan(40_000);
    expect(text).toContain('\ndragon\n');
    expect(text).toBe(text.toLowerCase());
  }, 60_000); // Brotli at its best quality takes seconds on a busy machine.
});
