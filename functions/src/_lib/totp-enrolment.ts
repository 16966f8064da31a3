import QRCode from 'qrcode';
import { totpUrl } from './totp.js';

/**
 * Apart from totp.ts: `qrcode` (with `pngjs`, ~57 KB minified) is CommonJS, which esbuild cannot
 * tree-shake, so every bundle importing totp.ts for `verifyTotp` (sign-in, MFA, password changes)
 * carried it. Only the enrolment route renders a QR code.
 */
export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
  qrDataUrl: string;
}

/** What an authenticator app needs: the otpauth:// URL (as a QR code too) with issuer and account. */
export const totpEnrolment = async (secretBase32: string, issuer: string, account: string): Promise<TotpEnrolment> => {
  const otpauthUrl = totpUrl(secretBase32, issuer, account);
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret: secretBase32, otpauthUrl, qrDataUrl };
};
