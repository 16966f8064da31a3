import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GP_ADMINS, ROLES } from '../auth/roles.js';
import { PRODUCT_STATES } from '../enums.js';
import { DomainError } from '../errors/domain-error.js';
import { PRODUCT_EVENTS } from './product.schema.js';
import {
  allowedProductEvents,
  assertProductEditable,
  canEditProduct,
  isCatalogueState,
  nextProductState,
} from './product-state.js';

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a DomainError';
  }
};

describe('product lifecycle', () => {
  it('publishes a draft, closes a live product, reopens it and unpublishes it', () => {
    expect(nextProductState('DRAFT', 'PUBLISH', 'GP_ADMIN')).toBe('PUBLISHED');
    expect(nextProductState('PUBLISHED', 'CLOSE', 'GP_OWNER')).toBe('CLOSED');
    expect(nextProductState('CLOSED', 'REOPEN', 'GP_ADMIN')).toBe('PUBLISHED');
    expect(nextProductState('PUBLISHED', 'UNPUBLISH', 'GP_OWNER')).toBe('DRAFT');
  });

  it('refuses transitions the table does not have with productStateInvalid, naming state and event', () => {
    for (const [from, event] of [
      ['DRAFT', 'CLOSE'],
      ['DRAFT', 'REOPEN'],
      ['DRAFT', 'UNPUBLISH'],
      ['PUBLISHED', 'PUBLISH'],
      ['PUBLISHED', 'REOPEN'],
      ['CLOSED', 'PUBLISH'],
      ['CLOSED', 'CLOSE'],
      ['CLOSED', 'UNPUBLISH'],
    ] as const) {
      expect(() => nextProductState(from, event, 'GP_OWNER')).toThrow(
        expect.objectContaining({ code: 'productStateInvalid', details: { from, event } }),
      );
    }
  });

  it('lets only admins and owners fire any event, whatever the state', () => {
    for (const state of PRODUCT_STATES) {
      for (const event of PRODUCT_EVENTS) {
        expect(codeOf(() => nextProductState(state, event, 'GP_MEMBER'))).toBe('FORBIDDEN');
        expect(codeOf(() => nextProductState(state, event, 'LP'))).toBe('FORBIDDEN');
      }
    }
  });

  it('offers as buttons exactly the events that would succeed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PRODUCT_STATES), fc.constantFrom(...ROLES), (state, role) => {
        const offered = allowedProductEvents(state, role);
        for (const event of PRODUCT_EVENTS) {
          expect(codeOf(() => nextProductState(state, event, role)) === undefined).toBe(offered.includes(event));
        }
      }),
    );
    expect(allowedProductEvents('DRAFT', 'GP_MEMBER')).toEqual([]);
    expect(allowedProductEvents('PUBLISHED', 'GP_ADMIN')).toEqual(['UNPUBLISH', 'CLOSE']);
  });

  it('lets members edit drafts, admins also live products, and nobody a closed one or investors anything', () => {
    expect(canEditProduct('DRAFT', 'GP_MEMBER')).toBe(true);
    expect(canEditProduct('PUBLISHED', 'GP_MEMBER')).toBe(false);
    for (const admin of GP_ADMINS) {
      expect(canEditProduct('DRAFT', admin)).toBe(true);
      expect(canEditProduct('PUBLISHED', admin)).toBe(true);
    }
    for (const role of ROLES) expect(canEditProduct('CLOSED', role)).toBe(false);
    for (const state of PRODUCT_STATES) expect(canEditProduct(state, 'LP')).toBe(false);
  });

  it('refuses exactly the edits canEditProduct refuses, with productNotEditable naming the state', () => {
    for (const state of PRODUCT_STATES) {
      for (const role of ROLES) {
        const code = codeOf(() => assertProductEditable(state, role));
        expect(code).toBe(canEditProduct(state, role) ? undefined : 'productNotEditable');
      }
    }
    expect(() => assertProductEditable('CLOSED', 'GP_OWNER')).toThrow(
      expect.objectContaining({ details: { state: 'CLOSED' } }),
    );
  });

  it('shows investors published and closed products, never drafts', () => {
    expect(PRODUCT_STATES.filter(isCatalogueState)).toEqual(['PUBLISHED', 'CLOSED']);
  });
});
