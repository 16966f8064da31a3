import { describe, expect, it } from 'vitest';
import { createClientStorage } from '@/lib/storage';
import { conditionsToQuery } from './list-products';

describe('catalogue search conditions', () => {
  it('become the API query, leaving out "all" and empty text', () => {
    expect(conditionsToQuery({ text: '  ', openness: 'ALL' })).toEqual({});
    expect(
      conditionsToQuery({
        text: ' Glacier ',
        openness: 'OPEN',
        strategy: 'INFRASTRUCTURE',
        region: 'EUROPE',
        fundType: 'CLOSE_ENDED',
        objective: 'INCOME',
        targetReturnRange: 'R5_10',
        currency: 'EUR',
      }),
    ).toEqual({
      q: 'Glacier',
      openness: 'OPEN',
      strategy: 'INFRASTRUCTURE',
      region: 'EUROPE',
      fundType: 'CLOSE_ENDED',
      objective: 'INCOME',
      targetReturnRange: 'R5_10',
      currency: 'EUR',
    });
  });

  it("are kept under the spec's key in the portal's namespace, dropping a stored value that is no longer valid", () => {
    localStorage.setItem(
      'tranche:alpine:productListSearchConditions',
      JSON.stringify({ text: 'credit', openness: 'OPEN', strategy: 'TULIPS', region: 'ASIA', currency: 'usd' }),
    );
    expect(createClientStorage('alpine').get('productListSearchConditions')).toEqual({
      text: 'credit',
      openness: 'OPEN',
      region: 'ASIA',
    });
    expect(createClientStorage('beacon').get('productListSearchConditions')).toBeUndefined();
    localStorage.clear();
  });
});
