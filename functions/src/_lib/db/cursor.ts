import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { ENV } from '@tranche/shared/infra/table';
import { acceptedSecretValues } from '../aws/runtime-secrets.js';
import { DomainError } from '../errors.js';

/**
 * Opaque page cursors. A cursor is the last evaluated key, sealed with AES-256-GCM: the client can
 * neither read the table's keys in it nor change them (a changed byte fails authentication). On the
 * way back in it must also decode to string attributes inside the partition the query reads
 * (`expectedPk`), so even a cursor this API sealed for one list cannot open another tenant's.
 *
 * The key: PAGE_CURSOR_KEY (base64, 32 bytes) where it is set (the local stack generates one per
 * start); in a deployment, derived (HKDF) from the origin-verify secret every route function
 * already reads, so no new secret has to be provisioned. While that secret is being rotated, both
 * its versions open cursors and the current one seals; a cursor from before a finished rotation
 * answers the invalid-cursor 400, and the client starts its list again.
 */

/** The answer to a page cursor that is not one this API handed out (PARAMS_ERROR on `query.cursor`). */
export const invalidCursor = (): DomainError =>
  new DomainError('PARAMS_ERROR', {
    fields: [{ field: 'query.cursor', rule: 'invalid_cursor', message: 'Invalid page cursor' }],
  });

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Binds a sealed cursor to this use of the key (and lets a later format change refuse old ones). */
const AAD = Buffer.from('tranche page cursor v1');

/** The sealing key first, then any others that may still open a cursor. */
export type CursorKeys = () => Promise<Buffer[]>;

const deriveKey = (secret: string): Buffer => Buffer.from(hkdfSync('sha256', secret, '', AAD, 32));

export const cursorKeysFromEnv =
  (env: NodeJS.ProcessEnv = process.env): CursorKeys =>
  async () => {
    const local = env[ENV.pageCursorKey];
    if (local) {
      const key = Buffer.from(local, 'base64');
      if (key.length !== 32) throw new Error(`${ENV.pageCursorKey} must be 32 bytes, base64`);
      return [key];
    }
    const secretId = env[ENV.originVerifySecretId];
    if (!secretId) {
      throw new Error(`Neither ${ENV.pageCursorKey} nor ${ENV.originVerifySecretId} is set: cursors cannot be sealed`);
    }
    const secrets = await acceptedSecretValues(secretId);
    if (secrets.length === 0) throw new Error(`${ENV.originVerifySecretId} has no value: cursors cannot be sealed`);
    return secrets.map(deriveKey);
  };

const seal = (key: Buffer, plain: Buffer): string => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(AAD);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([Buffer.of(VERSION), iv, cipher.getAuthTag(), body]).toString('base64url');
};

const open = (keys: Buffer[], cursor: string): Buffer | undefined => {
  const raw = Buffer.from(cursor, 'base64url');
  if (raw.length <= 1 + IV_BYTES + TAG_BYTES || raw[0] !== VERSION) return undefined;
  const iv = raw.subarray(1, 1 + IV_BYTES);
  const tag = raw.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  const body = raw.subarray(1 + IV_BYTES + TAG_BYTES);
  for (const key of keys) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv).setAAD(AAD);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]);
    } catch {
      // Not sealed with this key (or altered): try the next one.
    }
  }
  return undefined;
};

export const createCursorCodec = (keys: CursorKeys) => {
  /** Seals any JSON value into a cursor. */
  const sealValue = async (value: unknown): Promise<string> => {
    const [sealing] = await keys();
    if (!sealing) throw new Error('No key to seal page cursors with');
    return seal(sealing, Buffer.from(JSON.stringify(value)));
  };

  /** The JSON value a cursor sealed; anything else (altered, foreign, not a cursor) is the invalid-cursor 400. */
  const openValue = async (cursor: string): Promise<unknown> => {
    const plain = open(await keys(), cursor);
    if (!plain) throw invalidCursor();
    try {
      return JSON.parse(plain.toString('utf8'));
    } catch {
      throw invalidCursor();
    }
  };

  return {
    sealValue,
    openValue,

    encode: async (key: Record<string, unknown> | undefined): Promise<string | undefined> =>
      key ? sealValue(key) : undefined,

    decode: async (
      cursor: string | undefined,
      pkAttribute: string,
      expectedPk: string,
      allowed: readonly string[],
    ): Promise<Record<string, string> | undefined> => {
      if (cursor === undefined) return undefined;
      const parsed = await openValue(cursor);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalidCursor();
      const entries = Object.entries(parsed);
      const ok =
        entries.length === allowed.length &&
        entries.every(([k, v]) => allowed.includes(k) && typeof v === 'string' && v.length > 0 && v.length < 1024) &&
        (parsed as Record<string, string>)[pkAttribute] === expectedPk;
      if (!ok) throw invalidCursor();
      return parsed as Record<string, string>;
    },
  };
};

const codec = createCursorCodec(cursorKeysFromEnv());

/** Seals a last evaluated key into a page cursor (undefined: no next page). */
export const encodeCursor = codec.encode;
/** Opens a page cursor this API sealed for the partition `expectedPk`; anything else is the invalid-cursor 400. */
export const decodeCursor = codec.decode;
/** For lists whose position is not a table key (the catalogue): seal and open any JSON value. */
export const sealCursor = codec.sealValue;
export const openCursor = codec.openValue;
