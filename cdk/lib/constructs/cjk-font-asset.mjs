/**
 * After-bundling step (handler-bundling.ts, afterBundlingCommands): a bundle that names the CJK font
 * (the money PDFs' CJK worker, functions/src/money/notice-cjk-font.ts) gets Debian's WenQuanYi Micro
 * Hei collection copied beside its index.mjs; the others get nothing. The worker reads it once per
 * container; the font is never in git nor in the bundle's JavaScript.
 *
 *   node cjk-font-asset.mjs <repository root> <bundle output directory>
 *
 * Plain JavaScript run by plain `node` (bundling may run where no TypeScript loader is installed).
 * A bundle that names the font on a machine without it fails the synthesis here, saying which package
 * to install, rather than deploying a worker that cannot render.
 */
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Must equal CJK_FONT_ASSET in functions/src/money/notice-cjk-font.ts (a test checks it). */
export const CJK_FONT_ASSET = 'wqy-microhei.ttc';
/** Must equal CJK_FONT_SOURCE there: where Debian's fonts-wqy-microhei installs it. */
export const CJK_FONT_SOURCE = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';

/**
 * Copies the font beside the bundle when the bundle refers to it. Returns whether it copied.
 * @param {string} outputDir @param {string} [source] @returns {boolean}
 */
export const addCjkFontAsset = (outputDir, source = CJK_FONT_SOURCE) => {
  const bundle = join(outputDir, 'index.mjs');
  if (!existsSync(bundle) || !readFileSync(bundle, 'utf8').includes(CJK_FONT_ASSET)) return false;
  if (!existsSync(source)) {
    throw new Error(
      `${bundle} renders with the CJK font, which is not installed at ${source}: apt-get install fonts-wqy-microhei (README "Prerequisites")`,
    );
  }
  copyFileSync(source, join(outputDir, CJK_FONT_ASSET));
  return true;
};

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [repoRoot, outputDir] = process.argv.slice(2);
  if (!repoRoot || !outputDir) {
    console.error('usage: node cjk-font-asset.mjs <repository root> <bundle output directory>');
    process.exit(2);
  }
  try {
    addCjkFontAsset(outputDir);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
