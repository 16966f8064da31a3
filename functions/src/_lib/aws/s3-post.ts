import { createHmac } from 'node:crypto';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { clock } from '../clock.js';
import { dataRoomBucket } from './s3.js';
import { endpointOf, region, S3 } from './signed-request.js';

/**
 * A presigned POST (browser form upload) for one key, signed by hand with SigV4 like the rest of
 * the bucket's calls (signed-request.ts: no S3 client or presigner in handlers). Unlike a presigned
 * PUT, a POST policy can bound the size with `content-length-range`, so S3 itself refuses a file of
 * another size before storing a byte; the policy also pins the key and the exact Content-Type.
 * Stand-ins (s3rver) do not check policies: the API checks the stored object again afterwards.
 */

export interface PresignedPost {
  method: 'POST';
  url: string;
  /** Form fields in order; the file goes last, as `file` (S3 ignores fields after it). */
  fields: [string, string][];
  expiresAt: string;
}

const credentials = defaultProvider();

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** SigV4's signing key for one day, region and service. */
export const signingKey = (secret: string, day: string, regionName: string, service: string): Buffer =>
  hmac(hmac(hmac(hmac(`AWS4${secret}`, day), regionName), service), 'aws4_request');

/** The bucket's URL a form posts to: path-style for stand-ins and dotted names, else virtual-hosted. */
const bucketUrl = (bucket: string): string => {
  const endpoint = endpointOf(S3);
  const base = `${endpoint.protocol}//${endpoint.host}${endpoint.pathname.replace(/\/$/, '')}`;
  if (process.env.S3_FORCE_PATH_STYLE === 'true' || bucket.includes('.')) return `${base}/${bucket}`;
  return `${endpoint.protocol}//${bucket}.${endpoint.host}`;
};

/** `20260101T000000Z` and `20260101`, as SigV4 writes dates. */
const amzDate = (at: Date) => {
  const iso = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return { stamp: iso, day: iso.slice(0, 8) };
};

export const presignPost = async (
  key: string,
  file: { contentType: string; minBytes: number; maxBytes: number },
  seconds: number,
): Promise<PresignedPost> => {
  const now = clock.now();
  const bucket = dataRoomBucket();
  const regionName = region();
  const { accessKeyId, secretAccessKey, sessionToken } = await credentials();
  const { stamp, day } = amzDate(now);
  const credential = `${accessKeyId}/${day}/${regionName}/s3/aws4_request`;
  const expiresAt = new Date(now.getTime() + seconds * 1000).toISOString();
  const signed: [string, string][] = [
    ['key', key],
    ['Content-Type', file.contentType],
    ['x-amz-algorithm', 'AWS4-HMAC-SHA256'],
    ['x-amz-credential', credential],
    ['x-amz-date', stamp],
    // Lambda's role credentials are temporary: the token is part of the policy and the form.
    ...(sessionToken ? ([['x-amz-security-token', sessionToken]] as [string, string][]) : []),
  ];
  const policy = {
    expiration: expiresAt,
    conditions: [
      { bucket },
      ...signed.map(([name, value]) => ['eq', `$${name}`, value]),
      ['content-length-range', file.minBytes, file.maxBytes],
    ],
  };
  const encoded = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64');
  const signature = createHmac('sha256', signingKey(secretAccessKey, day, regionName, 's3'))
    .update(encoded, 'utf8')
    .digest('hex');
  return {
    method: 'POST',
    url: bucketUrl(bucket),
    fields: [...signed, ['Policy', encoded], ['X-Amz-Signature', signature]],
    expiresAt,
  };
};
