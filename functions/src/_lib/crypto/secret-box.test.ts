import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createSecretBox,
  type KmsLike,
  kmsKeyProvider,
  localKeyProvider,
  type SealedSecret,
  SecretBoxError,
  secretBox,
} from './secret-box.js';

const SEED = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const alice = { purpose: 'totp', tenantId: 'T1', userId: 'U1' };
const box = () => createSecretBox(localKeyProvider(randomBytes(32)));

/** Flips one bit of a base64 field. */
const flip = (b64: string, at = 0): string => {
  const bytes = Buffer.from(b64, 'base64');
  bytes[at % bytes.length]! ^= 0x01;
  return bytes.toString('base64');
};

describe('secret box (local key provider)', () => {
  it('opens what it sealed, and the envelope holds neither the secret nor a plain data key', async () => {
    const b = box();
    const sealed = await b.seal(SEED, alice);
    expect(await b.open(sealed, alice)).toBe(SEED);
    expect(JSON.stringify(sealed)).not.toContain(SEED);
    expect(Buffer.from(sealed.edk, 'base64').length).toBe(12 + 16 + 32);
  });

  it('uses a fresh data key and IV per secret', async () => {
    const b = box();
    const [one, two] = [await b.seal(SEED, alice), await b.seal(SEED, alice)];
    expect(one.edk).not.toBe(two.edk);
    expect(one.ct).not.toBe(two.ct);
  });

  it('detects any changed byte of the envelope', async () => {
    const b = box();
    const sealed = await b.seal(SEED, alice);
    for (const field of ['edk', 'iv', 'ct', 'tag'] as const) {
      for (const at of [0, 5]) {
        const tampered: SealedSecret = { ...sealed, [field]: flip(sealed[field], at) };
        await expect(b.open(tampered, alice), `${field}[${at}]`).rejects.toBeInstanceOf(SecretBoxError);
      }
    }
  });

  it("does not open under another context: an envelope moved to another user's record is useless", async () => {
    const b = box();
    const sealed = await b.seal(SEED, alice);
    await expect(b.open(sealed, { ...alice, userId: 'U2' })).rejects.toBeInstanceOf(SecretBoxError);
    await expect(b.open(sealed, { ...alice, tenantId: 'T2' })).rejects.toBeInstanceOf(SecretBoxError);
  });

  it('does not open with another key, nor a data key swapped in from another envelope', async () => {
    const sealed = await box().seal(SEED, alice);
    await expect(box().open(sealed, alice)).rejects.toBeInstanceOf(SecretBoxError);
    const b = box();
    const [one, two] = [await b.seal(SEED, alice), await b.seal('OTHER', alice)];
    await expect(b.open({ ...one, edk: two.edk }, alice)).rejects.toBeInstanceOf(SecretBoxError);
  });

  it('refuses what is not an envelope of its provider', async () => {
    const b = box();
    const sealed = await b.seal(SEED, alice);
    await expect(b.open({ ...sealed, kp: 'kms' }, alice)).rejects.toBeInstanceOf(SecretBoxError);
    await expect(b.open(SEED as unknown as SealedSecret, alice)).rejects.toBeInstanceOf(SecretBoxError);
  });

  it('is configured from the environment and fails closed without a key', async () => {
    const env = { SECRET_BOX_LOCAL_KEY: randomBytes(32).toString('base64') };
    const sealed = await secretBox(env).seal(SEED, alice);
    expect(await secretBox(env).open(sealed, alice)).toBe(SEED);
    expect(() => secretBox({})).toThrow(/SECRET_BOX_KMS_KEY_ID/);
    expect(() => secretBox({ SECRET_BOX_LOCAL_KEY: 'c2hvcnQ=' })).toThrow(/32 bytes/);
  });
});

/**
 * The KMS provider cannot meet KMS here (no stand-in): these pin what it asks KMS for, against an
 * in-memory KMS that, like the real one, binds the encryption context to the data key.
 */
describe('secret box (KMS key provider)', () => {
  const fakeKms = () => {
    const calls: { operation: string; input: Record<string, unknown> }[] = [];
    const wrap = localKeyProvider(randomBytes(32));
    // Binary fields travel base64, as in KMS's JSON API.
    const kms: KmsLike = {
      call: async (operation, input) => {
        calls.push({ operation, input });
        const context = (input.EncryptionContext ?? {}) as Record<string, string>;
        if (operation === 'GenerateDataKey') {
          const key = await wrap.generateDataKey(context);
          return { Plaintext: key.plaintext.toString('base64'), CiphertextBlob: key.encrypted.toString('base64') };
        }
        try {
          const blob = Buffer.from(String(input.CiphertextBlob), 'base64');
          return { Plaintext: (await wrap.decryptDataKey(blob, context)).toString('base64') };
        } catch {
          throw Object.assign(new Error('invalid'), { name: 'InvalidCiphertextException' });
        }
      },
    };
    return { kms, calls };
  };

  it('asks for an AES-256 data key under the configured key, with the context, and decrypts with both', async () => {
    const { kms, calls } = fakeKms();
    const b = createSecretBox(kmsKeyProvider('alias/tranche-secrets', kms));
    const sealed = await b.seal(SEED, alice);
    expect(sealed.kp).toBe('kms');
    expect(await b.open(sealed, alice)).toBe(SEED);
    const [generate, decrypt] = calls;
    expect(generate!.operation).toBe('GenerateDataKey');
    expect(generate!.input).toMatchObject({
      KeyId: 'alias/tranche-secrets',
      KeySpec: 'AES_256',
      EncryptionContext: alice,
    });
    expect(decrypt!.operation).toBe('Decrypt');
    expect(decrypt!.input).toMatchObject({ KeyId: 'alias/tranche-secrets', EncryptionContext: alice });
  });

  it("turns KMS's refusal of another context into SecretBoxError", async () => {
    const { kms } = fakeKms();
    const b = createSecretBox(kmsKeyProvider('k', kms));
    const sealed = await b.seal(SEED, alice);
    await expect(b.open(sealed, { ...alice, userId: 'U2' })).rejects.toBeInstanceOf(SecretBoxError);
  });
});
