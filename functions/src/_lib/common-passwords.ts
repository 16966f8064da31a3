import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { brotliDecompressSync } from 'node:zlib';

/**
 * The common-password list (zxcvbn-ts's `passwords-common`, ~49,000 entries), loaded on the first
 * password check instead of at module load. Bundled as JavaScript it was 403 KB of every handler
 * that sets a password, and its decompression plus a 49,000-entry Set cost tens of milliseconds of
 * every such cold start, most of which never check a password.
 *
 * Deployed, the list is a Brotli file (~110 KB) beside the bundle: the bundling step
 * (cdk/lib/constructs/common-passwords-asset.mjs, run after esbuild) writes it into every bundle
 * that names it. From source (local stack, tests), where no such file is beside this module, the
 * same text is built from the npm package by the same rule: lower-cased, de-duplicated, sorted (which
 * compresses to ~110 KB against ~180 KB unsorted), one per line.
 */
export const COMMON_PASSWORDS_ASSET = 'common-passwords.txt.br';

/** The package the list comes from; a variable, so esbuild leaves it out of the bundles. */
const LIST_PACKAGE = '@zxcvbn-ts/language-common';

/** One password per line, with a newline at both ends so `\n<candidate>\n` finds whole entries. */
let listText: string | undefined;

export const readCommonPasswordAsset = (file: URL | string): string =>
  `\n${brotliDecompressSync(readFileSync(file)).toString('utf8')}\n`;

/** The list as built from the npm package, where no asset is beside this module (local stack, tests). */
export const listTextFromPackage = (): string => {
  const { dictionary } = createRequire(import.meta.url)(LIST_PACKAGE) as {
    dictionary: Record<'passwords-common', string[]>;
  };
  return `\n${[...new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()))].sort().join('\n')}\n`;
};

const loadListText = (): string => {
  const asset = new URL(`./${COMMON_PASSWORDS_ASSET}`, import.meta.url);
  if (existsSync(asset)) return readCommonPasswordAsset(asset);
  try {
    return listTextFromPackage();
  } catch (error) {
    throw new Error(`The common-password list is missing: neither ${asset.pathname} nor ${LIST_PACKAGE}`, {
      cause: error,
    });
  }
};

/**
 * Whether `candidate` (already lower-cased) is on the list. A substring search of the ~390 KB text
 * takes well under a millisecond and builds nothing; an entry never holds a newline, so a candidate
 * with one is not on the list (and could otherwise match two adjacent entries).
 */
export const isCommonPassword = (candidate: string): boolean => {
  if (candidate.length === 0 || candidate.includes('\n')) return false;
  listText ??= loadListText();
  return listText.includes(`\n${candidate}\n`);
};
