import type { ProfileDocumentContentType } from '@tranche/shared/files/files.schema';

/**
 * Magic-byte sniffing of an upload's first bytes: what the bytes are, whatever the browser
 * declared. The signatures are the formats' own (PDF 1.7 §7.5.2, JPEG/JFIF SOI, the PNG signature,
 * ISO/IEC 23008-12 HEIF brands) plus the executables and archives a renamed file most often is, so
 * a refusal can say what was found. Written out rather than taken from `file-type`: its full
 * detector table (~80 KB minified) put the scan-result handler over its 400 KB budget, and four
 * accepted formats need four checks (docs/profiles.md "Documents").
 */
export const SNIFF_BYTES = 64;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** ISO-BMFF major brands of HEIC/HEIF still images and sequences (what a phone's "HEIC" photo carries). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);

const SIGNATURES: readonly { mime: string; test: (b: Uint8Array) => boolean }[] = [
  // At offset 0 only: a PDF reader tolerates leading junk, which is how polyglot files hide.
  { mime: 'application/pdf', test: (b) => startsWith(b, ascii('%PDF-')) },
  { mime: 'image/jpeg', test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { mime: 'image/png', test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  {
    mime: 'image/heic',
    test: (b) =>
      startsWith(b, ascii('ftyp'), 4) && HEIF_BRANDS.has(String.fromCharCode(...Array.from(b.subarray(8, 12)))),
  },
  // What a renamed file usually is: named in the refusal's event, refused all the same.
  { mime: 'application/x-msdownload', test: (b) => startsWith(b, ascii('MZ')) },
  { mime: 'application/x-elf', test: (b) => startsWith(b, [0x7f, 0x45, 0x4c, 0x46]) },
  {
    mime: 'application/x-mach-binary',
    test: (b) =>
      [
        [0xfe, 0xed, 0xfa, 0xce],
        [0xfe, 0xed, 0xfa, 0xcf],
        [0xce, 0xfa, 0xed, 0xfe],
        [0xcf, 0xfa, 0xed, 0xfe],
        [0xca, 0xfe, 0xba, 0xbe],
      ].some((s) => startsWith(b, s)),
  },
  { mime: 'application/zip', test: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) },
  { mime: 'application/x-rar-compressed', test: (b) => startsWith(b, ascii('Rar!\x1a\x07')) },
  { mime: 'application/x-7z-compressed', test: (b) => startsWith(b, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]) },
  { mime: 'application/x-sh', test: (b) => startsWith(b, ascii('#!')) },
  { mime: 'image/gif', test: (b) => startsWith(b, ascii('GIF8')) },
  { mime: 'text/html', test: (b) => /^\s*<(!doctype html|html|script|svg)/i.test(new TextDecoder().decode(b)) },
];

/** The type the bytes have (a MIME type), or undefined when no known signature is there. */
export const sniff = (firstBytes: Uint8Array): string | undefined => SIGNATURES.find((s) => s.test(firstBytes))?.mime;

/** Whether sniffed bytes are the declared type: an unknown or other signature is not. */
export const isDeclaredType = (declared: ProfileDocumentContentType, sniffed: string | undefined): boolean =>
  sniffed === declared;
