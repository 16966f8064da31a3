import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GP_ADMINS, ROLES } from '../auth/roles.js';
import { PRODUCT_STATES } from '../enums.js';
import { DomainError } from '../errors/domain-error.js';
import { describeLifecycleProperties } from '../lifecycle/lifecycle-properties.js';
import { PRODUCT_EVENTS } from './product.schema.js';
import {
  allowedProductEvents,
  assertProductEditable,
  canEditProduct,
  isCatalogueState,
  nextProductState,
  PRODUCT_LIFECYCLE,
} from './product-state.js';

const WITH_CLASS = { shareClasses: 1 };

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
    expect(nextProductState('DRAFT', 'PUBLISH', 'GP_ADMIN', WITH_CLASS)).toBe('PUBLISHED');
    expect(nextProductState('PUBLISHED', 'CLOSE', 'GP_OWNER', WITH_CLASS)).toBe('CLOSED');
    expect(nextProductState('CLOSED', 'REOPEN', 'GP_ADMIN', WITH_CLASS)).toBe('PUBLISHED');
    expect(nextProductState('PUBLISHED', 'UNPUBLISH', 'GP_OWNER', WITH_CLASS)).toBe('DRAFT');
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
      expect(() => nextProductState(from, event, 'GP_OWNER', WITH_CLASS)).toThrow(
        expect.objectContaining({ code: 'productStateInvalid', details: { lifecycle: 'product', state: from, event } }),
      );
    }
  });

  it('refuses to publish a product without a share class, and does not offer it when told the count', () => {
    expect(() => nextProductState('DRAFT', 'PUBLISH', 'GP_OWNER', { shareClasses: 0 })).toThrow(
      expect.objectContaining({
        code: 'productNeedsShareClass',
        details: { lifecycle: 'product', state: 'DRAFT', event: 'PUBLISH' },
      }),
    );
    expect(allowedProductEvents('DRAFT', 'GP_ADMIN', { shareClasses: 0 })).toEqual([]);
    expect(allowedProductEvents('DRAFT', 'GP_ADMIN', WITH_CLASS)).toEqual(['PUBLISH']);
    // Without the count (the list screen) the button stays, and the API answers productNeedsShareClass.
    expect(allowedProductEvents('DRAFT', 'GP_ADMIN')).toEqual(['PUBLISH']);
  });

  it('lets only admins and owners fire any event, whatever the state', () => {
    for (const state of PRODUCT_STATES) {
      for (const event of PRODUCT_EVENTS) {
        expect(codeOf(() => nextProductState(state, event, 'GP_MEMBER', WITH_CLASS))).toBe('FORBIDDEN');
        expect(codeOf(() => nextProductState(state, event, 'LP', WITH_CLASS))).toBe('FORBIDDEN');
      }
    }
  });

  it('offers as buttons exactly the events that would succeed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PRODUCT_STATES), fc.constantFrom(...ROLES), (state, role) => {
        const offered = allowedProductEvents(state, role);
        for (const event of PRODUCT_EVENTS) {
          expect(codeOf(() => nextProductState(state, event, role, WITH_CLASS)) === undefined).toBe(
            offered.includes(event),
          );
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

describeLifecycleProperties(PRODUCT_LIFECYCLE, {
  actors: ROLES,
  contexts: fc.record({ shareClasses: fc.nat(3) }),
});
