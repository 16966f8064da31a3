import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { escapeUri, escapeUriPath } from '@smithy/core/protocols';
import { ENV } from '@tranche/shared/infra/table';
import { clock } from '../clock.js';
import {
  endpointOf,
  S3,
  type SignedRequest,
  signedRequest,
  signerFor,
  toHttpRequest,
  xmlError,
} from './signed-request.js';

/**
 * The data-room bucket: presigned uploads and downloads, and the few server-side calls the API
 * makes (HEAD, the first bytes of a file, streamed reads and an upload for zips, copy, delete).
 * Signed S3 REST calls rather than the S3 client, its presigner and lib-storage (~150 KB of every
 * bundle that touches the bucket, docs/decisions.md "Cold start"). Nothing here computes or asks
 * for flexible checksums: a presigned browser upload must not carry the checksum of an empty body
 * (LOCAL-AWS.md), which s3.test.ts pins.
 */
export const dataRoomBucket = (): string => {
  const name = process.env[ENV.dataRoomBucket];
  if (!name) throw new Error(`${ENV.dataRoomBucket} is not set`);
  return name;
};

/**
 * A request on one object of the bucket: path-style when S3_FORCE_PATH_STYLE says so (stand-ins
 * that cannot resolve bucket subdomains) or the name holds a dot (not a valid TLS host label),
 * else virtual-hosted, as the SDK addresses it. Each key segment escaped as S3 canonicalises it.
 */
const objectRequest = (key: string, request: Omit<SignedRequest, 'path'>): SignedRequest => {
  const bucket = dataRoomBucket();
  const path = `/${escapeUriPath(key)}`;
  if (process.env.S3_FORCE_PATH_STYLE === 'true' || bucket.includes('.')) {
    return { ...request, path: `/${bucket}${path}` };
  }
  return { ...request, path, host: `${bucket}.${endpointOf(S3).host}` };
};

const s3Error = xmlError;

/** CopyObject and CompleteMultipartUpload may answer 200 with an error in the body. */
const throwIfErrorBody = (body: Uint8Array) => {
  const text = new TextDecoder().decode(body);
  if (!/<Error>/.test(text)) return text;
  const { name, message } = s3Error(500, {}, text);
  throw Object.assign(new Error(message || name), { name, $fault: 'server', $metadata: { httpStatusCode: 200 } });
};

const send = (key: string, request: Omit<SignedRequest, 'path'>) =>
  signedRequest(S3, objectRequest(key, request), s3Error);

/**
 * A presigned URL for one object: signed over host and the `signed` headers, the payload left
 * unsigned (the browser sends it), expiring after `seconds` from `signingDate`.
 */
const presign = async (
  method: 'GET' | 'PUT',
  key: string,
  opts: { query?: Record<string, string>; headers?: Record<string, string>; seconds: number; signingDate: Date },
): Promise<string> => {
  const request = toHttpRequest(
    S3,
    objectRequest(key, {
      method,
      query: opts.query,
      headers: { ...opts.headers, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
    }),
  );
  const signed = await signerFor(S3).presign(request, {
    expiresIn: opts.seconds,
    signingDate: opts.signingDate,
    signableHeaders: new Set(Object.keys(opts.headers ?? {})),
  });
  const query = Object.entries(signed.query ?? {})
    .map(([k, v]) => `${escapeUri(k)}=${escapeUri(String(v))}`)
    .join('&');
  const port = signed.port ? `:${signed.port}` : '';
  return `${signed.protocol}//${signed.hostname}${port}${signed.path}?${query}`;
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
  // content-type and content-length signed: S3 refuses any other type or length.
  const url = await presign('PUT', key, {
    headers: { 'content-type': file.contentType, 'content-length': String(file.size) },
    seconds,
    signingDate,
  });
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

/** A GET link with the given response headers, valid `seconds` from `signingDate` (the logo's hourly link). */
export const presignGet = (key: string, query: Record<string, string>, seconds: number, signingDate: Date) =>
  presign('GET', key, { query, seconds, signingDate });

/** A short-lived GET link that downloads the object under `fileName`. */
export const presignDownload = async (
  key: string,
  file: { fileName: string; contentType: string },
  seconds = DOWNLOAD_URL_SECONDS,
): Promise<{ url: string; expiresAt: string }> => {
  const signingDate = clock.now();
  const url = await presign('GET', key, {
    query: {
      'response-content-disposition': attachmentDisposition(file.fileName),
      'response-content-type': file.contentType,
    },
    seconds,
    signingDate,
  });
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
    const { headers } = await send(key, { method: 'HEAD' });
    const modified = headers['last-modified'];
    return {
      size: Number(headers['content-length'] ?? 0),
      etag: headers.etag,
      lastModified: modified ? new Date(modified) : undefined,
    };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
};

/** The first `bytes` bytes of an object; with `etag`, only of that exact version of it. */
export const readFirstBytes = async (key: string, bytes: number, etag?: string): Promise<Uint8Array> => {
  const { body } = await send(key, {
    method: 'GET',
    headers: { range: `bytes=0-${bytes - 1}`, ...(etag ? { 'if-match': etag } : {}) },
  });
  return body;
};

/** An object's tags (GetObjectTagging), or undefined if there is no object (needs s3:ListBucket for the 404). */
export const objectTags = async (key: string): Promise<Record<string, string> | undefined> => {
  try {
    const { body } = await send(key, { method: 'GET', query: { tagging: '' } });
    const xml = new TextDecoder().decode(body);
    const tags: Record<string, string> = {};
    for (const m of xml.matchAll(/<Tag>\s*<Key>([^<]*)<\/Key>\s*<Value>([^<]*)<\/Value>\s*<\/Tag>/g)) {
      tags[m[1] ?? ''] = m[2] ?? '';
    }
    return tags;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
};

/** The object's bytes as a stream (zips are built from these without holding whole files). */
export const openObject = async (key: string): Promise<Readable> => {
  const { body } = await signedRequest(S3, objectRequest(key, { method: 'GET' }), s3Error, true);
  return body;
};

/**
 * A server-side copy, only of the version that was checked (`etag`), with its type fixed. With
 * `dropTags` the copy carries no tags (REPLACE without any): copying the source's tags (GuardDuty's
 * scan status on uploads) would need s3:GetObjectTagging and s3:PutObjectTagging on both keys.
 */
export const copyObject = async (
  from: string,
  to: string,
  opts: { etag?: string; contentType: string; dropTags?: boolean },
) => {
  const { body } = await send(to, {
    method: 'PUT',
    headers: {
      'x-amz-copy-source': `/${dataRoomBucket()}/${escapeUriPath(from)}`,
      'x-amz-metadata-directive': 'REPLACE',
      'content-type': opts.contentType,
      ...(opts.etag ? { 'x-amz-copy-source-if-match': opts.etag } : {}),
      ...(opts.dropTags ? { 'x-amz-tagging-directive': 'REPLACE' } : {}),
    },
  });
  throwIfErrorBody(body);
};

/** Deletes objects; missing keys are not an error (S3 answers 204 for them). */
export const deleteObjects = async (keys: readonly string[]): Promise<void> => {
  await Promise.all(keys.map((key) => send(key, { method: 'DELETE' })));
};

/** A whole object's bytes (a source PDF to check or seal: at most 25 MB, read at once). */
export const readObject = async (key: string): Promise<Buffer> => {
  const { body } = await send(key, { method: 'GET' });
  return Buffer.from(body);
};

/**
 * Writes an object that must never change (a sealed PDF, issue 12): S3 Object Lock in compliance mode
 * until `retainUntil` (nobody, the account root included, can delete or overwrite that version), and
 * `If-None-Match: *` so a second write to the same key fails instead of adding a version. A lock needs
 * the body's MD5 and the s3:PutObjectRetention right. Stand-ins without Object Lock (s3rver) ignore
 * these headers: there the conditional table write that records the key is the only guard.
 */
export const putLockedObject = async (
  key: string,
  body: Uint8Array,
  opts: { contentType: string; retainUntil: string },
): Promise<void> => {
  await send(key, {
    method: 'PUT',
    headers: {
      'content-type': opts.contentType,
      'content-md5': createHash('md5').update(body).digest('base64'),
      'if-none-match': '*',
      'x-amz-object-lock-mode': 'COMPLIANCE',
      'x-amz-object-lock-retain-until-date': opts.retainUntil,
    },
    body,
  });
};

/** Parts of a streamed upload: S3's minimum but for the last, as lib-storage sends them. */
export const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;

/** Reads up to `size` bytes from the stream; fewer only at its end. */
const readChunk = async (iterator: AsyncIterator<Uint8Array>, carry: { rest?: Uint8Array }, size: number) => {
  const chunks: Uint8Array[] = [];
  let length = 0;
  while (length < size) {
    let chunk = carry.rest;
    carry.rest = undefined;
    if (!chunk) {
      const next = await iterator.next();
      if (next.done) break;
      chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    }
    if (length + chunk.byteLength > size) {
      carry.rest = chunk.subarray(size - length);
      chunk = chunk.subarray(0, size - length);
    }
    chunks.push(chunk);
    length += chunk.byteLength;
  }
  return Buffer.concat(chunks, length);
};

/**
 * Uploads a stream of unknown length: one PUT when it fits in a part, else a multipart upload of
 * 5 MB parts, at most four in flight, aborted on any failure so no orphan parts stay billed.
 */
export const uploadStream = async (key: string, body: Readable, contentType: string): Promise<void> => {
  const iterator = body[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  const carry: { rest?: Uint8Array } = {};
  const first = await readChunk(iterator, carry, PART_BYTES);
  const next = first.byteLength === PART_BYTES ? await readChunk(iterator, carry, PART_BYTES) : Buffer.alloc(0);
  if (next.byteLength === 0) {
    await send(key, { method: 'PUT', headers: { 'content-type': contentType }, body: first });
    return;
  }
  const created = throwIfErrorBody(
    (await send(key, { method: 'POST', query: { uploads: '' }, headers: { 'content-type': contentType } })).body,
  );
  const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(created)?.[1];
  if (!uploadId) throw new Error('CreateMultipartUpload returned no UploadId');
  const etags: string[] = [];
  const inFlight = new Set<Promise<void>>();
  const uploadPart = (partNumber: number, bytes: Buffer) => {
    const p = send(key, { method: 'PUT', query: { partNumber: String(partNumber), uploadId }, body: bytes }).then(
      ({ headers }) => {
        etags[partNumber - 1] = headers.etag ?? '';
        inFlight.delete(p);
      },
    );
    inFlight.add(p);
    return p;
  };
  try {
    let partNumber = 1;
    let part: Buffer = first;
    while (part.byteLength > 0) {
      // A failed part rejects here or in the final wait; either way the upload is aborted below.
      uploadPart(partNumber++, part).catch(() => undefined);
      if (inFlight.size >= PARTS_IN_FLIGHT) await Promise.race(inFlight);
      part = partNumber === 2 ? next : await readChunk(iterator, carry, PART_BYTES);
    }
    await Promise.all(inFlight);
    if (etags.length !== partNumber - 1 || etags.some((e) => !e)) throw new Error('A part of the upload failed');
    const parts = etags.map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${etag}</ETag></Part>`).join('');
    const { body: done } = await send(key, {
      method: 'POST',
      query: { uploadId },
      headers: { 'content-type': 'application/xml' },
      body: `<CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${parts}</CompleteMultipartUpload>`,
    });
    throwIfErrorBody(done);
  } catch (error) {
    await send(key, { method: 'DELETE', query: { uploadId } }).catch(() => undefined);
    throw error;
  }
};
