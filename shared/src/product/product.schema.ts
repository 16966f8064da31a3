import * as z from 'zod';
import { IdSchema, IsoDateSchema, LocalizedTextSchema, PageQuerySchema } from '../common.schema.js';
import {
  DEALING_FREQUENCIES,
  FEE_DISPLAY_TYPES,
  FEE_TYPES,
  FUND_TYPES,
  INVESTMENT_PERMISSIONS,
  INVESTOR_TYPES_FOR_SUBSCRIPTION,
  OBJECTIVES,
  PRODUCT_OPENNESS,
  REGIONS,
} from '../enums.js';
import { AmountSchema, CurrencySchema } from '../money.js';

export const FeeSchema = z.strictObject({
  type: z.enum(FEE_TYPES),
  display: z.enum(FEE_DISPLAY_TYPES),
  /** FIXED: an amount in the share class currency; PERCENTAGE: 0 to 100. */
  value: AmountSchema,
  upTo: AmountSchema.optional(),
});

export const ShareClassSchema = z.object({
  shareClassId: IdSchema,
  productId: IdSchema,
  name: LocalizedTextSchema,
  currency: CurrencySchema,
  minInvestment: AmountSchema,
  managementFee: FeeSchema,
  subscriptionFee: FeeSchema,
});
export type ShareClass = z.infer<typeof ShareClassSchema>;

export const ProductSummarySchema = z.object({
  productId: IdSchema,
  name: LocalizedTextSchema,
  summary: LocalizedTextSchema,
  fundType: z.enum(FUND_TYPES),
  openness: z.enum(PRODUCT_OPENNESS),
  investmentPermission: z.enum(INVESTMENT_PERMISSIONS),
  dealingFrequency: z.enum(DEALING_FREQUENCIES),
  objectives: z.array(z.enum(OBJECTIVES)),
  regions: z.array(z.enum(REGIONS)),
  investorTypes: z.array(z.enum(INVESTOR_TYPES_FOR_SUBSCRIPTION)),
  currency: CurrencySchema,
  minInvestment: AmountSchema,
  targetSize: AmountSchema,
  closingDate: IsoDateSchema.optional(),
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

export const ProductDetailSchema = ProductSummarySchema.extend({
  shareClasses: z.array(ShareClassSchema),
});

export const ProductListQuerySchema = PageQuerySchema;
export const ProductIdQuerySchema = z.strictObject({ productId: IdSchema });
export const ShareClassListSchema = z.object({ items: z.array(ShareClassSchema) });
