import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clock } from '../clock.js';
import { attachmentDisposition, presignDownload, presignUpload } from './s3.js';

beforeAll(() => {
  vi.stubEnv('AWS_REGION', 'us-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
  vi.stubEnv('DATA_ROOM_BUCKET', 'data-room');
  clock.set(new Date('2026-05-01T10:00:00Z'));
});
afterAll(() => {
  vi.unstubAllEnvs();
  clock.set(undefined);
});

const CHECKSUM_PARAMS = /x-amz-checksum-|x-amz-sdk-checksum-algorithm/i;

describe('presigned S3 URLs', () => {
  it('signs upload URLs without the checksum of an empty body, which S3 would hold the upload to', async () => {
    const upload = await presignUpload('uploads/a.pdf', { contentType: 'application/pdf', size: 1234 });
    expect(new URL(upload.url).search).not.toMatch(CHECKSUM_PARAMS);

    // The same request from a client on the SDK default carries the CRC32 of nothing: the trap pinned above.
    const defaultClient = new S3Client({ region: 'us-east-1' });
    const trap = await getSignedUrl(defaultClient, new PutObjectCommand({ Bucket: 'b', Key: 'k', ContentType: 'x/y' }));
    expect(new URL(trap).search).toMatch(CHECKSUM_PARAMS);
  });

  it('binds an upload URL to its content type and size, for ten minutes', async () => {
    const upload = await presignUpload('uploads/a.pdf', { contentType: 'application/pdf', size: 1234 });
    const params = new URL(upload.url).searchParams;
    expect(params.get('X-Amz-SignedHeaders')?.split(';')).toEqual(['content-length', 'content-type', 'host']);
    expect(params.get('X-Amz-Expires')).toBe('600');
    expect(upload).toMatchObject({
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      expiresAt: '2026-05-01T10:10:00.000Z',
    });
  });

  it('hands out download links for at most five minutes, as attachments', async () => {
    const link = await presignDownload('tenants/t/doc.pdf', {
      fileName: 'Q1 report.pdf',
      contentType: 'application/pdf',
    });
    const params = new URL(link.url).searchParams;
    expect(Number(params.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    expect(link.expiresAt).toBe('2026-05-01T10:05:00.000Z');
    expect(params.get('response-content-disposition')).toBe(
      `attachment; filename="Q1 report.pdf"; filename*=UTF-8''Q1%20report.pdf`,
    );
    expect(params.get('response-content-type')).toBe('application/pdf');
    expect(new URL(link.url).search).not.toMatch(/x-amz-checksum-mode/i);
  });
});

describe('attachmentDisposition', () => {
  it('keeps the exact name in filename* and an ASCII stand-in in filename', () => {
    expect(attachmentDisposition('基金 概况.pdf')).toBe(
      `attachment; filename="__ __.pdf"; filename*=UTF-8''%E5%9F%BA%E9%87%91%20%E6%A6%82%E5%86%B5.pdf`,
    );
  });

  it('cannot be broken out of: quotes, separators and line breaks never reach the header raw', () => {
    const header = attachmentDisposition('a"; filename=evil.exe\r\nX-Injected: 1;\\b(1)*.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    const [, fallback] = /filename="([^"]*)"/.exec(header) ?? [];
    expect(fallback).toBe('a__ filename=evil.exe__X-Injected: 1__b(1)*.pdf');
    expect(
      header.endsWith(`filename*=UTF-8''a%22%3B%20filename%3Devil.exe%0D%0AX-Injected%3A%201%3B%5Cb%281%29%2A.pdf`),
    ).toBe(true);
  });
});
