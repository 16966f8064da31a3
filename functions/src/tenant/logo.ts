import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ENV } from '@tranche/shared/infra/table';
import { LOGO_MAX_BYTES, type LogoType } from '@tranche/shared/tenant/tenant.schema';
import { s3 } from '#lib/aws/s3';
import { clock } from '#lib/clock';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import type { LogoRef } from './tenant.repo.js';

const UPLOAD_TTL_SECONDS = 5 * 60;

const bucket = (): string => {
  const name = process.env[ENV.dataRoomBucket];
  if (!name) throw new Error(`${ENV.dataRoomBucket} is not set`);
  return name;
};

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

/** A presigned PUT for a new logo; the file is checked when the branding change names its upload id. */
export const presignLogoUpload = async (tenantId: string, contentType: LogoType) => {
  const uploadId = newId();
  const url = await getSignedUrl(
    s3,
    new PutObjectCommand({ Bucket: bucket(), Key: logoKey(tenantId, uploadId), ContentType: contentType }),
    { expiresIn: UPLOAD_TTL_SECONDS },
  );
  return {
    uploadId,
    url,
    method: 'PUT' as const,
    headers: { 'content-type': contentType },
    expiresAt: new Date(clock.now().getTime() + UPLOAD_TTL_SECONDS * 1000).toISOString(),
    maxBytes: LOGO_MAX_BYTES,
  };
};

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

const discard = (key: string) =>
  s3.send(new DeleteObjectCommand({ Bucket: bucket(), Key: key })).catch(() => undefined);

/**
 * Checks an uploaded logo where it landed: it must exist, be at most LOGO_MAX_BYTES (the presigned
 * URL cannot enforce a size, LOCAL-AWS.md) and start like a PNG, JPEG or WebP file. A file that
 * fails is deleted.
 */
export const verifyLogoUpload = async (tenantId: string, uploadId: string): Promise<LogoRef> => {
  const key = logoKey(tenantId, uploadId);
  const field = [
    { field: 'body.logo.uploadId', rule: 'logo', message: 'Upload a PNG, JPEG or WebP of at most 512 KB' },
  ];
  let size: number;
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    size = head.ContentLength ?? 0;
  } catch (error) {
    if (isNotFound(error)) throw new DomainError('FILE_NOT_EXIST', { fields: field });
    throw error;
  }
  let type: LogoType | undefined;
  if (size > 0 && size <= LOGO_MAX_BYTES) {
    const first = await s3.send(new GetObjectCommand({ Bucket: bucket(), Key: key, Range: 'bytes=0-15' }));
    type = sniffImage(new Uint8Array((await first.Body?.transformToByteArray()) ?? []));
  }
  if (!type) {
    await discard(key);
    throw new DomainError('logoRejected', { fields: field });
  }
  return { key, contentType: type, size, uploadedAt: clock.nowIso() };
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
  return getSignedUrl(
    s3,
    new GetObjectCommand({
      Bucket: bucket(),
      Key: logo.key,
      ResponseContentType: logo.contentType,
      ResponseContentDisposition: 'inline',
    }),
    { expiresIn: 2 * 3600, signingDate: hour },
  );
};
