import { GP_ADMINS, type Role } from '../auth/roles.js';
import { PRODUCT_STATES, type ProductState } from '../enums.js';
import type { ErrorCode } from '../errors/catalogue.js';
import { DomainError } from '../errors/domain-error.js';
import { defineLifecycle } from '../lifecycle/lifecycle.js';
import { PRODUCT_EVENTS, type ProductEvent } from './product.schema.js';

/** What the publication guard needs besides the state: the service counts the product's share classes. */
export interface ProductLifecycleContext {
  shareClasses: number;
}

/**
 * The publication lifecycle. Publishing and closing are decisions (GP admins and owners); members
 * prepare drafts. A product leaves DRAFT only with at least one share class. Closing keeps the
 * product visible to investors, closed to new money. No state is terminal: a closed product reopens.
 *
 *   DRAFT --PUBLISH--> PUBLISHED --CLOSE--> CLOSED
 *   DRAFT <-UNPUBLISH- PUBLISHED <-REOPEN-- CLOSED
 */
export const PRODUCT_LIFECYCLE = defineLifecycle<ProductState, ProductEvent, Role, ProductLifecycleContext>({
  name: 'product',
  states: PRODUCT_STATES,
  events: PRODUCT_EVENTS,
  initial: ['DRAFT'],
  transitions: {
    DRAFT: { PUBLISH: 'PUBLISHED' },
    PUBLISHED: { UNPUBLISH: 'DRAFT', CLOSE: 'CLOSED' },
    CLOSED: { REOPEN: 'PUBLISHED' },
  },
  actors: { PUBLISH: GP_ADMINS, UNPUBLISH: GP_ADMINS, CLOSE: GP_ADMINS, REOPEN: GP_ADMINS },
  guards: { PUBLISH: ({ shareClasses }) => (shareClasses > 0 ? undefined : 'productNeedsShareClass') },
  // The product routes' own 409, which clients already know; details name lifecycle, state and event.
  refusals: {
    PUBLISH: 'productStateInvalid',
    UNPUBLISH: 'productStateInvalid',
    CLOSE: 'productStateInvalid',
    REOPEN: 'productStateInvalid',
  },
});

/**
 * The state after `event`: 403 FORBIDDEN (actor), 409 productStateInvalid (no such transition), 422
 * productNeedsShareClass (publishing without a share class).
 */
export const nextProductState = (
  from: ProductState,
  event: ProductEvent,
  actor: Role,
  ctx: ProductLifecycleContext,
): ProductState => PRODUCT_LIFECYCLE.next(from, event, actor, ctx);

/** The lifecycle buttons to offer; with `ctx`, publishing is offered only to a product with a share class. */
/**
 * Why `event` cannot be fired on this product yet although the role may fire it (a guard's code, e.g.
 * productNeedsShareClass), or undefined: the UI shows the button disabled with this reason.
 */
export const productEventBlocker = (event: ProductEvent, ctx: ProductLifecycleContext): ErrorCode | undefined =>
  PRODUCT_LIFECYCLE.spec.guards?.[event]?.(ctx);

export const allowedProductEvents = (from: ProductState, actor: Role, ctx?: ProductLifecycleContext): ProductEvent[] =>
  PRODUCT_LIFECYCLE.allowedEvents(from, actor, ctx);

/** Who may edit a product's content in a state: members edit drafts, admins also live products. */
export const canEditProduct = (state: ProductState, actor: Role): boolean =>
  state === 'DRAFT' ? actor !== 'LP' : state === 'PUBLISHED' && (GP_ADMINS as readonly Role[]).includes(actor);

/** canEditProduct, or productNotEditable naming the state (the API's answer to a refused edit). */
export const assertProductEditable = (state: ProductState, actor: Role): void => {
  if (!canEditProduct(state, actor)) throw new DomainError('productNotEditable', { state });
};

/** The states investors see in the catalogue: a draft does not exist for them. */
export const isCatalogueState = (state: ProductState): boolean => state === 'PUBLISHED' || state === 'CLOSED';
