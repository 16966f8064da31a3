import * as z from 'zod';
import {
  ProductDetailSchema,
  ProductIdQuerySchema,
  ProductListQuerySchema,
  ProductSummarySchema,
  ShareClassListSchema,
} from '../../product/product.schema.js';
import type { RouteDef } from '../route-def.js';

/** Fund catalogue routes: products, share classes, documents. */
export const PRODUCT_ROUTES = {
  listProducts: {
    operationId: 'listProducts',
    method: 'GET',
    path: '/product/v2.0/assets',
    handler: 'product/list-products',
    summary: "The tenant's published products",
    tags: ['product'],
    auth: 'public',
    roles: [],
    query: ProductListQuerySchema,
    response: z.object({ items: z.array(ProductSummarySchema), nextCursor: z.string().optional() }),
  },
  getProduct: {
    operationId: 'getProduct',
    method: 'GET',
    path: '/product/get',
    handler: 'product/get-product',
    summary: 'One published product with its share classes',
    tags: ['product'],
    auth: 'public',
    roles: [],
    query: ProductIdQuerySchema,
    response: ProductDetailSchema,
    errors: ['productIsNotExist'],
    ownedIds: ['productId'],
  },
  listShareClasses: {
    operationId: 'listShareClasses',
    method: 'GET',
    path: '/share-class/get',
    handler: 'product/list-share-classes',
    summary: "A published product's share classes",
    tags: ['product'],
    auth: 'public',
    roles: [],
    query: ProductIdQuerySchema,
    response: ShareClassListSchema,
    errors: ['productIsNotExist'],
    ownedIds: ['productId'],
  },
} as const satisfies Record<string, RouteDef>;
