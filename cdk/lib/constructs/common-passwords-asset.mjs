/**
 * After-bundling step of every Lambda (handler-bundling.ts, AFTER_BUNDLING): a bundle that names
 * the common-password asset gets it written beside its index.mjs; the others get nothing.
 * functions/src/_lib/common-passwords.ts reads it on the first password check, so the ~390 KB list
 * is neither parsed at cold start nor part of any bundle.
 *
 *   node common-passwords-asset.mjs <repository root> <bundle output directory>
 *
 * Plain JavaScript run by plain `node`: bundling may run where no TypeScript loader is installed.
 * The list comes from `@zxcvbn-ts/language-common`, resolved from the functions workspace that
 * pins it, and is written lower-cased, de-duplicated, one per line, Brotli-compressed: the same
 * text common-passwords.ts builds from the package when it runs from source.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

/** Must equal COMMON_PASSWORDS_ASSET in functions/src/_lib/common-passwords.ts (a test checks it). */
export const COMMON_PASSWORDS_ASSET = 'common-passwords.txt.br';

/** @param {string} repoRoot @returns {string} */
export const commonPasswordsText = (repoRoot) => {
  const { dictionary } = createRequire(join(repoRoot, 'functions', 'package.json'))('@zxcvbn-ts/language-common');
  return [...new Set(dictionary['passwords-common'].map((/** @type {string} */ p) => p.toLowerCase()))]
    .sort()
    .join('\n');
};

/** @param {string} repoRoot @returns {Buffer} */
export const commonPasswordsAsset = (repoRoot) =>
  brotliCompressSync(Buffer.from(commonPasswordsText(repoRoot), 'utf8'), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });

/**
 * Writes the asset beside the bundle when the bundle refers to it. Returns whether it wrote.
 * @param {string} repoRoot @param {string} outputDir @returns {boolean}
 */
export const addCommonPasswordsAsset = (repoRoot, outputDir) => {
  const bundle = join(outputDir, 'index.mjs');
  if (!existsSync(bundle) || !readFileSync(bundle, 'utf8').includes(COMMON_PASSWORDS_ASSET)) return false;
  writeFileSync(join(outputDir, COMMON_PASSWORDS_ASSET), commonPasswordsAsset(repoRoot));
  return true;
};

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [repoRoot, outputDir] = process.argv.slice(2);
  if (!repoRoot || !outputDir) {
    console.error('usage: node common-passwords-asset.mjs <repository root> <bundle output directory>');
    process.exit(2);
  }
  addCommonPasswordsAsset(repoRoot, outputDir);
}
