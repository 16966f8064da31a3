import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument } from 'pdf-lib';
import { cjkFontPath } from './notice-cjk-font-file.js';
import type { PdfFonts } from './notice-pdf.js';

export { CJK_FONT_ASSET, CJK_FONT_SOURCE } from './notice-cjk-font-file.js';

/**
 * The CJK font of the money PDFs (docs/money.md "Notice and contract note PDFs in Chinese"):
 * WenQuanYi Micro Hei (Apache-2.0, or GPL-3+ with the font exception), Debian's fonts-wqy-microhei.
 * Only the CJK worker imports this module: fontkit (~740 KB minified) and the 5 MB font stay out of
 * the notice worker that draws English notices with the standard fonts.
 *
 * Deployed, the collection file is beside the bundle, copied there by the bundling step
 * (cdk/lib/constructs/cjk-font-asset.mjs) into every bundle that names it; from source (the local
 * stack, the tests) it is read where Debian installs it. It is read once per container, and only
 * embedded as the subset of glyphs a document uses (a Chinese notice is ~30 KB).
 *
 * The file is a TrueType collection (a proportional and a monospaced face sharing their glyphs), which
 * pdf-lib cannot embed as it is; fontkit opens one face of it in place, so the font is used as Debian
 * ships it, with no extraction at build time or at a cold start.
 */
let bytes: Uint8Array | undefined;

interface FontkitFont {
  readonly fonts?: readonly unknown[];
}

/**
 * fontkit as pdf-lib calls it (`create(bytes)`), answering the collection's first face (the
 * proportional one) where the file holds several; a single font is answered as it is.
 */
const firstFace = {
  create: (data: Uint8Array, postscriptName?: string) => {
    const font = fontkit.create(data as Buffer, postscriptName) as unknown as FontkitFont;
    return font.fonts ? font.fonts[0] : font;
  },
} as unknown as typeof fontkit;

/** Embeds the CJK font (subset) as both the regular and the bold font: the writer strokes the bold. */
export const CJK_FONTS: PdfFonts = async (doc: PDFDocument) => {
  bytes ??= readFileSync(cjkFontPath());
  doc.registerFontkit(firstFace);
  const regular = await doc.embedFont(bytes, { subset: true });
  return { regular, bold: regular };
};
