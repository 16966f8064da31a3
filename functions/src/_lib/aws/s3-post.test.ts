import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clock } from '../clock.js';
import { presignPost, signingKey } from './s3-post.js';

describe('presigned POST', () => {
  it("derives SigV4's signing key as AWS documents it", () => {
    // AWS's published example (Signature Version 4, "Examples of how to derive a signing key").
    const key = signingKey('wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', '20120215', 'us-east-1', 'iam');
    expect(key.toString('hex')).toBe('f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d');
  });

  describe('the form', () => {
    const env = { ...process.env };
    beforeEach(() => {
      Object.assign(process.env, {
        DATA_ROOM_BUCKET: 'tranche-acme-data-room',
        AWS_REGION: 'eu-west-1',
        AWS_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
        AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        AWS_SESSION_TOKEN: 'session-token',
        AWS_IGNORE_CONFIGURED_ENDPOINT_URLS: 'true',
      });
      clock.set(new Date('2026-03-01T10:00:00Z'));
    });
    afterEach(() => {
      process.env = env;
      clock.set(undefined);
    });

    it('pins key, type and exact size in a policy signed with the day key', async () => {
      const form = await presignPost(
        'uploads/tenants/t/files/f.pdf',
        { contentType: 'application/pdf', minBytes: 10, maxBytes: 10 },
        600,
      );
      expect(form.url).toBe('https://tranche-acme-data-room.s3.eu-west-1.amazonaws.com');
      expect(form.expiresAt).toBe('2026-03-01T10:10:00.000Z');
      const fields = Object.fromEntries(form.fields);
      expect(fields['x-amz-credential']).toBe('AKIAIOSFODNN7EXAMPLE/20260301/eu-west-1/s3/aws4_request');
      expect(fields['x-amz-date']).toBe('20260301T100000Z');
      expect(fields['x-amz-security-token']).toBe('session-token');
      const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8'));
      expect(policy.expiration).toBe('2026-03-01T10:10:00.000Z');
      expect(policy.conditions).toEqual(
        expect.arrayContaining([
          { bucket: 'tranche-acme-data-room' },
          ['eq', '$key', 'uploads/tenants/t/files/f.pdf'],
          ['eq', '$Content-Type', 'application/pdf'],
          ['eq', '$x-amz-security-token', 'session-token'],
          ['content-length-range', 10, 10],
        ]),
      );
      const key = signingKey('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', '20260301', 'eu-west-1', 's3');
      expect(fields['X-Amz-Signature']).toBe(createHmac('sha256', key).update(fields.Policy!).digest('hex'));
      // The file must come last: S3 ignores fields after it.
      expect(form.fields.map(([n]) => n)).not.toContain('file');
    });
  });
});
