import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { degrees, PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { toPage } from '../../../../web/src/features/signing/lib/geometry.js';
import { fillAndFlatten } from './fields.js';

/**
 * A field placed on a rotated page lands where it was placed, reading upright (issue 12). The whole
 * chain: a box chosen on the page *as shown* (what the editor's user sees), converted to the API's
 * unrotated page space by the editor's own geometry (web/src/features/signing/lib/geometry.ts), drawn
 * by the completion's `fillAndFlatten`, then rendered by poppler's pdftoppm, which turns the page by
 * its /Rotate as any reader does. At 72 dpi one pixel is one point, so the ink is looked for in the
 * very box chosen: the image's dark left half must be on the left of it, nothing drawn outside it.
 */
const dir = mkdtempSync(join(tmpdir(), 'tranche-rotated-'));

/** A PNG whose left half is opaque black and right half transparent: its orientation shows on the page. */
const halfBlackPng = (width: number, height: number): Buffer => {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width / 2; x++) raw[y * (width * 4 + 1) + 1 + x * 4 + 3] = 0xff;
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** The page rendered at 72 dpi in grey (pdftoppm honours /Rotate): width, height and one byte per pixel. */
const render = (pdf: Uint8Array, name: string) => {
  const path = join(dir, `${name}.pdf`);
  writeFileSync(path, pdf);
  const r = spawnSync('pdftoppm', ['-r', '72', '-gray', '-singlefile', path, join(dir, name)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`pdftoppm failed: ${r.stderr}`);
  const pgm = readFileSync(join(dir, `${name}.pgm`));
  // Binary PGM: "P5\n<w> <h>\n255\n" then the pixels.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('not a PGM');
  const [whole, w, h] = header;
  return { width: Number(w), height: Number(h), pixels: pgm.subarray(whole.length) };
};

const A4 = { width: 595, height: 842 };
// Chosen on the page as shown: a wide signature box near the top-left of what the reader sees.
const shown = { x: 100, y: 120, width: 180, height: 60 };

describe('a field on a rotated page', () => {
  it.each([0, 90, 180, 270])(
    'lands where it was placed on the page as shown, upright, at /Rotate %i',
    async (rotation) => {
      const doc = await PDFDocument.create();
      doc.addPage([A4.width, A4.height]).setRotation(degrees(rotation));
      const box = toPage({ ...A4, rotation }, shown);
      await fillAndFlatten(doc, [
        {
          fieldId: 'sig',
          kind: 'SIGNATURE',
          pageIndex: 0,
          ...box,
          value: { type: 'image', png: halfBlackPng(360, 120) },
        },
      ]);
      const page = render(await doc.save(), `r${rotation}`);
      expect([page.width, page.height]).toEqual(rotation % 180 === 0 ? [595, 842] : [842, 595]);
      const dark = (x: number, y: number) => (page.pixels[y * page.width + x] ?? 255) < 128;
      // Inside the box, 3 pt in from its edges and its middle (anti-aliasing): left half ink, right half paper.
      let leftInk = 0;
      let rightInk = 0;
      let outside = 0;
      for (let y = 0; y < page.height; y++)
        for (let x = 0; x < page.width; x++) {
          if (!dark(x, y)) continue;
          const inX = x >= shown.x - 1 && x <= shown.x + shown.width;
          const inY = y >= shown.y - 1 && y <= shown.y + shown.height;
          if (!(inX && inY)) outside++;
          else if (x < shown.x + shown.width / 2 - 3) leftInk++;
          else if (x > shown.x + shown.width / 2 + 3) rightInk++;
        }
      expect(outside).toBe(0);
      expect(rightInk).toBe(0);
      // The left half is wholly ink: 90 x 60 points, give or take the edges.
      expect(leftInk).toBeGreaterThan(80 * 55);
    },
    30_000,
  );
});
