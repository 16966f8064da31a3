import crypto from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CreateBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { DATA_ROOM_CORS } from '@tranche/shared/infra/user-pool';

/**
 * s3rver signs its list continuation tokens with single DES, which OpenSSL 3 disables. Triple DES
 * with three equal keys is single DES, and OpenSSL 3 still has it, so map the cipher once.
 */
const shimDes = () => {
  const wrap = <F extends typeof crypto.createCipheriv | typeof crypto.createDecipheriv>(fn: F): F =>
    ((algorithm: string, key: Buffer, iv: Buffer, options?: unknown) =>
      algorithm === 'des'
        ? (fn as (...a: unknown[]) => unknown)('des-ede3-cbc', Buffer.concat([key, key, key]), iv, options)
        : (fn as (...a: unknown[]) => unknown)(algorithm, key, iv, options)) as F;
  const mutable = crypto as {
    createCipheriv: typeof crypto.createCipheriv;
    createDecipheriv: typeof crypto.createDecipheriv;
  };
  mutable.createCipheriv = wrap(crypto.createCipheriv);
  mutable.createDecipheriv = wrap(crypto.createDecipheriv);
};

interface S3rverInstance {
  run(): Promise<unknown>;
  close(): Promise<void>;
  on(event: 'event', listener: (record: S3EventNotification) => void): void;
}

/** The S3 event notification s3rver emits after each write, in AWS's shape. */
export interface S3EventNotification {
  Records: {
    eventName: string;
    s3: { bucket: { name: string }; object: { key: string; size?: number; eTag?: string } };
  }[];
}

/** s3rver in this process, storing under `directory` (wiped at each start: the stack is ephemeral). */
export const startS3 = async (port: number, directory: string) => {
  shimDes();
  mkdirSync(directory, { recursive: true });
  const require = createRequire(import.meta.url);
  const S3rver = require('s3rver') as new (opts: object) => S3rverInstance;
  const server = new S3rver({ port, address: '127.0.0.1', directory, silent: true, resetOnClose: true });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  /** Object-created and -removed notifications, as S3 sends them to EventBridge (the malware scanner's trigger). */
  const onEvent = (listener: (record: S3EventNotification) => void) => server.on('event', listener);
  return { endpoint, onEvent, close: () => server.close() };
};

export const createBucket = async (endpoint: string, bucket: string, allowedOrigins: string[]): Promise<void> => {
  const s3 = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  await s3.send(
    new PutBucketCorsCommand({
      Bucket: bucket,
      CORSConfiguration: {
        CORSRules: [
          {
            AllowedOrigins: allowedOrigins,
            AllowedMethods: [...DATA_ROOM_CORS.allowedMethods],
            AllowedHeaders: [...DATA_ROOM_CORS.allowedHeaders],
            ExposeHeaders: [...DATA_ROOM_CORS.exposedHeaders],
            MaxAgeSeconds: DATA_ROOM_CORS.maxAgeSeconds,
          },
        ],
      },
    }),
  );
};
