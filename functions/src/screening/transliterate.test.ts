import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import packageAnyAscii from 'any-ascii';
import { afterAll, describe, expect, it } from 'vitest';
import * as step from '../../../cdk/lib/constructs/any-ascii-asset.mjs';
import { ANY_ASCII_ASSET, anyAscii, blocksFromSource } from './transliterate.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'tranche-any-ascii-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('transliteration with the table loaded on first use', () => {
  it('answers what the any-ascii package answers, across every plane it covers', () => {
    expect(anyAscii('Владимир Путин')).toBe('Vladimir Putin');
    expect(anyAscii('李小龙')).toBe(packageAnyAscii('李小龙'));
    expect(anyAscii('Ærøskøbing ß 😀')).toBe(packageAnyAscii('Ærøskøbing ß 😀'));
    // Every 13th code point up to the end of the supplementary ideographic plane (surrogates left out).
    let text = '';
    for (let cp = 0x80; cp < 0x30000; cp += 13) if (cp < 0xd800 || cp > 0xdfff) text += String.fromCodePoint(cp);
    expect(anyAscii(text)).toBe(packageAnyAscii(text));
  });

  it('is written beside the bundles that name it, and only those, as the table the source reads', () => {
    expect(step.ANY_ASCII_ASSET).toBe(ANY_ASCII_ASSET);
    const withTable = join(dir, 'with');
    const without = join(dir, 'without');
    for (const [d, code] of [
      [withTable, `const f = new URL("./${ANY_ASCII_ASSET}", import.meta.url);`],
      [without, 'export const handler = () => 1;'],
    ] as const) {
      mkdirSync(d, { recursive: true });
      writeFileSync(join(d, 'index.mjs'), code);
    }
    expect(step.addAnyAsciiAsset(ROOT, withTable)).toBe(true);
    expect(step.addAnyAsciiAsset(ROOT, without)).toBe(false);
    const asset = join(withTable, ANY_ASCII_ASSET);
    // Compressed: a fraction of the ~530 KB table it holds.
    expect(statSync(asset).size).toBeLessThan(300 * 1024);
    const table = JSON.parse(brotliDecompressSync(readFileSync(asset)).toString('utf8')) as Record<string, string>;
    expect(table).toEqual(blocksFromSource(step.anyAsciiBlockSource(ROOT)));
    expect(Object.keys(table).length).toBeGreaterThan(300);
  });
});
