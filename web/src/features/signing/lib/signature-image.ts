/**
 * Signatures leave the browser as PNG images, whichever way they were made: the sealing core draws
 * typed text only in a standard PDF font (WinAnsi), so a name typed in Chinese would be refused
 * (signingFieldValueInvalid); rendered here by the browser's own fonts, any script survives.
 */

/** The largest image we send: a signature needs no more, and it keeps requests small. */
export const MAX_SIGNATURE_WIDTH = 1200;
export const MAX_SIGNATURE_HEIGHT = 400;
/** Uploads we accept (what every browser decodes) and how large, before we re-encode them. */
export const SIGNATURE_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_SIGNATURE_UPLOAD_BYTES = 5 * 1024 * 1024;

export type SignatureUploadProblem = 'type' | 'size' | 'unreadable' | 'blank';

export class SignatureImageError extends Error {
  constructor(readonly problem: SignatureUploadProblem) {
    super(problem);
    this.name = 'SignatureImageError';
  }
}

/** A font stack that looks handwritten where the device has such a font, any font otherwise. */
export const TYPED_SIGNATURE_FONT =
  '"Segoe Script", "Brush Script MT", "Snell Roundhand", "Apple Chancery", "KaiTi", "STKaiti", "Kaiti SC", cursive';

/** The bounding box of the non-transparent pixels, or null for a blank image. */
export const inkBounds = (
  data: Uint8ClampedArray,
  width: number,
  height: number,
): { x: number; y: number; width: number; height: number } | null => {
  let top = height;
  let left = width;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Alpha above a faint threshold: anti-aliasing dust at the edges is not ink.
      if ((data[(y * width + x) * 4 + 3] ?? 0) > 8) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
    }
  }
  return right < 0 ? null : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
};

/** The size that fits (w, h) inside (maxW, maxH) without stretching or enlarging. */
export const fitWithin = (w: number, h: number, maxW: number, maxH: number) => {
  const scale = Math.min(1, maxW / w, maxH / h);
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
};

const context2d = (canvas: HTMLCanvasElement) => {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new SignatureImageError('unreadable');
  return ctx;
};

/**
 * The canvas' ink cropped with a small margin, scaled down to fit the size we send, as PNG bytes
 * (base64, no data-URL prefix). Null when nothing was drawn.
 */
export const canvasToSignaturePng = (canvas: HTMLCanvasElement): string | null => {
  const ctx = context2d(canvas);
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const box = inkBounds(image.data, canvas.width, canvas.height);
  if (!box) return null;
  const margin = Math.round(Math.max(box.width, box.height) * 0.04) + 2;
  const sx = Math.max(0, box.x - margin);
  const sy = Math.max(0, box.y - margin);
  const sw = Math.min(canvas.width - sx, box.width + 2 * margin);
  const sh = Math.min(canvas.height - sy, box.height + 2 * margin);
  const size = fitWithin(sw, sh, MAX_SIGNATURE_WIDTH, MAX_SIGNATURE_HEIGHT);
  const out = document.createElement('canvas');
  out.width = size.width;
  out.height = size.height;
  context2d(out).drawImage(canvas, sx, sy, sw, sh, 0, 0, size.width, size.height);
  return out.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
};

/** A typed name rendered in ink colour on a transparent canvas, then cropped (see above). */
export const typedSignaturePng = (text: string, color = '#1a2b6d'): string | null => {
  const value = text.trim();
  if (!value) return null;
  const fontSize = 96;
  const canvas = document.createElement('canvas');
  const ctx = context2d(canvas);
  ctx.font = `${fontSize}px ${TYPED_SIGNATURE_FONT}`;
  const measured = Math.ceil(ctx.measureText(value).width);
  canvas.width = Math.min(4000, measured + fontSize);
  canvas.height = Math.round(fontSize * 1.8);
  // Resizing a canvas resets its state: set the font again.
  ctx.font = `${fontSize}px ${TYPED_SIGNATURE_FONT}`;
  ctx.fillStyle = color;
  ctx.textBaseline = 'middle';
  ctx.fillText(value, fontSize / 2, canvas.height / 2, canvas.width - fontSize);
  return canvasToSignaturePng(canvas);
};

/**
 * An uploaded picture of a signature, checked (type, size), decoded by the browser and re-encoded
 * as PNG: whatever the file held besides pixels (metadata, a disguised payload) does not travel on.
 */
export const uploadedSignaturePng = async (file: File): Promise<string> => {
  if (!(SIGNATURE_UPLOAD_TYPES as readonly string[]).includes(file.type)) throw new SignatureImageError('type');
  if (file.size > MAX_SIGNATURE_UPLOAD_BYTES) throw new SignatureImageError('size');
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new SignatureImageError('unreadable');
  }
  const size = fitWithin(bitmap.width, bitmap.height, MAX_SIGNATURE_WIDTH * 2, MAX_SIGNATURE_HEIGHT * 2);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = context2d(canvas);
  ctx.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const pixels = ctx.getImageData(0, 0, size.width, size.height);
  clearPaper(pixels.data);
  ctx.putImageData(pixels, 0, 0);
  const png = canvasToSignaturePng(canvas);
  if (!png) throw new SignatureImageError('blank');
  return png;
};

/**
 * Today's date on the signer's device, for DATE fields, as YYYY-MM-DD: readable in every language and
 * drawable by the PDF's standard font (a Chinese date format would be refused by it). The audit page
 * records the server's own signing time besides.
 */
export const todayText = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/**
 * Paper white made transparent (a photographed or scanned signature on white), so the PNG lays only
 * ink on the document. Pixels lighter than `threshold` on every channel lose their alpha.
 */
export const clearPaper = (data: Uint8ClampedArray, threshold = 225): void => {
  for (let i = 0; i < data.length; i += 4) {
    if ((data[i] ?? 0) >= threshold && (data[i + 1] ?? 0) >= threshold && (data[i + 2] ?? 0) >= threshold)
      data[i + 3] = 0;
  }
};
