import { GP_ADMINS, type Role } from '../auth/roles.js';
import { PRODUCT_STATES, type ProductState } from '../enums.js';
import type { ErrorCode } from '../errors/catalogue.js';
import { DomainError } from '../errors/domain-error.js';
import { defineLifecycle } from '../lifecycle/lifecycle.js';
import { PRODUCT_EVENTS, type ProductEvent } from './product.schema.js';
import { checklistWarnings, goLiveRefusal, type PublishCheckId, type PublishChecklist } from './publish-checklist.js';

/**
 * What going live (PUBLISH, REOPEN) needs besides the state: the publish checklist of the product as
 * it is (publish-checklist.ts), and the recommended checks the GP confirmed publishing without.
 */
export interface ProductLifecycleContext {
  checklist: PublishChecklist;
  acknowledged?: readonly PublishCheckId[] | undefined;
}

const goLive = ({ checklist, acknowledged = [] }: ProductLifecycleContext) => goLiveRefusal(checklist, acknowledged);

/**
 * The publication lifecycle. Publishing and closing are decisions (GP admins and owners); members
 * prepare drafts. A product goes live (PUBLISH, REOPEN) only when its publish checklist has no
 * failing required check and the GP confirmed each failing recommended one. Closing keeps the
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
  guards: { PUBLISH: goLive, REOPEN: goLive },
  // The product routes' own 409, which clients already know; details name lifecycle, state and event.
  refusals: {
    PUBLISH: 'productStateInvalid',
    UNPUBLISH: 'productStateInvalid',
    CLOSE: 'productStateInvalid',
    REOPEN: 'productStateInvalid',
  },
  labels: {
    states: {
      DRAFT: { en: 'Draft', 'zh-CN': '草稿' },
      PUBLISHED: { en: 'Published', 'zh-CN': '已发布' },
      CLOSED: { en: 'Closed', 'zh-CN': '已关闭' },
    },
    events: {
      PUBLISH: { en: 'Publish', 'zh-CN': '发布' },
      UNPUBLISH: { en: 'Unpublish', 'zh-CN': '取消发布' },
      CLOSE: { en: 'Close', 'zh-CN': '关闭' },
      REOPEN: { en: 'Reopen', 'zh-CN': '重新开放' },
    },
  },
});

/**
 * The state after `event`: 403 FORBIDDEN (actor), 409 productStateInvalid (no such transition), then
 * for PUBLISH and REOPEN the checklist's 409 (productNeedsShareClass, productNeedsContract,
 * productChecklistUnconfirmed).
 */
export const nextProductState = (
  from: ProductState,
  event: ProductEvent,
  actor: Role,
  ctx: ProductLifecycleContext,
): ProductState => PRODUCT_LIFECYCLE.next(from, event, actor, ctx);

/**
 * Why `event` cannot be fired on this product however the GP confirms (a failing required check's
 * code, e.g. productNeedsContract), or undefined: the UI shows the button disabled with this reason.
 * Recommended checks do not block: the dialog lists them and asks for confirmation.
 */
export const productEventBlocker = (event: ProductEvent, checklist: PublishChecklist): ErrorCode | undefined =>
  PRODUCT_LIFECYCLE.spec.guards?.[event]?.({ checklist, acknowledged: checklistWarnings(checklist) });

/** The lifecycle buttons to offer; with `ctx`, going live is offered only when the checklist allows it. */
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
