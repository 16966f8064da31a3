import { inflateSync } from 'node:zlib';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { newTotpSecret, totpCode, totpStep, verifyTotp } from './totp.js';
import { totpEnrolment } from './totp-enrolment.js';

/** RFC 6238 appendix B: the SHA-1 seed is the ASCII string "12345678901234567890", 8 digits. */
const RFC_SEED = Secret.fromLatin1('12345678901234567890').base32;
const RFC_SHA1_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

/**
 * Reads the dark modules back from an 8-bit greyscale PNG: inflate, drop each row's filter byte
 * (qrPng writes filter None), sample the centre of each module.
 */
const readQrPng = (png: Buffer, size: number, margin: number): boolean[] => {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const side = png.readUInt32BE(16);
  expect([png.readUInt32BE(20), png[24], png[25]]).toEqual([side, 8, 0]);
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('ascii', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const rows = inflateSync(Buffer.concat(idat));
  const scale = side / (size + margin * 2);
  const dark: boolean[] = [];
  for (let my = 0; my < size; my++) {
    for (let mx = 0; mx < size; mx++) {
      const y = Math.floor((my + margin + 0.5) * scale);
      const x = Math.floor((mx + margin + 0.5) * scale);
      dark.push(rows[y * (side + 1) + 1 + x] === 0);
    }
  }
  return dark;
};

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_SHA1_VECTORS)('matches the published SHA-1 vector at T=%i', (seconds, expected) => {
    expect(totpCode(RFC_SEED, seconds * 1000, 8)).toBe(expected);
  });

  it('uses the last six digits of the same computation for 6-digit codes', () => {
    for (const [seconds, expected] of RFC_SHA1_VECTORS) {
      expect(totpCode(RFC_SEED, seconds * 1000)).toBe(expected.slice(2));
      expect(verifyTotp(RFC_SEED, expected.slice(2), seconds * 1000)).toBe(totpStep(seconds * 1000));
    }
  });

  it('accepts one step of drift either side and no more', () => {
    const secret = newTotpSecret();
    const now = 1_750_000_015_000;
    const at = (steps: number) => totpCode(secret, now + steps * 30_000);
    expect(verifyTotp(secret, at(-1), now)).toBe(totpStep(now) - 1);
    expect(verifyTotp(secret, at(1), now)).toBe(totpStep(now) + 1);
    expect(verifyTotp(secret, at(-2), now)).toBeUndefined();
    expect(verifyTotp(secret, at(2), now)).toBeUndefined();
  });

  it('refuses a code whose step was already used, and older ones', () => {
    const secret = newTotpSecret();
    const now = 1_750_000_015_000;
    const used = verifyTotp(secret, totpCode(secret, now), now);
    expect(used).toBeDefined();
    expect(verifyTotp(secret, totpCode(secret, now), now, used)).toBeUndefined();
    expect(verifyTotp(secret, totpCode(secret, now - 30_000), now, used)).toBeUndefined();
    expect(verifyTotp(secret, totpCode(secret, now + 30_000), now, used)).toBe((used ?? 0) + 1);
  });

  it('refuses malformed codes', () => {
    const secret = newTotpSecret();
    expect(verifyTotp(secret, '12345', Date.now())).toBeUndefined();
    expect(verifyTotp(secret, 'abcdef', Date.now())).toBeUndefined();
  });

  it('enrols with an otpauth URL an authenticator app can read, and a QR code of it', async () => {
    const secret = newTotpSecret();
    expect(Secret.fromBase32(secret).bytes.length).toBe(20);
    const enrolment = await totpEnrolment(secret, 'Alpine Capital', 'investor@alpine.example');
    const parsed = new URL(enrolment.otpauthUrl);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.host).toBe('totp');
    expect(parsed.searchParams.get('secret')).toBe(secret);
    expect(parsed.searchParams.get('issuer')).toBe('Alpine Capital');
    expect(parsed.searchParams.get('digits')).toBe('6');
    expect(parsed.searchParams.get('period')).toBe('30');
    expect(enrolment.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    // The image holds exactly the code the qrcode package makes of the URL, module for module.
    const png = Buffer.from(enrolment.qrDataUrl.split(',')[1] ?? '', 'base64');
    const { modules } = QRCode.create(enrolment.otpauthUrl, { errorCorrectionLevel: 'M' });
    expect(readQrPng(png, modules.size, 2)).toEqual([...modules.data].map(Boolean));
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    expect(totpCode(secret, 0)).toBe(totp.generate({ timestamp: 0 }));
  });
});
