import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, in drawing order, for PDFs Tranche renders with pdf-lib's standard fonts
 * (WinAnsi): every content stream is inflated and the strings its text operators draw (`<hex> Tj`,
 * `(literal) Tj`) decoded, one per line. Enough to assert what a rendered notice or contract note says,
 * without a PDF text library; text drawn with an embedded (subset) font is glyph ids and reads as
 * nothing useful here.
 */
export const pdfText = (bytes: Uint8Array): string => {
  const raw = Buffer.from(bytes);
  const latin = raw.toString('latin1');
  const out: string[] = [];
  const streams = /stream\r?\n/g;
  for (let m = streams.exec(latin); m; m = streams.exec(latin)) {
    const start = m.index + m[0].length;
    const end = latin.indexOf('endstream', start);
    if (end < 0) break;
    let body: Buffer;
    try {
      body = inflateSync(raw.subarray(start, end));
    } catch {
      continue; // not a Flate stream (or not a content stream): nothing drawn in it we can read
    }
    const ops = body.toString('latin1');
    for (const t of ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      if (t[1] !== undefined) out.push(Buffer.from(t[1], 'hex').toString('latin1'));
      else if (t[2] !== undefined) out.push(t[2].replace(/\\(.)/g, '$1'));
    }
    streams.lastIndex = end;
  }
  return out.join('\n');
};

/**
 * The text of any PDF as poppler's `pdftotext` reads it (installed by .ci/run with poppler-utils):
 * what a reader copies out of it, including text drawn with an embedded subset font (a CJK notice),
 * which `pdfText` cannot decode. Whitespace runs become one space, so a test matches phrases.
 */
export const pdftotext = async (bytes: Uint8Array): Promise<string> => {
  const { execFileSync } = await import('node:child_process');
  const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = mkdtempSync(join(tmpdir(), 'tranche-pdftotext-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8').replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
