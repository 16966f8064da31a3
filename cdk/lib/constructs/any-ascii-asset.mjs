/**
 * After-bundling step (handler-bundling.ts, afterBundlingCommands): a bundle that names the
 * transliteration asset gets it written beside its index.mjs; the others get nothing.
 * functions/src/screening/transliterate.ts reads it on the first name it transliterates, so
 * any-ascii's ~530 KB table of every Unicode block is neither part of the kycEvents bundle nor
 * parsed at its cold start.
 *
 *   node any-ascii-asset.mjs <repository root> <bundle output directory>
 *
 * Plain JavaScript run by plain `node` (bundling may run where no TypeScript loader is installed).
 * The table comes from the `any-ascii` package the functions workspace pins: its block.js (one
 * tab-separated string per 256-code-point block) read as text and evaluated, every block written
 * as JSON `{ "<block>": "<string>" }`, Brotli-compressed: the same table transliterate.ts builds from
 * the package when it runs from source.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

/** Must equal ANY_ASCII_ASSET in functions/src/screening/transliterate.ts (a test checks it). */
export const ANY_ASCII_ASSET = 'any-ascii-blocks.json.br';

/**
 * Every block of any-ascii's table, from the package's block.js (not an export of the package, so
 * read as a file beside its entry point and evaluated as the function it is).
 * @param {string} blockJs the text of block.js @returns {Record<string, string>}
 */
export const blocksOf = (blockJs) => {
  const block = new Function(blockJs.replace('export default function block', 'return function block'))();
  /** @type {Record<string, string>} */
  const out = {};
  for (const [, n] of blockJs.matchAll(/case (\d+):/g)) out[n] = block(Number(n));
  return out;
};

/** @param {string} repoRoot @returns {string} */
export const anyAsciiBlockSource = (repoRoot) => {
  const entry = createRequire(join(repoRoot, 'functions', 'package.json')).resolve('any-ascii');
  return readFileSync(join(dirname(entry), 'block.js'), 'utf8');
};

/**
 * Quality 9: ~200 KB in about half a second; 11 saves 25 KB more but takes ~6 s of every synth.
 * @param {string} repoRoot @returns {Buffer}
 */
export const anyAsciiAsset = (repoRoot) =>
  brotliCompressSync(Buffer.from(JSON.stringify(blocksOf(anyAsciiBlockSource(repoRoot))), 'utf8'), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });

/**
 * Writes the asset beside the bundle when the bundle refers to it. Returns whether it wrote.
 * @param {string} repoRoot @param {string} outputDir @returns {boolean}
 */
export const addAnyAsciiAsset = (repoRoot, outputDir) => {
  const bundle = join(outputDir, 'index.mjs');
  if (!existsSync(bundle) || !readFileSync(bundle, 'utf8').includes(ANY_ASCII_ASSET)) return false;
  writeFileSync(join(outputDir, ANY_ASCII_ASSET), anyAsciiAsset(repoRoot));
  return true;
};

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [repoRoot, outputDir] = process.argv.slice(2);
  if (!repoRoot || !outputDir) {
    console.error('usage: node any-ascii-asset.mjs <repository root> <bundle output directory>');
    process.exit(2);
  }
  addAnyAsciiAsset(repoRoot, outputDir);
}
