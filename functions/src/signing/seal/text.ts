import type { PDFFont } from 'pdf-lib';

const charsets = new WeakMap<PDFFont, Set<number>>();

/**
 * `text` as `font` can encode it. The standard 14 fonts (all this module embeds, so that sealing
 * needs no font file in the bundle) cover WinAnsi only: Latin scripts, not CJK. Characters outside
 * become `?`, and `lossless` says whether any did, so a caller decides between refusing (a field's
 * value) and showing an approximation next to an exact copy (the audit page and its audit.json).
 */
export const encodableText = (font: PDFFont, text: string): { text: string; lossless: boolean } => {
  let set = charsets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsets.set(font, set);
  }
  let lossless = true;
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === '\n' || ch === '\r' || ch === '\t') out += ' ';
    else if (set.has(cp)) out += ch;
    else {
      out += '?';
      lossless = false;
    }
  }
  return { text: out, lossless };
};
