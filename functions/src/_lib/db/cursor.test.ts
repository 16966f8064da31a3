import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.js';
import { createCursorCodec, cursorKeysFromEnv } from './cursor.js';

const key = { PK: 'T#a#PRODUCT#1', SK: '#META', GSI2PK: 'T#a#PRODUCTS', GSI2SK: '1#1' };
const allowed = ['PK', 'SK', 'GSI2PK', 'GSI2SK'];
const current = randomBytes(32);
const codec = createCursorCodec(async () => [current]);

/** The catalogued answer: PARAMS_ERROR naming query.cursor. */
const expectInvalid = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe('PARAMS_ERROR');
  expect((error as DomainError).status).toBe(400);
  expect((error as DomainError).details?.fields).toEqual([
    { field: 'query.cursor', rule: 'invalid_cursor', message: 'Invalid page cursor' },
  ]);
};

describe('page cursors', () => {
  it('round-trips a key of the expected partition', async () => {
    const cursor = await codec.encode(key);
    expect(await codec.decode(cursor, 'GSI2PK', 'T#a#PRODUCTS', allowed)).toEqual(key);
    expect(await codec.encode(undefined)).toBeUndefined();
    expect(await codec.decode(undefined, 'GSI2PK', 'T#a#PRODUCTS', allowed)).toBeUndefined();
  });

  it('is opaque: the table keys cannot be read from it, and it fits the query schema', async () => {
    const cursor = (await codec.encode(key)) as string;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]{1,1024}$/);
    const bytes = Buffer.from(cursor, 'base64url').toString('latin1');
    for (const value of Object.values(key)) expect(bytes).not.toContain(value);
    expect(await codec.encode(key)).not.toBe(cursor);
  });

  it('refuses a cursor with any byte changed', async () => {
    const raw = Buffer.from((await codec.encode(key)) as string, 'base64url');
    for (let i = 0; i < raw.length; i++) {
      const tampered = Buffer.from(raw);
      tampered[i] = (tampered[i] ?? 0) ^ 1;
      await expectInvalid(codec.decode(tampered.toString('base64url'), 'GSI2PK', 'T#a#PRODUCTS', allowed));
    }
  });

  it('refuses a plain base64 JSON key, the old format, even of the right partition', async () => {
    const forged = Buffer.from(JSON.stringify(key)).toString('base64url');
    await expectInvalid(codec.decode(forged, 'GSI2PK', 'T#a#PRODUCTS', allowed));
  });

  it('refuses a cursor sealed with another key', async () => {
    const other = createCursorCodec(async () => [randomBytes(32)]);
    await expectInvalid(codec.decode(await other.encode(key), 'GSI2PK', 'T#a#PRODUCTS', allowed));
  });

  it("refuses a genuine cursor of another tenant's partition", async () => {
    await expectInvalid(codec.decode(await codec.encode(key), 'GSI2PK', 'T#b#PRODUCTS', allowed));
  });

  it('refuses sealed values that are not keys of this list', async () => {
    for (const bad of [{ ...key, extra: 'y' }, { ...key, SK: 5 }, [1], 'x']) {
      await expectInvalid(codec.decode(await codec.sealValue(bad), 'GSI2PK', 'T#a#PRODUCTS', allowed));
    }
    for (const junk of ['x', '', 'AQ', randomBytes(40).toString('base64url')]) {
      await expectInvalid(codec.decode(junk, 'GSI2PK', 'T#a#PRODUCTS', allowed));
    }
  });

  it('opens cursors of the previous key during a rotation, and seals with the current one', async () => {
    const previous = randomBytes(32);
    const before = await createCursorCodec(async () => [previous]).encode(key);
    const rotating = createCursorCodec(async () => [current, previous]);
    expect(await rotating.decode(before, 'GSI2PK', 'T#a#PRODUCTS', allowed)).toEqual(key);
    expect(await codec.decode(await rotating.encode(key), 'GSI2PK', 'T#a#PRODUCTS', allowed)).toEqual(key);
  });

  it('takes the local key from PAGE_CURSOR_KEY and fails closed without any key', async () => {
    const env = { PAGE_CURSOR_KEY: current.toString('base64') };
    expect(await cursorKeysFromEnv(env)()).toEqual([current]);
    await expect(cursorKeysFromEnv({ PAGE_CURSOR_KEY: 'c2hvcnQ=' })()).rejects.toThrow(/32 bytes/);
    await expect(cursorKeysFromEnv({})()).rejects.toThrow(/PAGE_CURSOR_KEY/);
  });
});
