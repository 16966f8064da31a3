import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';

/**
 * Unicode to ASCII, as the `any-ascii` package does it (its algorithm, its table), with the table
 * loaded on first use. Imported from the package, the table (every Unicode block as one string,
 * ~530 KB) was most of the kycEvents worker's ~1 MB bundle and parsed at each cold start, though
 * only screening transliterates.
 *
 * Deployed, the table is a Brotli JSON file (`{ "<block>": "<tab-separated strings>" }`) beside the
 * bundle, written by the bundling step (cdk/lib/constructs/any-ascii-asset.mjs) into every bundle
 * that names it. From source (local stack, tests), where no such file is beside this module, the
 * same table is read from the package's block.js by the same rule.
 */
export const ANY_ASCII_ASSET = 'any-ascii-blocks.json.br';

/** A variable, so esbuild leaves the package (and its table) out of the bundles. */
const PACKAGE = 'any-ascii';

/** The package's block.js evaluated as the function it is: each block's string, by block number. */
export const blocksFromSource = (blockJs: string): Record<string, string> => {
  const block = new Function(blockJs.replace('export default function block', 'return function block'))() as (
    n: number,
  ) => string;
  const out: Record<string, string> = {};
  for (const [, n] of blockJs.matchAll(/case (\d+):/g)) if (n) out[n] = block(Number(n));
  return out;
};

const loadTable = (): Record<string, string> => {
  const asset = new URL(`./${ANY_ASCII_ASSET}`, import.meta.url);
  if (existsSync(asset)) {
    return JSON.parse(brotliDecompressSync(readFileSync(asset)).toString('utf8')) as Record<string, string>;
  }
  try {
    const entry = createRequire(import.meta.url).resolve(PACKAGE);
    return blocksFromSource(readFileSync(join(dirname(entry), 'block.js'), 'utf8'));
  } catch (error) {
    throw new Error(`The transliteration table is missing: neither ${asset.pathname} nor ${PACKAGE}`, {
      cause: error,
    });
  }
};

let table: Record<string, string> | undefined;
const blocks = new Map<number, string[]>();

/** Transliterates a string to ASCII (any-ascii's rule: each code point by its block's table). */
export const anyAscii = (text: string): string => {
  let result = '';
  for (const c of text) {
    const codePoint = c.codePointAt(0) ?? 0;
    if (codePoint <= 0x7f) {
      result += c;
      continue;
    }
    const blockNum = codePoint >>> 8;
    let b = blocks.get(blockNum);
    if (b === undefined) {
      table ??= loadTable();
      b = (table[String(blockNum)] ?? '').split('\t');
      blocks.set(blockNum, b);
    }
    const lo = codePoint & 0xff;
    if (b.length > lo) result += b[lo];
  }
  return result;
};
