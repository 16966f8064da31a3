import { DomainError } from '@tranche/shared/errors/domain-error';
import { MAX_WATCHLIST } from '@tranche/shared/watchlist/watchlist.schema';
import { describe, expect, it } from 'vitest';
import { decideRemove, decideSave, newestFirst } from './watchlist.rules.js';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return { code: (error as DomainError).code, details: (error as DomainError).details };
  }
  throw new Error('expected a refusal');
};

describe('saving a fund', () => {
  it('writes a visible fund that is not saved yet', () => {
    expect(decideSave({ visible: true, saved: false, count: 3 })).toBe('write');
  });

  it('changes nothing when the fund is saved already, even if it was unpublished since', () => {
    expect(decideSave({ visible: true, saved: true, count: 3 })).toBe('unchanged');
    expect(decideSave({ visible: false, saved: true, count: 3 })).toBe('unchanged');
  });

  it('answers productIsNotExist for a fund the investor cannot see (draft, unknown, another tenant)', () => {
    expect(refusal(() => decideSave({ visible: false, saved: false, count: 0 })).code).toBe('productIsNotExist');
  });

  it('refuses a new fund once the watchlist is full, naming the limit', () => {
    expect(decideSave({ visible: true, saved: false, count: MAX_WATCHLIST - 1 })).toBe('write');
    expect(refusal(() => decideSave({ visible: true, saved: false, count: MAX_WATCHLIST }))).toEqual({
      code: 'watchlistFull',
      details: { max: MAX_WATCHLIST },
    });
  });
});

describe('removing a fund', () => {
  it('removes a saved fund whatever the catalogue shows now', () => {
    expect(decideRemove({ visible: true, saved: true })).toBe('write');
    expect(decideRemove({ visible: false, saved: true })).toBe('write');
  });

  it('changes nothing for a visible fund that is not saved', () => {
    expect(decideRemove({ visible: true, saved: false })).toBe('unchanged');
  });

  it('answers productIsNotExist for an unsaved fund the investor cannot see', () => {
    expect(refusal(() => decideRemove({ visible: false, saved: false })).code).toBe('productIsNotExist');
  });
});

describe('the watchlist order', () => {
  it('lists the most recently saved first, ties by id', () => {
    const entries = [
      { productId: 'B', savedAt: '2026-01-01T00:00:00.000Z' },
      { productId: 'C', savedAt: '2026-03-01T00:00:00.000Z' },
      { productId: 'A', savedAt: '2026-01-01T00:00:00.000Z' },
    ];
    expect(newestFirst(entries).map((e) => e.productId)).toEqual(['C', 'A', 'B']);
    expect(entries.map((e) => e.productId)).toEqual(['B', 'C', 'A']);
  });
});
