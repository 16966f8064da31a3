import type { ProductState } from '@tranche/shared/enums';
import type { EventName } from '@tranche/shared/events/catalogue';
import type { Fee, ProductInput, ShareClassInput } from '@tranche/shared/product/product.schema';
import { isCatalogueState } from '@tranche/shared/product/product-state';
import { keys } from '../functions/src/_lib/db/keys.js';
import { newId } from '../functions/src/_lib/ids.js';
import { buildShards } from '../functions/src/product/catalogue.js';
import {
  catalogueEntryOf,
  type ProductRecord,
  productItem,
  type ShareClassRecord,
  shardItem,
  shareClassItem,
} from '../functions/src/product/product.items.js';

/**
 * The product part of the local seed: the demo funds of each demo tenant, and builders of the
 * items of a product (with its share classes, audit trail and catalogue shards) that the seed, the
 * integration tests and the bench share. Items are built with the API's own item functions, so a
 * seeded product is stored exactly as one created through the API.
 */

export interface DemoFund extends ProductInput {
  /** PUBLISHED unless said otherwise; drafts show in the GP console only. */
  state?: Extract<ProductState, 'PUBLISHED' | 'DRAFT'>;
  createdAt?: string;
  publishedAt?: string;
  classes: ShareClassInput[];
}

const pct = (value: string): Fee => ({ type: 'PERCENTAGE', display: 'FLAT', value });
const pctRange = (value: string, upTo: string): Fee => ({ type: 'PERCENTAGE', display: 'RANGE', value, upTo });
const note = (en: string, zh: string): Fee => ({ type: 'PERCENTAGE', display: 'OTHER', note: { en, 'zh-CN': zh } });

export const DEMO_FUNDS: Record<'alpine' | 'beacon', DemoFund[]> = {
  alpine: [
    {
      kind: 'FUND',
      name: { en: 'Alpine Growth Fund I', 'zh-CN': '阿尔卑斯成长基金一期' },
      summary: {
        en: 'Growth equity in European software and healthcare companies.',
        'zh-CN': '投资欧洲软件与医疗企业的成长期股权。',
      },
      description: {
        en: 'A ten-year closed-ended fund taking minority and control positions of EUR 20-80 million in profitable, founder-led software and healthcare businesses across Western Europe. The team has invested together since 2012.',
        'zh-CN':
          '十年期封闭式基金，在西欧盈利的创始人主导型软件与医疗企业中进行2000万至8000万欧元的少数股权及控股投资。投资团队自2012年起共同投资。',
      },
      fundType: 'CLOSE_ENDED',
      dealingFrequency: 'YEARS_5_PLUS',
      investmentPermission: 'ALLOW_INVESTMENT',
      openness: 'OPEN',
      objectives: ['CAPITAL_GROWTH'],
      strategies: ['GROWTH_EQUITY', 'PRIVATE_EQUITY', 'HEALTHCARE'],
      targetReturn: 'EQ20',
      targetReturnRange: 'R15_20',
      regions: ['EUROPE'],
      investorTypes: ['INDIVIDUAL', 'ENTITY', 'JOINT'],
      currency: 'USD',
      minInvestment: '250000.00',
      maxInvestment: '25000000.00',
      targetSize: '300000000.00',
      openingDate: '2026-02-01',
      closingDate: '2026-12-31',
      finalClosingDate: '2027-06-30',
      managementFee: pct('2'),
      subscriptionFee: pctRange('0', '1'),
      performanceFee: pct('20'),
      createdAt: '2026-01-12T09:30:00.000Z',
      publishedAt: '2026-02-01T08:00:00.000Z',
      classes: [
        {
          name: { en: 'Class A', 'zh-CN': 'A类' },
          currency: 'USD',
          minInvestment: '250000.00',
          maxInvestment: '4999999.99',
          managementFee: pct('2'),
          subscriptionFee: pctRange('0', '1'),
          performanceFee: pct('20'),
        },
        {
          name: { en: 'Class I (institutional)', 'zh-CN': 'I类（机构）' },
          currency: 'USD',
          minInvestment: '5000000.00',
          managementFee: pct('1.5'),
          subscriptionFee: note('Waived for institutional investors', '机构投资者免收'),
          performanceFee: pct('15'),
        },
      ],
    },
    {
      kind: 'FUND',
      name: { en: 'Alpine Income Fund', 'zh-CN': '阿尔卑斯收益基金' },
      summary: {
        en: 'Senior secured loans paying a quarterly distribution.',
        'zh-CN': '优先级担保贷款，按季度派息。',
      },
      description: {
        en: 'An evergreen fund lending senior secured, floating-rate loans to mid-market companies in the United States and Europe. Monthly dealing with a 30-day notice period for redemptions.',
        'zh-CN': '常青基金，向美国及欧洲中型企业发放优先级担保浮动利率贷款。每月开放申购，赎回需提前30天通知。',
      },
      fundType: 'OPEN_ENDED',
      dealingFrequency: 'MONTHLY',
      investmentPermission: 'ALLOW_INVESTMENT',
      openness: 'OPEN',
      objectives: ['INCOME'],
      strategies: ['PRIVATE_CREDIT', 'DIRECT_LENDING'],
      targetReturn: 'EQ8',
      targetReturnRange: 'R5_10',
      regions: ['USA', 'EUROPE'],
      investorTypes: ['ANY'],
      currency: 'USD',
      minInvestment: '100000.00',
      targetSize: '500000000.00',
      openingDate: '2025-09-01',
      managementFee: pct('1'),
      subscriptionFee: pctRange('0', '2'),
      createdAt: '2025-08-04T14:00:00.000Z',
      publishedAt: '2025-09-01T08:00:00.000Z',
      classes: [
        {
          name: { en: 'USD Class', 'zh-CN': '美元类' },
          currency: 'USD',
          minInvestment: '100000.00',
          managementFee: pct('1'),
          subscriptionFee: pctRange('0', '2'),
          redemptionFee: pct('2'),
        },
        {
          name: { en: 'EUR Hedged Class', 'zh-CN': '欧元对冲类' },
          currency: 'EUR',
          minInvestment: '100000.00',
          managementFee: pct('1.1'),
          subscriptionFee: pctRange('0', '2'),
          redemptionFee: pct('2'),
        },
      ],
    },
    {
      kind: 'FUND',
      name: { en: 'Alpine Venture Fund II', 'zh-CN': '阿尔卑斯创投基金二期' },
      summary: { en: 'Seed and Series A rounds in climate technology.', 'zh-CN': '投资气候科技领域的种子轮和A轮。' },
      fundType: 'CLOSE_ENDED',
      dealingFrequency: 'YEARS_5_PLUS',
      investmentPermission: 'ONLY_EXPRESS_INTEREST',
      openness: 'COMING_SOON',
      objectives: ['CAPITAL_GROWTH', 'IMPACT'],
      strategies: ['VENTURE_CAPITAL', 'SEED', 'SERIES_A', 'RENEWABLE_ENERGY'],
      targetReturn: 'NET_IRR_20',
      targetReturnRange: 'R20_30',
      regions: ['GLOBAL'],
      investorTypes: ['INDIVIDUAL', 'ENTITY'],
      currency: 'USD',
      minInvestment: '500000.00',
      targetSize: '150000000.00',
      openingDate: '2027-01-15',
      closingDate: '2027-06-30',
      finalClosingDate: '2027-12-31',
      managementFee: pct('2.5'),
      subscriptionFee: pct('0'),
      performanceFee: pct('25'),
      createdAt: '2026-09-21T10:15:00.000Z',
      publishedAt: '2026-10-05T08:00:00.000Z',
      classes: [
        {
          name: { en: 'Class A', 'zh-CN': 'A类' },
          currency: 'USD',
          minInvestment: '500000.00',
          managementFee: pct('2.5'),
          subscriptionFee: pct('0'),
          performanceFee: pct('25'),
        },
        {
          name: { en: 'Class B (early close)', 'zh-CN': 'B类（首轮）' },
          currency: 'USD',
          minInvestment: '1000000.00',
          managementFee: pct('1.75'),
          subscriptionFee: pct('0'),
          performanceFee: pct('20'),
        },
      ],
    },
    {
      kind: 'FUND',
      state: 'DRAFT',
      name: { en: 'Alpine Infrastructure Fund III', 'zh-CN': '阿尔卑斯基础设施基金三期' },
      summary: {
        en: 'Fibre networks, data centres and grid storage in Northern Europe.',
        'zh-CN': '投资北欧光纤网络、数据中心及电网储能。',
      },
      fundType: 'CLOSE_ENDED',
      dealingFrequency: 'YEARS_5_PLUS',
      investmentPermission: 'ONLY_EXPRESS_INTEREST',
      openness: 'COMING_SOON',
      objectives: ['INCOME', 'CAPITAL_GROWTH'],
      strategies: ['INFRASTRUCTURE', 'DIGITAL_INFRASTRUCTURE'],
      targetReturn: 'EQ10',
      targetReturnRange: 'R10_15',
      regions: ['EUROPE'],
      investorTypes: ['ENTITY'],
      currency: 'EUR',
      minInvestment: '1000000.00',
      targetSize: '750000000.00',
      openingDate: '2027-04-01',
      managementFee: pctRange('1.25', '1.5'),
      createdAt: '2026-11-02T16:45:00.000Z',
      classes: [
        {
          name: { en: 'Class A', 'zh-CN': 'A类' },
          currency: 'EUR',
          minInvestment: '1000000.00',
          managementFee: pct('1.5'),
          subscriptionFee: note('To be confirmed', '待定'),
        },
      ],
    },
  ],
  beacon: [
    {
      kind: 'FUND',
      name: { en: 'Beacon Real Estate Fund', 'zh-CN': '灯塔房地产基金' },
      summary: { en: 'Core-plus logistics and residential assets.', 'zh-CN': '核心增值型物流及住宅资产。' },
      description: {
        en: 'Core-plus logistics warehouses in Greater Sydney and build-to-rent residential blocks in Osaka and Hong Kong, held for five years with a target cash yield of 5%.',
        'zh-CN': '投资大悉尼地区的核心增值型物流仓库以及大阪和香港的租赁住宅，持有五年，目标现金收益率5%。',
      },
      fundType: 'CLOSE_ENDED',
      dealingFrequency: 'YEARS_3_5',
      investmentPermission: 'ALLOW_INVESTMENT',
      openness: 'OPEN',
      objectives: ['INCOME', 'CAPITAL_GROWTH'],
      strategies: ['REAL_ESTATE'],
      targetReturn: 'EQ10',
      targetReturnRange: 'R10_15',
      regions: ['ASIA', 'AUSTRALIA'],
      investorTypes: ['INDIVIDUAL', 'ENTITY', 'JOINT'],
      currency: 'HKD',
      minInvestment: '1000000.00',
      targetSize: '2000000000.00',
      openingDate: '2026-03-01',
      closingDate: '2027-03-31',
      managementFee: pct('1.5'),
      subscriptionFee: pctRange('0', '1'),
      performanceFee: pct('15'),
      createdAt: '2026-02-10T03:00:00.000Z',
      publishedAt: '2026-03-01T01:00:00.000Z',
      classes: [
        {
          name: { en: 'Class A', 'zh-CN': 'A类' },
          currency: 'HKD',
          minInvestment: '1000000.00',
          managementFee: pct('1.5'),
          subscriptionFee: pctRange('0', '1'),
          performanceFee: pct('15'),
        },
        {
          name: { en: 'Class U', 'zh-CN': 'U类' },
          currency: 'USD',
          minInvestment: '150000.00',
          managementFee: pct('1.5'),
          subscriptionFee: pctRange('0', '1'),
          performanceFee: pct('15'),
        },
      ],
    },
    {
      kind: 'FUND',
      name: { en: 'Beacon Credit Opportunities', 'zh-CN': '灯塔信贷机会基金' },
      summary: {
        en: 'Special situations credit with a monthly dealing day.',
        'zh-CN': '特殊机会信贷，每月开放申赎。',
      },
      fundType: 'OPEN_ENDED',
      dealingFrequency: 'MONTHLY',
      investmentPermission: 'ALLOW_INVESTMENT',
      openness: 'CLOSING_SOON',
      // The demo's gated fund: its redemptions are seeded due at a past dealing date (local/seed-money.ts).
      redemptionGatePercent: '10',
      objectives: ['ABSOLUTE_RETURN'],
      strategies: ['DISTRESSED_DEBT', 'SPECIALTY_FINANCE', 'CREDIT'],
      targetReturn: 'EQ9',
      targetReturnRange: 'R5_10',
      regions: ['ASIA'],
      investorTypes: ['INDIVIDUAL', 'ENTITY'],
      currency: 'USD',
      minInvestment: '200000.00',
      targetSize: '400000000.00',
      openingDate: '2025-06-01',
      managementFee: pct('1.25'),
      subscriptionFee: pct('1.5'),
      performanceFee: pct('15'),
      createdAt: '2025-05-12T02:30:00.000Z',
      publishedAt: '2025-06-01T01:00:00.000Z',
      classes: [
        {
          name: { en: 'USD Class', 'zh-CN': '美元类' },
          currency: 'USD',
          minInvestment: '200000.00',
          managementFee: pct('1.25'),
          subscriptionFee: pct('1.5'),
          redemptionFee: pctRange('0', '3'),
        },
        {
          name: { en: 'SGD Class', 'zh-CN': '新元类' },
          currency: 'SGD',
          minInvestment: '250000.00',
          managementFee: pct('1.25'),
          subscriptionFee: pct('1.5'),
          redemptionFee: pctRange('0', '3'),
        },
      ],
    },
    {
      kind: 'FUND',
      name: { en: 'Beacon Asia Macro Fund', 'zh-CN': '灯塔亚洲宏观基金' },
      summary: {
        en: 'Discretionary macro across Asian rates and currencies.',
        'zh-CN': '亚洲利率与汇率的主观宏观策略。',
      },
      fundType: 'OPEN_ENDED',
      dealingFrequency: 'QUARTERLY',
      investmentPermission: 'ONLY_EXPRESS_INTEREST',
      openness: 'OPEN',
      objectives: ['DISCRETIONARY_MACRO'],
      strategies: ['GLOBAL_MACRO', 'HEDGE_FUND'],
      targetReturn: 'ABSOLUTE_RETURN',
      targetReturnRange: 'OTHER',
      regions: ['ASIA', 'EMERGING_MARKETS'],
      investorTypes: ['ENTITY'],
      currency: 'USD',
      minInvestment: '500000.00',
      targetSize: '800000000.00',
      managementFee: pct('1.5'),
      performanceFee: pct('20'),
      createdAt: '2026-06-18T06:00:00.000Z',
      publishedAt: '2026-07-01T01:00:00.000Z',
      classes: [
        {
          name: { en: 'Founders Class', 'zh-CN': '创始类' },
          currency: 'USD',
          minInvestment: '500000.00',
          managementFee: pct('1'),
          subscriptionFee: pct('0'),
          performanceFee: pct('15'),
        },
        {
          name: { en: 'Class A', 'zh-CN': 'A类' },
          currency: 'USD',
          minInvestment: '500000.00',
          managementFee: pct('2'),
          subscriptionFee: pct('0'),
          performanceFee: pct('20'),
        },
      ],
    },
    {
      kind: 'PRODUCT',
      state: 'DRAFT',
      name: { en: 'Beacon Shipping Income Note', 'zh-CN': '灯塔航运收益票据' },
      summary: {
        en: 'A three-year note secured on a fleet of dry-bulk vessels.',
        'zh-CN': '以干散货船队为抵押的三年期票据。',
      },
      fundType: 'CLOSE_ENDED',
      dealingFrequency: 'YEARLY',
      investmentPermission: 'ALLOW_INVESTMENT',
      openness: 'COMING_SOON',
      objectives: ['INCOME'],
      strategies: ['SHIPPING'],
      targetReturn: 'EQ7',
      targetReturnRange: 'R5_10',
      regions: ['GLOBAL'],
      investorTypes: ['INDIVIDUAL', 'ENTITY'],
      currency: 'USD',
      minInvestment: '100000.00',
      targetSize: '60000000.00',
      createdAt: '2026-11-09T07:20:00.000Z',
      classes: [],
    },
  ],
};

export interface DemoProduct {
  product: ProductRecord;
  classes: ShareClassRecord[];
  /** The product, its share classes and its audit trail (catalogue shards: `catalogueItems`). */
  items: Record<string, unknown>[];
}

/** One demo product as the API would have stored it: created, share classes added, then published. */
export const demoProduct = (
  tenantId: string,
  fund: DemoFund,
  opts: { productId?: string; actorId?: string } = {},
): DemoProduct => {
  const { state = 'PUBLISHED', createdAt = new Date().toISOString(), publishedAt, classes: inputs, ...input } = fund;
  const productId = opts.productId ?? newId();
  const actorId = opts.actorId ?? 'seed';
  const published = state === 'PUBLISHED' ? (publishedAt ?? createdAt) : undefined;
  const updatedAt = published ?? createdAt;
  const classes: ShareClassRecord[] = inputs.map((c) => ({
    ...c,
    shareClassId: newId(),
    productId,
    version: 1,
    createdAt,
    updatedAt: createdAt,
  }));
  const product: ProductRecord = {
    ...input,
    productId,
    state,
    version: published ? 2 : 1,
    rev: 1 + classes.length + (published ? 1 : 0),
    createdAt,
    createdBy: actorId,
    updatedAt,
    updatedBy: actorId,
    ...(published ? { publishedAt: published } : {}),
  };
  const pk = keys.productPk(tenantId, productId);
  // The history the seeded products show: audit records as commit() writes them, without their
  // outbox events (a seed announces nothing).
  const event = (at: string, action: EventName, data: object) => {
    const eventId = newId();
    return {
      ...keys.auditEvent(pk, at, eventId),
      type: 'AUDIT',
      eventId,
      action,
      actorId,
      tenantId,
      requestId: 'seed',
      at,
      data,
    };
  };
  return {
    product,
    classes,
    items: [
      productItem(tenantId, product),
      ...classes.map((c) => shareClassItem(tenantId, createdAt, c)),
      event(createdAt, 'PRODUCT_CREATED', { version: 1, product: input }),
      ...classes.map((c, i) =>
        event(createdAt, 'SHARE_CLASS_CREATED', { shareClassId: c.shareClassId, shareClass: inputs[i] }),
      ),
      ...(published
        ? [
            event(published, 'PRODUCT_PUBLISHED', {
              event: 'PUBLISH',
              version: 2,
              changes: { state: { from: 'DRAFT', to: 'PUBLISHED' } },
            }),
          ]
        : []),
    ],
  };
};

/** DynamoDB items of one product and its share classes, published unless the fund says otherwise. */
export const productItems = (tenantId: string, fund: DemoFund, productId = newId()) =>
  demoProduct(tenantId, fund, { productId }).items;

/** The catalogue shards holding every catalogue product of `products` (for a tenant seeded from scratch). */
export const catalogueItems = (tenantId: string, products: readonly Pick<DemoProduct, 'product' | 'classes'>[]) =>
  [
    ...buildShards(
      products.flatMap(({ product, classes }) => {
        const entry = catalogueEntryOf(product, classes);
        return entry ? [entry] : [];
      }),
    ),
  ].map(([shard, entries]) => shardItem(tenantId, shard, entries, 1));

/** A demo tenant's products, drafts included; `productIds` are the catalogue ones, in seed order. */
export const demoTenantProducts = (tenantId: string, funds: readonly DemoFund[], actorId: string) => {
  const products = funds.map((fund) => demoProduct(tenantId, fund, { actorId }));
  const live = products.filter((p) => isCatalogueState(p.product.state));
  return {
    items: [...products.flatMap((p) => p.items), ...catalogueItems(tenantId, products)],
    productIds: live.map((p) => p.product.productId),
    /** Share classes of the catalogue products, the first product's first. */
    shareClassIds: live.flatMap((p) => p.classes.map((c) => c.shareClassId)),
  };
};
