import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../../../local/ports.js';
import { createBucket, startS3 } from '../../../../local/s3.js';
import {
  copyObject,
  deleteObjects,
  headObject,
  openObject,
  PART_BYTES,
  presignDownload,
  presignUpload,
  readFirstBytes,
  uploadStream,
} from './s3.js';

/**
 * The signed S3 calls of s3.ts against s3rver, which checks SigV4 signatures (header and query)
 * as S3 does: every call here fails with SignatureDoesNotMatch if a canonical request is off.
 * s3rver ignores If-Match and x-amz-copy-source-if-match, so the version conditions are signed and
 * sent here but only S3 itself enforces them.
 */
let stop: () => Promise<void>;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 's3-wire-'));
  const port = await freePort();
  const s3 = await startS3(port, dir);
  stop = s3.close;
  await createBucket(s3.endpoint, 'wire-bucket', ['http://localhost']);
  vi.stubEnv('AWS_REGION', 'us-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER');
  vi.stubEnv('AWS_ENDPOINT_URL_S3', s3.endpoint);
  vi.stubEnv('S3_FORCE_PATH_STYLE', 'true');
  vi.stubEnv('DATA_ROOM_BUCKET', 'wire-bucket');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await stop?.();
  rmSync(dir, { recursive: true, force: true });
});

const text = async (stream: Readable) => Buffer.concat(await stream.toArray()).toString('utf8');

describe('S3 calls without the SDK client, against a signature-checking stand-in', () => {
  it('uploads through a presigned PUT, then heads, reads the first bytes, streams and downloads it', async () => {
    const body = 'hello, data room: a file with spaces & (brackets)';
    const key = 'tenants/t1/docs/a file (1).txt';
    const upload = await presignUpload(key, { contentType: 'text/plain', size: Buffer.byteLength(body) });
    const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body });
    expect(put.status).toBe(200);

    const head = await headObject(key);
    expect(head).toMatchObject({ size: Buffer.byteLength(body) });
    expect(head?.etag).toMatch(/^"[0-9a-f]+"$/);
    expect(head?.lastModified).toBeInstanceOf(Date);

    expect(Buffer.from(await readFirstBytes(key, 5, head?.etag)).toString()).toBe('hello');
    expect(await text(await openObject(key))).toBe(body);

    const link = await presignDownload(key, { fileName: 'a.txt', contentType: 'text/plain' });
    const got = await fetch(link.url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toContain('attachment');
    expect(await got.text()).toBe(body);
  });

  it('answers undefined for a missing object and a named error for a missing stream', async () => {
    expect(await headObject('nothing/here')).toBeUndefined();
    await expect(openObject('nothing/here')).rejects.toMatchObject({
      name: 'NoSuchKey',
      $metadata: { httpStatusCode: 404 },
    });
  });

  it('copies with the type replaced, then deletes (missing keys included)', async () => {
    await uploadStream('src.txt', Readable.from([Buffer.from('copy me')]), 'text/plain');
    const head = await headObject('src.txt');
    await copyObject('src.txt', 'dst.pdf', { etag: head?.etag, contentType: 'application/pdf' });
    expect(await text(await openObject('dst.pdf'))).toBe('copy me');
    await deleteObjects(['src.txt', 'dst.pdf', 'never-there']);
    expect(await headObject('src.txt')).toBeUndefined();
    expect(await headObject('dst.pdf')).toBeUndefined();
  });

  it('uploads a stream longer than a part in several parts, bytes intact', async () => {
    const size = 2 * PART_BYTES + 12_345;
    const bytes = Buffer.alloc(size);
    for (let i = 0; i < size; i++) bytes[i] = (i * 31) % 251;
    // Chunks that do not line up with parts, as a zip stream produces them.
    const chunks = [];
    for (let i = 0; i < size; i += 700_001) chunks.push(bytes.subarray(i, i + 700_001));
    await uploadStream('big.zip', Readable.from(chunks), 'application/zip');
    expect((await headObject('big.zip'))?.size).toBe(size);
    const back = Buffer.concat(await (await openObject('big.zip')).toArray());
    expect(back.equals(bytes)).toBe(true);
  });
});
