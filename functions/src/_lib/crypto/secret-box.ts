import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ENV } from '@tranche/shared/infra/table';
import { awsJson, KMS } from '../aws/signed-request.js';

/**
 * The secret box: envelope encryption for secrets we must be able to read back (authenticator
 * seeds), so that the table never holds them in the clear.
 *
 * Each secret gets its own 256-bit data key; the secret is sealed with AES-256-GCM under it, and
 * only the data key *encrypted by the key provider* is stored beside the ciphertext. The
 * encryption context (e.g. tenant and user) is bound twice: into the provider's encryption of the
 * data key (KMS EncryptionContext) and as GCM additional data of the secret, so an envelope copied
 * onto another user's record, or any changed byte, fails to open.
 *
 * Key providers (a port, because KMS has no local stand-in here):
 * - KMS (deployed): GenerateDataKey / Decrypt on the data stack's key, SECRET_BOX_KMS_KEY_ID;
 * - local (local stack and tests): the data key is wrapped with AES-256-GCM under a key-encryption
 *   key from SECRET_BOX_LOCAL_KEY (base64, 32 bytes), which the local stack generates at each start.
 * With neither configured, sealing and opening fail: there is no unencrypted fallback.
 */
export type SecretContext = Readonly<Record<string, string>>;

/** What is stored: all binary fields base64. `edk` is the provider-encrypted data key. */
export interface SealedSecret {
  v: 1;
  /** Which provider wrapped the data key: an envelope is never opened by the other one. */
  kp: 'kms' | 'local';
  edk: string;
  iv: string;
  ct: string;
  tag: string;
}

export interface KeyProvider {
  readonly name: SealedSecret['kp'];
  generateDataKey(context: SecretContext): Promise<{ plaintext: Buffer; encrypted: Buffer }>;
  decryptDataKey(encrypted: Buffer, context: SecretContext): Promise<Buffer>;
}

export interface SecretBox {
  seal(plaintext: string, context: SecretContext): Promise<SealedSecret>;
  open(sealed: SealedSecret, context: SecretContext): Promise<string>;
}

/** Wrong key, wrong context, changed bytes or a malformed envelope: the secret cannot be opened. */
export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
}

/** The context as GCM additional data: sorted keys, so the same context always gives the same bytes. */
const aad = (context: SecretContext): Buffer =>
  Buffer.from(JSON.stringify(Object.entries(context).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));

const gcmSeal = (key: Buffer, plaintext: Buffer, additional: Buffer) => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(additional);
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, ct, tag: cipher.getAuthTag() };
};

const gcmOpen = (key: Buffer, parts: { iv: Buffer; ct: Buffer; tag: Buffer }, additional: Buffer): Buffer => {
  try {
    if (parts.iv.length !== 12 || parts.tag.length !== 16) throw new Error('bad envelope');
    const decipher = createDecipheriv('aes-256-gcm', key, parts.iv);
    decipher.setAAD(additional);
    decipher.setAuthTag(parts.tag);
    return Buffer.concat([decipher.update(parts.ct), decipher.final()]);
  } catch {
    throw new SecretBoxError('The secret cannot be opened');
  }
};

export const isSealedSecret = (value: unknown): value is SealedSecret => {
  const v = value as Partial<SealedSecret> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    v.v === 1 &&
    (v.kp === 'kms' || v.kp === 'local') &&
    [v.edk, v.iv, v.ct, v.tag].every((f) => typeof f === 'string' && f.length > 0)
  );
};

export const createSecretBox = (provider: KeyProvider): SecretBox => ({
  seal: async (plaintext, context) => {
    const { plaintext: dataKey, encrypted } = await provider.generateDataKey(context);
    try {
      const { iv, ct, tag } = gcmSeal(dataKey, Buffer.from(plaintext, 'utf8'), aad(context));
      const b64 = (b: Buffer) => b.toString('base64');
      return { v: 1, kp: provider.name, edk: b64(encrypted), iv: b64(iv), ct: b64(ct), tag: b64(tag) };
    } finally {
      dataKey.fill(0);
    }
  },
  open: async (sealed, context) => {
    if (!isSealedSecret(sealed) || sealed.kp !== provider.name) throw new SecretBoxError('Not an envelope of this box');
    const b = (s: string) => Buffer.from(s, 'base64');
    const dataKey = await provider.decryptDataKey(b(sealed.edk), context);
    try {
      return gcmOpen(dataKey, { iv: b(sealed.iv), ct: b(sealed.ct), tag: b(sealed.tag) }, aad(context)).toString(
        'utf8',
      );
    } finally {
      dataKey.fill(0);
    }
  },
});

/** Local stand-in for KMS: data keys wrapped with AES-256-GCM under a key-encryption key. */
export const localKeyProvider = (keyEncryptionKey: Buffer): KeyProvider => {
  if (keyEncryptionKey.length !== 32) throw new Error(`${ENV.secretBoxLocalKey} must be 32 bytes, base64`);
  return {
    name: 'local',
    generateDataKey: async (context) => {
      const plaintext = randomBytes(32);
      const { iv, ct, tag } = gcmSeal(keyEncryptionKey, plaintext, aad(context));
      return { plaintext, encrypted: Buffer.concat([iv, tag, ct]) };
    },
    decryptDataKey: async (encrypted, context) =>
      gcmOpen(
        keyEncryptionKey,
        { iv: encrypted.subarray(0, 12), tag: encrypted.subarray(12, 28), ct: encrypted.subarray(28) },
        aad(context),
      ),
  };
};

/**
 * KMS as the provider calls it: an operation of its JSON API, binary fields base64 as on the wire.
 * Deployed, one signed call each (#lib/aws/signed-request: the KMS client would add 27 KB to every
 * handler that seals or opens a secret); tests give an in-memory KMS.
 */
export interface KmsLike {
  call(
    operation: 'GenerateDataKey' | 'Decrypt',
    input: Record<string, unknown>,
  ): Promise<{ Plaintext?: string; CiphertextBlob?: string }>;
}

export const kmsOverHttp: KmsLike = {
  call: (operation, input) => awsJson(KMS, `TrentService.${operation}`, input),
};

const b64 = (s: string) => Buffer.from(s, 'base64');

/** AWS KMS: one GenerateDataKey per sealed secret, one Decrypt per opening, with the context bound. */
export const kmsKeyProvider = (keyId: string, kms: KmsLike): KeyProvider => ({
  name: 'kms',
  generateDataKey: async (context) => {
    const out = await kms.call('GenerateDataKey', {
      KeyId: keyId,
      KeySpec: 'AES_256',
      EncryptionContext: { ...context },
    });
    if (!out.Plaintext || !out.CiphertextBlob) throw new Error('KMS returned no data key');
    return { plaintext: b64(out.Plaintext), encrypted: b64(out.CiphertextBlob) };
  },
  decryptDataKey: async (encrypted, context) => {
    try {
      const out = await kms.call('Decrypt', {
        KeyId: keyId,
        CiphertextBlob: encrypted.toString('base64'),
        EncryptionContext: { ...context },
      });
      if (!out.Plaintext) throw new Error('KMS returned no plaintext');
      return b64(out.Plaintext);
    } catch (error) {
      // A changed data key or another context: KMS refuses it as InvalidCiphertextException.
      if ((error as { name?: string }).name === 'InvalidCiphertextException') {
        throw new SecretBoxError('The secret cannot be opened');
      }
      throw error;
    }
  },
});

let configured: SecretBox | undefined;

/** The secret box of this deployment: KMS when SECRET_BOX_KMS_KEY_ID is set, else the local key. */
export const secretBox = (env: NodeJS.ProcessEnv = process.env): SecretBox => {
  if (configured && env === process.env) return configured;
  const keyId = env[ENV.secretBoxKeyId];
  const localKey = env[ENV.secretBoxLocalKey];
  let box: SecretBox;
  if (keyId) {
    box = createSecretBox(kmsKeyProvider(keyId, kmsOverHttp));
  } else if (localKey) {
    box = createSecretBox(localKeyProvider(Buffer.from(localKey, 'base64')));
  } else {
    throw new Error(`Neither ${ENV.secretBoxKeyId} nor ${ENV.secretBoxLocalKey} is set: secrets cannot be sealed`);
  }
  if (env === process.env) configured = box;
  return box;
};
