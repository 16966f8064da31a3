import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.js';
import { decodeCursor, encodeCursor } from './cursor.js';

const key = { PK: 'T#a#PRODUCT#1', SK: '#META', GSI1PK: 'T#a#PRODUCTS', GSI1SK: '1#1' };
const allowed = ['PK', 'SK', 'GSI1PK', 'GSI1SK'];

describe('page cursors', () => {
  it('round-trips a key of the expected partition', () => {
    expect(decodeCursor(encodeCursor(key), 'GSI1PK', 'T#a#PRODUCTS', allowed)).toEqual(key);
  });

  it("refuses a cursor of another tenant's partition", () => {
    expect(() => decodeCursor(encodeCursor(key), 'GSI1PK', 'T#b#PRODUCTS', allowed)).toThrow(DomainError);
  });

  it('refuses cursors that are not keys', () => {
    for (const bad of [
      'x',
      encodeCursor({ ...key, extra: 'y' }),
      Buffer.from('[1]').toString('base64url'),
      encodeCursor({ ...key, SK: 5 }),
    ]) {
      expect(() => decodeCursor(bad, 'GSI1PK', 'T#a#PRODUCTS', allowed)).toThrow(DomainError);
    }
  });
});
