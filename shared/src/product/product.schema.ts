import {
  IdSchema,
  IsoDateSchema,
  IsoDateTimeSchema,
  LocalizedLineSchema,
  LocalizedTextSchema,
  PageQuerySchema,
  safeText,
} from '../common.schema.js';
import {
  ASSET_STRATEGIES,
  DEALING_FREQUENCIES,
  FEE_DISPLAY_TYPES,
  FEE_TYPES,
  FUND_TYPES,
  INVESTMENT_PERMISSIONS,
  INVESTOR_TYPES_FOR_SUBSCRIPTION,
  OBJECTIVES,
  PORTAL_COMPONENTS,
  PRODUCT_DOCUMENT_KINDS,
  PRODUCT_KINDS,
  PRODUCT_OPENNESS,
  PRODUCT_STATES,
  REGIONS,
  SUBSCRIPTION_TYPES,
  TARGET_RETURN_RANGES,
  TARGET_RETURNS,
  VISIBILITY_STATES,
} from '../enums.js';
import * as z from '../lazy-zod.js';
import { AmountSchema, CurrencySchema } from '../money.js';
import { checkProductRules, checkShareClassRules } from './product-rules.js';
import { PUBLISH_CHECKS } from './publish-checklist.js';

/**
 * A fee. FLAT shows one value, RANGE shows `value` to `upTo`, OTHER shows only the note (for
 * "negotiable", "see the offering memorandum"...). FIXED values are amounts in the product or share
 * class currency; PERCENTAGE values are 0 to 100. The rules live in `product-rules.ts`, so the
 * server and the web form give the same answer, naming the field at fault.
 */
export const FeeShape = z.strictObject({
  type: z.enum(FEE_TYPES),
  display: z.enum(FEE_DISPLAY_TYPES),
  value: AmountSchema.optional(),
  upTo: AmountSchema.optional(),
  note: LocalizedTextSchema.optional(),
});
export type Fee = z.infer<typeof FeeShape>;

/** A gate: more than 0 and at most 100 percent, at most 2 decimals ("25", "12.5"). */
export const GatePercentSchema = z
  .string()
  .regex(
    /^(100(\.0{1,2})?|[1-9]\d?(\.\d{1,2})?|0\.(0[1-9]|[1-9]\d?))$/,
    'Must be a percentage above 0 and at most 100, with at most 2 decimals, such as 25',
  );

// ---- Share classes

const shareClassFields = {
  name: LocalizedLineSchema,
  currency: CurrencySchema,
  minInvestment: AmountSchema,
  maxInvestment: AmountSchema.optional(),
  managementFee: FeeShape,
  subscriptionFee: FeeShape,
  performanceFee: FeeShape.optional(),
  redemptionFee: FeeShape.optional(),
};

export const ShareClassSchema = z.object({
  shareClassId: IdSchema,
  productId: IdSchema,
  ...shareClassFields,
  /** Optimistic concurrency: send it back on update. */
  version: z.number().int().min(1).optional(),
});
export type ShareClass = z.infer<typeof ShareClassSchema>;

export const ShareClassInputSchema = z
  .strictObject(shareClassFields)
  .superRefine((sc, ctx) => checkShareClassRules(sc, ctx));
export type ShareClassInput = z.infer<typeof ShareClassInputSchema>;
export const UpdateShareClassSchema = z
  .strictObject({ ...shareClassFields, version: z.number().int().min(1) })
  .superRefine((sc, ctx) => checkShareClassRules(sc, ctx));

// ---- Products

/** Every editable field of a product; what a GP sends on create and (with `version`) on update. */
const productFields = {
  kind: z.enum(PRODUCT_KINDS),
  name: LocalizedLineSchema,
  summary: LocalizedTextSchema,
  description: LocalizedTextSchema.optional(),
  fundType: z.enum(FUND_TYPES),
  dealingFrequency: z.enum(DEALING_FREQUENCIES),
  investmentPermission: z.enum(INVESTMENT_PERMISSIONS),
  openness: z.enum(PRODUCT_OPENNESS),
  objectives: z.array(z.enum(OBJECTIVES)).max(OBJECTIVES.length),
  strategies: z.array(z.enum(ASSET_STRATEGIES)).max(ASSET_STRATEGIES.length),
  targetReturn: z.enum(TARGET_RETURNS).optional(),
  targetReturnRange: z.enum(TARGET_RETURN_RANGES).optional(),
  regions: z.array(z.enum(REGIONS)).max(REGIONS.length),
  investorTypes: z.array(z.enum(INVESTOR_TYPES_FOR_SUBSCRIPTION)).min(1).max(INVESTOR_TYPES_FOR_SUBSCRIPTION.length),
  currency: CurrencySchema,
  minInvestment: AmountSchema,
  maxInvestment: AmountSchema.optional(),
  targetSize: AmountSchema,
  /** Dates in order: opening <= first close <= final close. */
  openingDate: IsoDateSchema.optional(),
  closingDate: IsoDateSchema.optional(),
  finalClosingDate: IsoDateSchema.optional(),
  managementFee: FeeShape.optional(),
  subscriptionFee: FeeShape.optional(),
  performanceFee: FeeShape.optional(),
  /**
   * Open-ended funds: the redemption gate, a percentage of the share class's NAV (= of its units
   * outstanding) that one dealing date may redeem; the rest of the requests is prorated and carried
   * to the next date (DOMAIN.md; docs/money.md "Dealing and distributions"). Absent: no gate.
   */
  redemptionGatePercent: GatePercentSchema.optional(),
};

export const ProductInputSchema = z.strictObject(productFields).superRefine((p, ctx) => checkProductRules(p, ctx));
export type ProductInput = z.infer<typeof ProductInputSchema>;
export const UpdateProductSchema = z
  .strictObject({ ...productFields, version: z.number().int().min(1) })
  .superRefine((p, ctx) => checkProductRules(p, ctx));

/** What an investor sees in the catalogue. */
export const ProductSummarySchema = z.object({
  productId: IdSchema,
  ...productFields,
  state: z.enum(PRODUCT_STATES).optional(),
  /** The subscription types an investor is offered now (permission, openness and state decide). */
  allowedSubscriptionTypes: z.array(z.enum(SUBSCRIPTION_TYPES)).optional(),
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

export const ProductDetailSchema = ProductSummarySchema.extend({
  shareClasses: z.array(ShareClassSchema),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/** The GP's view: any state, with its version and bookkeeping. */
export const GpProductSchema = ProductDetailSchema.extend({
  state: z.enum(PRODUCT_STATES),
  version: z.number().int().min(1),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  publishedAt: IsoDateTimeSchema.optional(),
  closedAt: IsoDateTimeSchema.optional(),
});
export type GpProduct = z.infer<typeof GpProductSchema>;

/** Search conditions of the investor catalogue (kept across visits in namespaced storage). */
export const ProductListQuerySchema = PageQuerySchema.extend({
  /** Words in the name or summary, any language; case- and accent-insensitive. */
  q: safeText({ min: 0, max: 100 }).optional(),
  strategy: z.enum(ASSET_STRATEGIES).optional(),
  region: z.enum(REGIONS).optional(),
  fundType: z.enum(FUND_TYPES).optional(),
  openness: z.enum(PRODUCT_OPENNESS).optional(),
  objective: z.enum(OBJECTIVES).optional(),
  targetReturn: z.enum(TARGET_RETURNS).optional(),
  targetReturnRange: z.enum(TARGET_RETURN_RANGES).optional(),
  currency: CurrencySchema.optional(),
  kind: z.enum(PRODUCT_KINDS).optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;
export const ProductListSchema = z.object({
  items: z.array(ProductSummarySchema),
  nextCursor: z.string().optional(),
  /** How many products match the conditions (all pages). */
  total: z.number().int().min(0),
});

export const GpProductListQuerySchema = PageQuerySchema.extend({
  state: z.enum(PRODUCT_STATES).optional(),
  q: safeText({ min: 0, max: 100 }).optional(),
});
export const GpProductListSchema = z.object({ items: z.array(GpProductSchema), nextCursor: z.string().optional() });

export const ProductIdQuerySchema = z.strictObject({ productId: IdSchema });
export const ProductIdParamsSchema = z.strictObject({ productId: IdSchema });
export const ShareClassParamsSchema = z.strictObject({ productId: IdSchema, shareClassId: IdSchema });
export const ShareClassListSchema = z.object({ items: z.array(ShareClassSchema) });

// ---- Lifecycle

export const PRODUCT_EVENTS = ['PUBLISH', 'UNPUBLISH', 'CLOSE', 'REOPEN'] as const;
export type ProductEvent = (typeof PRODUCT_EVENTS)[number];
export const ProductTransitionSchema = z.strictObject({
  event: z.enum(PRODUCT_EVENTS),
  version: z.number().int().min(1),
  /**
   * PUBLISH and REOPEN: the failing recommended checks of the publish checklist the GP confirmed
   * going live without (publish-checklist.ts); a failing one not named here answers
   * productChecklistUnconfirmed. Ignored by the other events.
   */
  acknowledgedWarnings: z.array(z.enum(PUBLISH_CHECKS)).max(PUBLISH_CHECKS.length).optional(),
});

export const AuditEventSchema = z.object({
  eventId: IdSchema,
  action: z.string(),
  actorId: z.string(),
  /** The actor's display name now, when the actor is a user of the tenant (read time: names change). */
  actorName: z.string().optional(),
  at: IsoDateTimeSchema,
  /** What changed: for updates, the changed fields with their values before and after. */
  data: z.record(z.string(), z.unknown()),
});
export const AuditListSchema = z.object({ items: z.array(AuditEventSchema), nextCursor: z.string().optional() });

// ---- Contract

/** The terms an investor accepts when subscribing, and the agreement document they sign. */
export const ProductContractInputSchema = z.strictObject({
  terms: LocalizedTextSchema,
  /** A LEGAL document of this product: the subscription agreement. */
  agreementDocumentId: IdSchema.optional(),
  requiresSignature: z.boolean(),
  version: z.number().int().min(0),
});
export const ProductContractSchema = z.object({
  productId: IdSchema,
  terms: LocalizedTextSchema,
  agreementDocumentId: IdSchema.optional(),
  requiresSignature: z.boolean(),
  version: z.number().int().min(1),
  updatedAt: IsoDateTimeSchema,
});

// ---- Documents

export const PRODUCT_DOCUMENT_STATES = ['UPLOADING', 'READY', 'REJECTED'] as const;
/** Types a product document may have; checked again by magic bytes after upload. */
export const PRODUCT_DOCUMENT_TYPES = ['application/pdf'] as const;
export const MAX_PRODUCT_DOCUMENT_BYTES = 50 * 1024 * 1024;

export const ProductDocumentSchema = z.object({
  documentId: IdSchema,
  productId: IdSchema,
  kind: z.enum(PRODUCT_DOCUMENT_KINDS),
  title: LocalizedLineSchema,
  folderId: IdSchema.optional(),
  fileName: z.string(),
  contentType: z.enum(PRODUCT_DOCUMENT_TYPES),
  size: z.number().int().min(1),
  state: z.enum(PRODUCT_DOCUMENT_STATES),
  version: z.number().int().min(1),
  uploadedAt: IsoDateTimeSchema,
});
export type ProductDocument = z.infer<typeof ProductDocumentSchema>;

/**
 * A file name as people write it: the text rule (no control or bidirectional override characters,
 * which could disguise `invoice\u202Efdp.exe` as `invoiceexe.pdf`), no path separators.
 */
const FileNameSchema = safeText({ max: 200 })
  .regex(/\.pdf$/i, 'Must be a file name ending in .pdf')
  .refine((name) => !/[/\\]/.test(name), 'Must not contain slashes');

export const CreateProductDocumentSchema = z.strictObject({
  kind: z.enum(PRODUCT_DOCUMENT_KINDS),
  title: LocalizedLineSchema,
  folderId: IdSchema.optional(),
  fileName: FileNameSchema,
  contentType: z.enum(PRODUCT_DOCUMENT_TYPES),
  size: z.number().int().min(1).max(MAX_PRODUCT_DOCUMENT_BYTES),
});
export const UpdateProductDocumentSchema = z.strictObject({
  kind: z.enum(PRODUCT_DOCUMENT_KINDS),
  title: LocalizedLineSchema,
  folderId: IdSchema.optional(),
  version: z.number().int().min(1),
});

/** A presigned upload: PUT the file's bytes to `url` with exactly these headers before `expiresAt`. */
export const UploadTicketSchema = z.object({
  method: z.literal('PUT'),
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  expiresAt: IsoDateTimeSchema,
});
export const CreatedProductDocumentSchema = z.object({
  document: ProductDocumentSchema,
  upload: UploadTicketSchema,
});

/** A short-lived signed download link. */
export const DownloadLinkSchema = z.object({ url: z.string(), expiresAt: IsoDateTimeSchema });
export const ProductDocumentWithLinkSchema = z.object({
  document: ProductDocumentSchema,
  download: DownloadLinkSchema,
});

export const ProductDocumentListQuerySchema = z.strictObject({
  kind: z.enum(PRODUCT_DOCUMENT_KINDS).optional(),
  folderId: IdSchema.optional(),
});
export const ProductDocumentListSchema = z.object({ items: z.array(ProductDocumentSchema) });
export const ProductDocumentParamsSchema = z.strictObject({ productId: IdSchema, documentId: IdSchema });

export const MarketingFolderSchema = z.object({
  folderId: IdSchema,
  productId: IdSchema,
  name: LocalizedLineSchema,
  version: z.number().int().min(1),
  documentCount: z.number().int().min(0),
});
export const MarketingFolderListSchema = z.object({ items: z.array(MarketingFolderSchema) });
export const MarketingFolderInputSchema = z.strictObject({ name: LocalizedLineSchema });
export const UpdateMarketingFolderSchema = z.strictObject({
  name: LocalizedLineSchema,
  version: z.number().int().min(1),
});
export const MarketingFolderParamsSchema = z.strictObject({ productId: IdSchema, folderId: IdSchema });

// ---- Portal components

export const PortalComponentSettingSchema = z.strictObject({
  component: z.enum(PORTAL_COMPONENTS),
  visibilityState: z.enum(VISIBILITY_STATES),
});
export const PortalComponentListSchema = z.object({
  items: z.array(PortalComponentSettingSchema),
  version: z.number().int().min(0),
});
export const UpdatePortalComponentsSchema = z.strictObject({
  items: z.array(PortalComponentSettingSchema).min(1).max(PORTAL_COMPONENTS.length),
  version: z.number().int().min(0),
});
export const ProductPortalComponentsQuerySchema = z.strictObject({
  visibilityState: z.enum(VISIBILITY_STATES).optional(),
});
