import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GP_ADMINS, ROLES } from '../auth/roles.js';
import { PRODUCT_STATES } from '../enums.js';
import { errorMessage } from '../errors/catalogue.js';
import type { DomainError } from '../errors/domain-error.js';
import { thrownCode as codeOf } from '../errors/thrown-code.js';
import { describeLifecycleProperties } from '../lifecycle/lifecycle-properties.js';
import { PRODUCT_EVENTS } from './product.schema.js';
import {
  allowedProductEvents,
  assertProductEditable,
  canEditProduct,
  isCatalogueState,
  nextProductState,
  PRODUCT_LIFECYCLE,
  productEventBlocker,
} from './product-state.js';
import {
  PUBLISH_CHECK_LEVELS,
  PUBLISH_CHECKS,
  type PublishCheck,
  type PublishCheckId,
  type PublishChecklist,
} from './publish-checklist.js';

const checklist = (...checks: Pick<PublishCheck, 'id' | 'level' | 'ok'>[]): PublishChecklist => ({
  takesMoney: true,
  checks,
});
const READY = { checklist: checklist({ id: 'shareClasses', level: 'required', ok: true }) };
const WITH_CLASS = READY;

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
        expect.objectContaining({
          code: 'productStateInvalid',
          details: expect.objectContaining({ lifecycle: 'product', state: from, event }),
        }),
      );
    }
  });

  it('refuses to go live while a required check fails, naming lifecycle, state and event', () => {
    const bare = { checklist: checklist({ id: 'shareClasses', level: 'required', ok: false }) };
    expect(() => nextProductState('DRAFT', 'PUBLISH', 'GP_OWNER', bare)).toThrow(
      expect.objectContaining({
        code: 'productNeedsShareClass',
        details: expect.objectContaining({ lifecycle: 'product', state: 'DRAFT', event: 'PUBLISH' }),
      }),
    );
    const noContract = {
      checklist: checklist(
        { id: 'shareClasses', level: 'required', ok: true },
        { id: 'contract', level: 'required', ok: false },
      ),
      // Confirming does not lift a required check.
      acknowledged: ['contract'] as PublishCheckId[],
    };
    expect(codeOf(() => nextProductState('CLOSED', 'REOPEN', 'GP_OWNER', noContract))).toBe('productNeedsContract');
    expect(allowedProductEvents('DRAFT', 'GP_ADMIN', bare)).toEqual([]);
    expect(allowedProductEvents('DRAFT', 'GP_ADMIN', WITH_CLASS)).toEqual(['PUBLISH']);
    // Without the checklist (the list screen) the button stays, and the API answers the refusal.
    expect(allowedProductEvents('DRAFT', 'GP_ADMIN')).toEqual(['PUBLISH']);
    expect(productEventBlocker('PUBLISH', bare.checklist)).toBe('productNeedsShareClass');
  });

  it('goes live past a failing recommended check only when the GP confirmed that very check', () => {
    const warned = checklist(
      { id: 'shareClasses', level: 'required', ok: true },
      { id: 'documents', level: 'recommended', ok: false },
      { id: 'chineseText', level: 'recommended', ok: false },
    );
    expect(codeOf(() => nextProductState('DRAFT', 'PUBLISH', 'GP_ADMIN', { checklist: warned }))).toBe(
      'productChecklistUnconfirmed',
    );
    expect(
      codeOf(() =>
        nextProductState('DRAFT', 'PUBLISH', 'GP_ADMIN', { checklist: warned, acknowledged: ['documents'] }),
      ),
    ).toBe('productChecklistUnconfirmed');
    expect(
      nextProductState('DRAFT', 'PUBLISH', 'GP_ADMIN', {
        checklist: warned,
        acknowledged: ['chineseText', 'documents'],
      }),
    ).toBe('PUBLISHED');
    // The button is not disabled for warnings: the dialog asks for the confirmation instead.
    expect(productEventBlocker('PUBLISH', warned)).toBeUndefined();
  });

  it('names states and events in English and Chinese, in refusals too', () => {
    expect(PRODUCT_LIFECYCLE.stateLabel('PUBLISHED', 'zh-CN')).toBe('已发布');
    expect(PRODUCT_LIFECYCLE.eventLabel('UNPUBLISH', 'en')).toBe('Unpublish');
    let refusal: DomainError | undefined;
    try {
      nextProductState('PUBLISHED', 'PUBLISH', 'GP_ADMIN', WITH_CLASS);
    } catch (error) {
      refusal = error as DomainError;
    }
    expect(refusal?.details).toMatchObject({ state: 'PUBLISHED', event: 'PUBLISH' });
    expect(errorMessage('productStateInvalid', 'en', refusal?.details)).toBe(
      'This product cannot take the action Publish while it is Published.',
    );
    expect(errorMessage('productStateInvalid', 'zh-CN', refusal?.details)).toBe(
      '该产品处于 已发布 状态，无法执行 发布 操作。',
    );
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
  contexts: fc.record({
    checklist: fc.record({
      takesMoney: fc.boolean(),
      checks: fc.uniqueArray(
        fc.record({
          id: fc.constantFrom(...PUBLISH_CHECKS),
          level: fc.constantFrom(...PUBLISH_CHECK_LEVELS),
          ok: fc.boolean(),
        }),
        { selector: (c) => c.id },
      ),
    }),
    acknowledged: fc.subarray([...PUBLISH_CHECKS]),
  }),
});
