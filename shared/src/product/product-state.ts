import { GP_ADMINS, type Role } from '../auth/roles.js';
import type { ProductState } from '../enums.js';
import { DomainError } from '../errors/domain-error.js';
import type { ProductEvent } from './product.schema.js';

/**
 * The publication lifecycle as a table. Publishing and closing are decisions (GP admins and owners);
 * members prepare drafts. A product leaves DRAFT only with at least one share class (checked by the
 * service, which knows them). Closing keeps the product visible to investors, closed to new money.
 *
 *   DRAFT --PUBLISH--> PUBLISHED --CLOSE--> CLOSED
 *   DRAFT <-UNPUBLISH- PUBLISHED <-REOPEN-- CLOSED
 */
const TRANSITIONS: Record<ProductState, Partial<Record<ProductEvent, ProductState>>> = {
  DRAFT: { PUBLISH: 'PUBLISHED' },
  PUBLISHED: { UNPUBLISH: 'DRAFT', CLOSE: 'CLOSED' },
  CLOSED: { REOPEN: 'PUBLISHED' },
};

const ACTORS: Record<ProductEvent, readonly Role[]> = {
  PUBLISH: GP_ADMINS,
  UNPUBLISH: GP_ADMINS,
  CLOSE: GP_ADMINS,
  REOPEN: GP_ADMINS,
};

/** The state after `event`, or a 403 (actor) / 409 productStateInvalid (no such transition). */
export const nextProductState = (from: ProductState, event: ProductEvent, actor: Role): ProductState => {
  if (!ACTORS[event].includes(actor)) throw new DomainError('FORBIDDEN');
  const to = TRANSITIONS[from][event];
  if (!to) throw new DomainError('productStateInvalid', { from, event });
  return to;
};

export const allowedProductEvents = (from: ProductState, actor: Role): ProductEvent[] =>
  (Object.keys(TRANSITIONS[from]) as ProductEvent[]).filter((e) => ACTORS[e].includes(actor));

/** Who may edit a product's content in a state: members edit drafts, admins also live products. */
export const canEditProduct = (state: ProductState, actor: Role): boolean =>
  state === 'DRAFT' ? actor !== 'LP' : state === 'PUBLISHED' && (GP_ADMINS as readonly Role[]).includes(actor);

/** canEditProduct, or productNotEditable naming the state (the API's answer to a refused edit). */
export const assertProductEditable = (state: ProductState, actor: Role): void => {
  if (!canEditProduct(state, actor)) throw new DomainError('productNotEditable', { state });
};

/** The states investors see in the catalogue: a draft does not exist for them. */
export const isCatalogueState = (state: ProductState): boolean => state === 'PUBLISHED' || state === 'CLOSED';
