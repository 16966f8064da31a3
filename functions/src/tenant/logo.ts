import { LOGO_MAX_BYTES, type LogoType } from '@tranche/shared/tenant/tenant.schema';
import { deleteObjects, headObject, presignGet, presignUpload, readFirstBytes } from '#lib/aws/s3';
import { clock } from '#lib/clock';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import type { LogoRef } from './tenant.repo.js';

const UPLOAD_TTL_SECONDS = 5 * 60;

/** Logo objects live under the tenant's own prefix: an upload id of another tenant names nothing here. */
const logoKey = (tenantId: string, uploadId: string) => `tenants/${tenantId}/branding/logo/${uploadId}`;

/** The image format of a file, by its first bytes (never by what the client said). */
export const sniffImage = (head: Uint8Array): LogoType | undefined => {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
};

/**
 * A presigned PUT for a new logo. The URL pins the content type and the declared size (at most
 * LOGO_MAX_BYTES, checked by the route's schema), like document uploads; the file's bytes are
 * checked when the branding change names its upload id.
 */
export const presignLogoUpload = async (tenantId: string, file: { contentType: LogoType; size: number }) => {
  const uploadId = newId();
  const upload = await presignUpload(logoKey(tenantId, uploadId), file, UPLOAD_TTL_SECONDS);
  return { uploadId, ...upload, maxBytes: LOGO_MAX_BYTES };
};

const discard = (key: string) => deleteObjects([key]).catch(() => undefined);

/**
 * Checks an uploaded logo where it landed: it must exist, be at most LOGO_MAX_BYTES (the presigned
 * URL binds the declared size; checked again here all the same) and start like a PNG, JPEG or WebP
 * file. A file that fails is deleted.
 */
export const verifyLogoUpload = async (tenantId: string, uploadId: string): Promise<LogoRef> => {
  const key = logoKey(tenantId, uploadId);
  const field = [
    { field: 'body.logo.uploadId', rule: 'logo', message: 'Upload a PNG, JPEG or WebP of at most 512 KB' },
  ];
  const head = await headObject(key);
  if (!head) throw new DomainError('FILE_NOT_EXIST', { fields: field });
  const type =
    head.size > 0 && head.size <= LOGO_MAX_BYTES ? sniffImage(await readFirstBytes(key, 16, head.etag)) : undefined;
  if (!type) {
    await discard(key);
    throw new DomainError('logoRejected', { fields: field });
  }
  return { key, contentType: type, size: head.size, uploadedAt: clock.nowIso() };
};

/** Removes a logo that is no longer used (after the change that replaced it was committed). */
export const deleteLogo = (logo: LogoRef) => discard(logo.key);

const HOUR_MS = 3600_000;

/**
 * A link to the logo for the portal. Signed as of the start of the current hour and valid for two,
 * so every answer within the hour carries the same URL (the browser caches the image) and each link
 * works for at least an hour after it was handed out.
 */
export const logoUrl = (logo: LogoRef): Promise<string> => {
  const hour = new Date(Math.floor(clock.now().getTime() / HOUR_MS) * HOUR_MS);
  return presignGet(
    logo.key,
    { 'response-content-type': logo.contentType, 'response-content-disposition': 'inline' },
    2 * 3600,
    hour,
  );
};
