import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ENV } from '@tranche/shared/infra/table';
import { clock } from '../clock.js';
import { requestHandler } from './clients.js';

/**
 * The data-room bucket: presigned uploads and downloads, and the few server-side reads the API
 * makes (HEAD, the first bytes of a file, streamed reads for zips). The presigning client is `s3`
 * below, whose WHEN_REQUIRED checksum setting s3.test.ts pins (LOCAL-AWS.md).
 */
export const s3 = new S3Client({
  maxAttempts: 3,
  requestHandler,
  // Path-style addressing works with S3 and with local stand-ins that cannot resolve bucket subdomains.
  forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
  // Presigned browser uploads must not carry a checksum of an empty body (LOCAL-AWS.md).
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

export const dataRoomBucket = (): string => {
  const name = process.env[ENV.dataRoomBucket];
  if (!name) throw new Error(`${ENV.dataRoomBucket} is not set`);
  return name;
};

/** Presigned uploads live long enough to send 50 MB on a slow line; S3 checks expiry at request start. */
export const UPLOAD_URL_SECONDS = 10 * 60;
/** Download links are handed to a browser to follow at once. */
export const DOWNLOAD_URL_SECONDS = 5 * 60;

const expiresAt = (seconds: number, from: Date) => new Date(from.getTime() + seconds * 1000).toISOString();

export interface PresignedUpload {
  method: 'PUT';
  url: string;
  /** Headers the uploader must send as they are: they are part of the signature. */
  headers: Record<string, string>;
  expiresAt: string;
}

/**
 * A PUT URL bound to one key, one content type and one size: content-type and content-length are
 * signed, so S3 refuses any other type or length (a browser sends the real length itself). Stand-ins
 * that skip signature checks (s3rver) accept anything, so the API checks the object after upload too.
 */
export const presignUpload = async (
  key: string,
  file: { contentType: string; size: number },
  seconds = UPLOAD_URL_SECONDS,
): Promise<PresignedUpload> => {
  const signingDate = clock.now();
  const url = await getSignedUrl(
    s3,
    new PutObjectCommand({
      Bucket: dataRoomBucket(),
      Key: key,
      ContentType: file.contentType,
      ContentLength: file.size,
    }),
    // The presigner leaves content-type unsigned by default; pin it.
    { expiresIn: seconds, signingDate, signableHeaders: new Set(['content-type', 'content-length']) },
  );
  return {
    method: 'PUT',
    url,
    headers: { 'content-type': file.contentType },
    expiresAt: expiresAt(seconds, signingDate),
  };
};

/**
 * `Content-Disposition: attachment` with the file name as typed: an ASCII fallback in `filename`
 * (quotes, backslashes, separators and anything non-printable replaced) and the exact name in
 * RFC 5987 `filename*`, which every current browser prefers.
 */
export const attachmentDisposition = (fileName: string): string => {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\/;%]/g, '_').trim() || 'download';
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
};

/** A short-lived GET link that downloads the object under `fileName`. */
export const presignDownload = async (
  key: string,
  file: { fileName: string; contentType: string },
  seconds = DOWNLOAD_URL_SECONDS,
): Promise<{ url: string; expiresAt: string }> => {
  const signingDate = clock.now();
  const url = await getSignedUrl(
    s3,
    new GetObjectCommand({
      Bucket: dataRoomBucket(),
      Key: key,
      ResponseContentDisposition: attachmentDisposition(file.fileName),
      ResponseContentType: file.contentType,
    }),
    { expiresIn: seconds, signingDate },
  );
  return { url, expiresAt: expiresAt(seconds, signingDate) };
};

export interface ObjectHead {
  size: number;
  etag: string | undefined;
  lastModified: Date | undefined;
}

const isMissing = (error: unknown): boolean => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/** Size and ETag of an object, or undefined if there is none (needs s3:ListBucket to tell 404 from 403). */
export const headObject = async (key: string): Promise<ObjectHead | undefined> => {
  try {
    const out = await s3.send(new HeadObjectCommand({ Bucket: dataRoomBucket(), Key: key }));
    return { size: out.ContentLength ?? 0, etag: out.ETag, lastModified: out.LastModified };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
};

/** The first `bytes` bytes of an object; with `etag`, only of that exact version of it. */
export const readFirstBytes = async (key: string, bytes: number, etag?: string): Promise<Uint8Array> => {
  const out = await s3.send(
    new GetObjectCommand({ Bucket: dataRoomBucket(), Key: key, Range: `bytes=0-${bytes - 1}`, IfMatch: etag }),
  );
  return out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
};

/** The object's bytes as a stream (zips are built from these without holding whole files). */
export const openObject = async (key: string): Promise<Readable> => {
  const out = await s3.send(new GetObjectCommand({ Bucket: dataRoomBucket(), Key: key }));
  if (!out.Body) throw new Error(`Object ${key} has no body`);
  return out.Body as Readable;
};

/** A server-side copy, only of the version that was checked (`etag`), with its type fixed. */
export const copyObject = async (from: string, to: string, opts: { etag?: string; contentType: string }) => {
  const bucket = dataRoomBucket();
  await s3.send(
    new CopyObjectCommand({
      Bucket: bucket,
      Key: to,
      CopySource: `${bucket}/${from}`,
      CopySourceIfMatch: opts.etag,
      MetadataDirective: 'REPLACE',
      ContentType: opts.contentType,
    }),
  );
};

/** Deletes objects; missing keys are not an error (S3 answers 204 for them). */
export const deleteObjects = async (keys: readonly string[]): Promise<void> => {
  const bucket = dataRoomBucket();
  await Promise.all(keys.map((Key) => s3.send(new DeleteObjectCommand({ Bucket: bucket, Key }))));
};
