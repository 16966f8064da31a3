import type { Role } from '@tranche/shared/auth/roles';
import { PORTAL_COMPONENTS, type ProductState, type VisibilityState } from '@tranche/shared/enums';
import type { EventName } from '@tranche/shared/events/catalogue';
import type {
  GpProduct,
  ProductEvent,
  ProductInput,
  ProductListQuery,
  ShareClass,
  ShareClassInput,
} from '@tranche/shared/product/product.schema';
import { assertProductEditable, isCatalogueState, nextProductState } from '@tranche/shared/product/product-state';
import {
  checklistBlockers,
  checklistWarnings,
  type PublishCheckId,
  takesMoneyWhenLive,
} from '@tranche/shared/product/publish-checklist';
import type { Actor } from '#lib/audit';
import { type Change, commit, type EventDraft, event, type TransactItem } from '#lib/db/commit';
import { invalidCursor, openCursor, sealCursor } from '#lib/db/cursor';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { displayNamesOf } from '../user/user.repo.js';
import { decodeCatalogueCursor, searchCatalogue } from './catalogue.js';
import {
  catalogueEntryOf,
  changesOf,
  type ProductRecord,
  productFields,
  type ShareClassRecord,
  shareClassFields,
  toGpProduct,
  toShareClass,
  toSummary,
  type VisibilityMap,
  withContent,
} from './product.items.js';
import {
  bumpProductRev,
  catalogueWrite,
  deleteShareClass as deleteShareClassItem,
  getCatalogueProducts,
  getProductPortalComponents,
  getTenantPortalComponents,
  listGpProductRecords,
  listProductAuditEvents,
  loadCatalogueProduct,
  loadProduct,
  productOr404,
  productUnchanged,
  putPortalComponents,
  putProduct,
  putShareClass,
  readCatalogue,
} from './product.repo.js';
import { checklistOf } from './publish-checklist.js';

/**
 * The product use cases. Each write reads what it needs (strongly), applies the rules of
 * product-state.ts and product-rules.ts, and commits one transaction conditional on what it read,
 * with its audit event and the catalogue shard. A lost race (someone changed the product, its share
 * classes or the shard in between) runs the use case again from the reads, so the rules are
 * re-checked against the new state: a stale `version` then answers VERSION_CONFLICT, a product
 * that left its editable state productNotEditable.
 */

/** A decision to write nothing: the request changes nothing, and answers what is. */
const unchanged = <T>(result: T): Change<T> => ({ steps: [], events: [], result });

const checkVersion = (seen: number, sent: number) => {
  if (seen !== sent) throw new DomainError('VERSION_CONFLICT');
};

/**
 * A change of a product or its share classes (`writes`, conditional on what was read) with the
 * product's catalogue entry as it is `after` the change, and the event it causes.
 */
const productChange = async <T>(
  tenantId: string,
  writes: TransactItem[],
  after: { product: ProductRecord; classes: readonly ShareClassRecord[] },
  announced: EventDraft,
  result: T,
): Promise<Change<T>> => ({
  steps: [
    ...writes,
    ...(await catalogueWrite(tenantId, after.product.productId, catalogueEntryOf(after.product, after.classes))),
  ].map((item) => ({ item })),
  events: [announced],
  result,
});

const touched = (product: ProductRecord, actor: Actor) => ({
  ...product,
  version: product.version + 1,
  rev: product.rev + 1,
  updatedAt: actor.at,
  updatedBy: actor.userId,
});

// ---- Products (GP)

export const createProduct = (tenantId: string, actor: Actor, input: ProductInput): Promise<GpProduct> =>
  commit(actor, async () => {
    const product: ProductRecord = {
      ...input,
      productId: newId(),
      state: 'DRAFT',
      version: 1,
      rev: 1,
      createdAt: actor.at,
      createdBy: actor.userId,
      updatedAt: actor.at,
      updatedBy: actor.userId,
    };
    return {
      steps: [{ item: putProduct(tenantId, product, undefined) }],
      events: [event('PRODUCT_CREATED', product.productId, { version: 1, product: input })],
      result: toGpProduct(product, []),
    };
  });

export const getGpProduct = async (tenantId: string, productId: string): Promise<GpProduct> => {
  const { product, classes } = await loadProduct(tenantId, productId, true);
  return toGpProduct(product, classes);
};

export const listGpProducts = async (
  tenantId: string,
  query: { state?: ProductState | undefined; q?: string | undefined; limit?: number | undefined; cursor?: string },
) => {
  const page = await listGpProductRecords(tenantId, { ...query, limit: query.limit ?? 50 });
  return {
    items: page.items.map(({ product, classes }) => toGpProduct(product, classes)),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
};

export const updateProduct = (
  tenantId: string,
  actor: Actor,
  role: Role,
  productId: string,
  body: ProductInput & { version: number },
): Promise<GpProduct> =>
  commit(actor, async () => {
    const { product, classes } = await loadProduct(tenantId, productId, true);
    assertProductEditable(product.state, role);
    checkVersion(product.version, body.version);
    const { version: _sent, ...fields } = body;
    const changes = changesOf<ProductInput>(product, fields, productFields());
    if (Object.keys(changes).length === 0) return unchanged(toGpProduct(product, classes));
    const next = touched(withContent(product, fields), actor);
    await refuseOpeningUnready(tenantId, product, next, classes);
    return productChange(
      tenantId,
      [putProduct(tenantId, next, product.rev)],
      { product: next, classes },
      event('PRODUCT_UPDATED', productId, { version: next.version, changes }),
      toGpProduct(next, classes),
    );
  });

const TRANSITION_ACTIONS: Record<ProductEvent, EventName> = {
  PUBLISH: 'PRODUCT_PUBLISHED',
  UNPUBLISH: 'PRODUCT_UNPUBLISHED',
  CLOSE: 'PRODUCT_CLOSED',
  REOPEN: 'PRODUCT_REOPENED',
};

/** What an event changes besides the state: CLOSE shuts the product to new money, REOPEN restores it. */
const transitioned = (product: ProductRecord, event: ProductEvent, to: ProductState, actor: Actor): ProductRecord => {
  const next: ProductRecord = { ...touched(product, actor), state: to };
  if (event === 'PUBLISH') next.publishedAt = actor.at;
  if (event === 'CLOSE') {
    next.opennessBeforeClose = product.openness;
    next.openness = 'CLOSED';
    next.closedAt = actor.at;
  }
  if (event === 'REOPEN') {
    next.openness = product.opennessBeforeClose ?? 'OPEN';
    delete next.opennessBeforeClose;
    delete next.closedAt;
  }
  return next;
};

/**
 * A live product whose edit opens it to money (openness or permission: from "interest only" to
 * reservations or subscriptions) meets the checklist's required checks first, as publishing would:
 * "Open for investment" is going live for money. Recommended checks are not asked again here: the
 * console shows them on the product page.
 */
const refuseOpeningUnready = async (
  tenantId: string,
  before: ProductRecord,
  after: ProductRecord,
  classes: readonly ShareClassRecord[],
) => {
  if (before.state !== 'PUBLISHED' || takesMoneyWhenLive(before) || !takesMoneyWhenLive(after)) return;
  const blocker = checklistBlockers(await checklistOf(tenantId, after, classes))[0];
  if (blocker) throw new DomainError(blocker.code, { check: blocker.id });
};

export const transitionProduct = (
  tenantId: string,
  actor: Actor,
  role: Role,
  productId: string,
  body: { event: ProductEvent; version: number; acknowledgedWarnings?: PublishCheckId[] | undefined },
): Promise<GpProduct> =>
  commit(actor, async () => {
    const { product, classes } = await loadProduct(tenantId, productId, true);
    checkVersion(product.version, body.version);
    // Documents and the contract are not under the product's rev: a document deleted while this
    // commits can leave a recommended check stale (docs/decisions.md); share classes are under it.
    const checklist = await checklistOf(tenantId, product, classes);
    const acknowledged = body.acknowledgedWarnings ?? [];
    let to: ProductState;
    try {
      to = nextProductState(product.state, body.event, role, { checklist, acknowledged });
    } catch (error) {
      // Name the checks still to confirm, so a client that raced a new warning can show which.
      if (error instanceof DomainError && error.code === 'productChecklistUnconfirmed') {
        const unconfirmed = checklistWarnings(checklist).filter((id) => !acknowledged.includes(id));
        throw new DomainError('productChecklistUnconfirmed', { ...error.details, unconfirmed });
      }
      throw error;
    }
    const next = transitioned(product, body.event, to, actor);
    const goesLive = body.event === 'PUBLISH' || body.event === 'REOPEN';
    const confirmed = goesLive ? checklistWarnings(checklist) : [];
    return productChange(
      tenantId,
      [putProduct(tenantId, next, product.rev)],
      { product: next, classes },
      event(TRANSITION_ACTIONS[body.event], productId, {
        event: body.event,
        version: next.version,
        changes: changesOf(product, next, ['state', 'openness']),
        ...(confirmed.length > 0 ? { acknowledgedWarnings: confirmed } : {}),
      }),
      toGpProduct(next, classes),
    );
  });

export const listProductAudit = async (
  tenantId: string,
  productId: string,
  query: { limit?: number | undefined; cursor?: string | undefined },
) => {
  await productOr404(tenantId, productId, false);
  const page = await listProductAuditEvents(tenantId, productId, query.limit ?? 50, query.cursor);
  // Actors are named at read time (a renamed member shows the name they have now); record names
  // (documents, share classes, folders) travel in the payloads from write time.
  const names = await displayNamesOf(
    tenantId,
    page.items.map((e) => e.actorId),
  );
  const items = page.items.map((e) => {
    const actorName = names.get(e.actorId);
    return actorName ? { ...e, actorName } : e;
  });
  return { items, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
};

// ---- Share classes (GP)

const shareClassOf = (classes: ShareClassRecord[], shareClassId: string): ShareClassRecord => {
  const sc = classes.find((c) => c.shareClassId === shareClassId);
  if (!sc) throw new DomainError('shareClassIsNotExist');
  return sc;
};

export const createShareClass = (
  tenantId: string,
  actor: Actor,
  role: Role,
  productId: string,
  input: ShareClassInput,
): Promise<ShareClass> =>
  commit(actor, async () => {
    const { product, classes } = await loadProduct(tenantId, productId, true);
    assertProductEditable(product.state, role);
    const sc: ShareClassRecord = {
      ...input,
      shareClassId: newId(),
      productId,
      version: 1,
      createdAt: actor.at,
      updatedAt: actor.at,
    };
    return productChange(
      tenantId,
      [bumpProductRev(tenantId, product), putShareClass(tenantId, product, sc, undefined)],
      { product, classes: [...classes, sc] },
      event('SHARE_CLASS_CREATED', productId, { shareClassId: sc.shareClassId, shareClass: input }),
      toShareClass(sc, true),
    );
  });

export const updateShareClass = (
  tenantId: string,
  actor: Actor,
  role: Role,
  productId: string,
  shareClassId: string,
  body: ShareClassInput & { version: number },
): Promise<ShareClass> =>
  commit(actor, async () => {
    const { product, classes } = await loadProduct(tenantId, productId, true);
    const sc = shareClassOf(classes, shareClassId);
    assertProductEditable(product.state, role);
    checkVersion(sc.version, body.version);
    const { version: _sent, ...fields } = body;
    const changes = changesOf<ShareClassInput>(sc, fields, shareClassFields());
    if (Object.keys(changes).length === 0) return unchanged(toShareClass(sc, true));
    const next: ShareClassRecord = {
      shareClassId,
      productId,
      createdAt: sc.createdAt,
      ...(sc.subscriptionCount !== undefined ? { subscriptionCount: sc.subscriptionCount } : {}),
      ...fields,
      version: sc.version + 1,
      updatedAt: actor.at,
    };
    return productChange(
      tenantId,
      [bumpProductRev(tenantId, product), putShareClass(tenantId, product, next, sc.version)],
      { product, classes: classes.map((c) => (c.shareClassId === shareClassId ? next : c)) },
      event('SHARE_CLASS_UPDATED', productId, { shareClassId, name: next.name, version: next.version, changes }),
      toShareClass(next, true),
    );
  });

/**
 * Removes a share class of a draft. Live products keep theirs (investors may hold them: unpublish
 * first), and a class that subscriptions reference is never removed.
 */
export const deleteShareClass = (
  tenantId: string,
  actor: Actor,
  role: Role,
  productId: string,
  shareClassId: string,
): Promise<{ ok: true }> =>
  commit(actor, async () => {
    const { product, classes } = await loadProduct(tenantId, productId, true);
    const sc = shareClassOf(classes, shareClassId);
    assertProductEditable(product.state, role);
    if (product.state !== 'DRAFT') throw new DomainError('productNotEditable', { state: product.state });
    if ((sc.subscriptionCount ?? 0) > 0) throw new DomainError('shareClassInUse');
    return {
      steps: [{ item: bumpProductRev(tenantId, product) }, { item: deleteShareClassItem(tenantId, sc) }],
      events: [
        event('SHARE_CLASS_DELETED', productId, {
          shareClassId,
          shareClass: Object.fromEntries(shareClassFields().flatMap((f) => (sc[f] === undefined ? [] : [[f, sc[f]]]))),
        }),
      ],
      result: { ok: true as const },
    };
  });

// ---- The investor catalogue

export const searchProducts = async (tenantId: string, query: ProductListQuery) => {
  const { limit, cursor, ...conditions } = query;
  const scope = keys.cataloguePk(tenantId);
  // The catalogue's position is sealed like every page cursor (cursor.ts): opaque to the client.
  const opened = cursor === undefined ? undefined : await openCursor(cursor);
  if (opened !== undefined && typeof opened !== 'string') throw invalidCursor();
  const after = decodeCatalogueCursor(scope, opened);
  const result = searchCatalogue(await readCatalogue(tenantId), conditions, { scope, limit: limit ?? 50, after });
  const products = await getCatalogueProducts(tenantId, result.productIds);
  return {
    items: products.map(toSummary),
    total: result.total,
    ...(result.nextCursor ? { nextCursor: await sealCursor(result.nextCursor) } : {}),
  };
};

export const getCatalogueProduct = async (tenantId: string, productId: string) => {
  const { product, classes } = await loadCatalogueProduct(tenantId, productId);
  return { ...toSummary(product), shareClasses: classes.map((c) => toShareClass(c, false)) };
};

// ---- Section visibility of product pages

const visibilityList = (settings: VisibilityMap, only?: VisibilityState) =>
  PORTAL_COMPONENTS.map((component) => ({ component, visibilityState: settings[component] ?? 'SHOW' })).filter(
    (c) => !only || c.visibilityState === only,
  );

const applied = (
  settings: VisibilityMap,
  items: { component: keyof VisibilityMap; visibilityState: VisibilityState }[],
) => {
  const next: VisibilityMap = { ...settings };
  for (const item of items) next[item.component] = item.visibilityState;
  return next;
};

type VisibilityUpdate = {
  items: { component: keyof VisibilityMap; visibilityState: VisibilityState }[];
  version: number;
};

const visibilityMap = (settings: VisibilityMap): Record<string, VisibilityState> =>
  Object.fromEntries(PORTAL_COMPONENTS.map((c) => [c, settings[c] ?? 'SHOW']));

/** The tenant's defaults: every section shown until the tenant says otherwise (version 0: never set). */
export const getTenantComponents = async (tenantId: string) => {
  const doc = await getTenantPortalComponents(tenantId);
  return { items: visibilityList(doc?.settings ?? {}), version: doc?.version ?? 0 };
};

/** Sets the listed sections' default visibility; the others keep theirs. */
export const updateTenantComponents = (tenantId: string, actor: Actor, body: VisibilityUpdate) =>
  commit(actor, async () => {
    const doc = (await getTenantPortalComponents(tenantId, true)) ?? { settings: {}, version: 0 };
    checkVersion(doc.version, body.version);
    const settings = applied(doc.settings, body.items);
    const changes = changesOf(visibilityMap(doc.settings), visibilityMap(settings), PORTAL_COMPONENTS);
    if (Object.keys(changes).length === 0) return unchanged({ items: visibilityList(settings), version: doc.version });
    return {
      steps: [{ item: putPortalComponents(keys.tenantPortalComponents(tenantId), settings, doc.version, actor) }],
      events: [event('TENANT_PORTAL_COMPONENTS_UPDATED', tenantId, { version: doc.version + 1, changes })],
      result: { items: visibilityList(settings), version: doc.version + 1 },
    };
  });

/** A product page's sections: the product's own choice where it made one, else the tenant's default. */
const effective = (tenant: VisibilityMap, product: VisibilityMap): VisibilityMap => ({ ...tenant, ...product });

/**
 * The sections of a product's page. The public read serves catalogue products only; the GP
 * console (`anyState`) also reads drafts, so a draft's own choices can be seen and edited.
 */
export const getProductComponents = async (
  tenantId: string,
  productId: string,
  visibilityState: VisibilityState | undefined,
  anyState = false,
) => {
  const [product, tenantDoc, productDoc] = await Promise.all([
    productOr404(tenantId, productId, false),
    getTenantPortalComponents(tenantId),
    getProductPortalComponents(tenantId, productId),
  ]);
  if (!anyState && !isCatalogueState(product.state)) throw new DomainError('productIsNotExist');
  return {
    items: visibilityList(effective(tenantDoc?.settings ?? {}, productDoc?.settings ?? {}), visibilityState),
    version: productDoc?.version ?? 0,
  };
};

/** Sets the product's own visibility of the listed sections (same edit rule as the product itself). */
export const updateProductComponents = (
  tenantId: string,
  actor: Actor,
  role: Role,
  productId: string,
  body: VisibilityUpdate,
) =>
  commit(actor, async () => {
    const [product, tenantDoc, productDoc] = await Promise.all([
      productOr404(tenantId, productId, true),
      getTenantPortalComponents(tenantId),
      getProductPortalComponents(tenantId, productId, true),
    ]);
    assertProductEditable(product.state, role);
    const doc = productDoc ?? { settings: {}, version: 0 };
    checkVersion(doc.version, body.version);
    const settings = applied(doc.settings, body.items);
    const changes = changesOf<VisibilityMap>(doc.settings, settings, PORTAL_COMPONENTS);
    const answer = (version: number) => ({
      items: visibilityList(effective(tenantDoc?.settings ?? {}, settings)),
      version,
    });
    if (Object.keys(changes).length === 0) return unchanged(answer(doc.version));
    return {
      steps: [
        { item: productUnchanged(tenantId, product) },
        { item: putPortalComponents(keys.productPortalComponents(tenantId, productId), settings, doc.version, actor) },
      ],
      events: [event('PORTAL_COMPONENTS_UPDATED', productId, { version: doc.version + 1, changes })],
      result: answer(doc.version + 1),
    };
  });
