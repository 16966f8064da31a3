import { crc32, deflateSync } from 'node:zlib';
// The QR encoder alone: the package's entry point also loads its PNG, SVG, canvas and terminal
// renderers and `pngjs` (~36 KB minified, CommonJS so never tree-shaken); the PNG is written here.
import { create } from 'qrcode/lib/core/qrcode';
import { totpUrl } from './totp.js';

/**
 * Apart from totp.ts: a QR code is ~20 KB of encoder, and only the enrolment route renders one;
 * every bundle importing totp.ts for `verifyTotp` (sign-in, MFA, password changes) stays without it.
 */
export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
  qrDataUrl: string;
}

/** The module matrix of a QR code: `size` × `size`, row-major, 1 = dark. */
export interface QrModules {
  size: number;
  data: Uint8Array;
}

const chunk = (type: string, data: Buffer): Buffer => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

/**
 * An 8-bit greyscale PNG of the matrix, `margin` light modules around it, scaled to `width`
 * pixels as the qrcode package scales (each pixel takes the module under it).
 */
export const qrPng = (modules: QrModules, width: number, margin: number): Buffer => {
  const span = modules.size + margin * 2;
  const scale = width >= span ? width / span : 1;
  const side = Math.floor(span * scale);
  const rows = Buffer.alloc(side * (side + 1), 0xff);
  for (let y = 0; y < side; y++) {
    rows[y * (side + 1)] = 0; // filter type None
    const my = Math.floor(y / scale) - margin;
    if (my < 0 || my >= modules.size) continue;
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / scale) - margin;
      if (mx >= 0 && mx < modules.size && modules.data[my * modules.size + mx]) rows[y * (side + 1) + 1 + x] = 0;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** What an authenticator app needs: the otpauth:// URL (as a QR code too) with issuer and account. */
export const totpEnrolment = async (secretBase32: string, issuer: string, account: string): Promise<TotpEnrolment> => {
  const otpauthUrl = totpUrl(secretBase32, issuer, account);
  const { modules } = create(otpauthUrl, { errorCorrectionLevel: 'M' });
  const qrDataUrl = `data:image/png;base64,${qrPng(modules, 240, 2).toString('base64')}`;
  return { secret: secretBase32, otpauthUrl, qrDataUrl };
};
