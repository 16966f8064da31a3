/**
 * The catalogue search figure: 2,000 products in a fresh tenant of the running local stack, searched
 * through the local gateway with a high-resolution timer, beside the storage calls the handler makes
 * (the Query of the catalogue shards and the BatchGet of the page) timed directly, and beside the
 * rejected design (one compact search item per product in a sparse index) for the record.
 * docs/decisions.md ("Catalogue search") explains the choice with these figures.
 */
import {
  BatchGetCommand,
  BatchWriteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  ASSET_STRATEGIES,
  FUND_TYPES,
  OBJECTIVES,
  PRODUCT_KINDS,
  PRODUCT_OPENNESS,
  REGIONS,
  TARGET_RETURN_RANGES,
  TARGET_RETURNS,
} from '@tranche/shared/enums';
import type { Currency } from '@tranche/shared/money';
import type { ProductSummary } from '@tranche/shared/product/product.schema';
import { keys } from '../functions/src/_lib/db/keys.js';
import { newId } from '../functions/src/_lib/ids.js';
import { OPENNESS_RANK } from '../functions/src/product/catalogue.js';
import { catalogueEntryOf, summaryProjection } from '../functions/src/product/product.items.js';
import { catalogueItems, type DemoFund, demoProduct } from '../local/seed-products.js';
import type { StackInfo } from '../test/support/stack-info.js';
import { percentile } from './stats.js';

export const CATALOGUE_PRODUCTS = 2_000;
const RUNS = Number(process.env.BENCH_SEARCHES ?? 400);
const TARGET_P99_MS = 100;

/** A small deterministic generator, so every run searches the same catalogue. */
const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
  return seed / 0x80000000;
};
const rnd = random(20_261_121);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
const some = <T>(xs: readonly T[], max: number): T[] => [
  ...new Set(Array.from({ length: 1 + Math.floor(rnd() * max) }, () => pick(xs))),
];

const EN = ['Alpine', 'Harbour', 'Summit', 'Meridian', 'Aurora', 'Crédit', 'Pacific', 'Atlas', 'Cedar', 'Northern'];
const EN2 = ['Growth', 'Income', 'Opportunities', 'Venture', 'Infrastructure', 'Macro', 'Real Estate', 'Secondaries'];
const ZH = ['阿尔卑斯', '港湾', '峰会', '子午线', '极光', '信贷', '太平洋', '阿特拉斯', '雪松', '北方'];
const ZH2 = ['成长', '收益', '机会', '创投', '基础设施', '宏观', '房地产', '二手份额'];
const SUMMARIES = [
  ['Growth equity in European software and healthcare companies.', '投资欧洲软件与医疗企业的成长期股权。'],
  ['Senior secured loans paying a quarterly distribution.', '优先级担保贷款，按季度派息。'],
  ['Seed and Series A rounds in climate technology.', '投资气候科技领域的种子轮和A轮。'],
  ['Core-plus logistics and residential assets across Asia-Pacific.', '亚太地区核心增值型物流及住宅资产。'],
  ['Discretionary macro across Asian rates and currencies.', '亚洲利率与汇率的主观宏观策略。'],
] as const;
const CURRENCIES: Currency[] = ['USD', 'EUR', 'HKD', 'SGD', 'GBP'];

const benchFund = (i: number): DemoFund => {
  const [a, b] = [Math.floor(rnd() * EN.length), Math.floor(rnd() * EN2.length)];
  const [summaryEn, summaryZh] = pick(SUMMARIES);
  const currency = pick(CURRENCIES);
  return {
    kind: pick(PRODUCT_KINDS),
    name: { en: `${EN[a]} ${EN2[b]} Fund ${i}`, 'zh-CN': `${ZH[a]}${ZH2[b]}基金${i}` },
    summary: { en: summaryEn, 'zh-CN': summaryZh },
    fundType: pick(FUND_TYPES),
    dealingFrequency: 'QUARTERLY',
    investmentPermission: 'ALLOW_INVESTMENT',
    openness: pick(PRODUCT_OPENNESS),
    objectives: some(OBJECTIVES, 2),
    strategies: some(ASSET_STRATEGIES, 3),
    targetReturn: pick(TARGET_RETURNS),
    targetReturnRange: pick(TARGET_RETURN_RANGES),
    regions: some(REGIONS, 2),
    investorTypes: ['INDIVIDUAL', 'ENTITY'],
    currency,
    minInvestment: '100000.00',
    targetSize: '250000000.00',
    managementFee: { type: 'PERCENTAGE', display: 'FLAT', value: '2' },
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    classes: [
      {
        name: { en: 'Class A' },
        currency,
        minInvestment: '100000.00',
        managementFee: { type: 'PERCENTAGE', display: 'FLAT', value: '2' },
        subscriptionFee: { type: 'PERCENTAGE', display: 'RANGE', value: '0', upTo: '1' },
      },
      {
        name: { en: 'Class B' },
        currency: pick(CURRENCIES),
        minInvestment: '1000000.00',
        managementFee: { type: 'PERCENTAGE', display: 'FLAT', value: '1.5' },
        subscriptionFee: { type: 'PERCENTAGE', display: 'FLAT', value: '0' },
      },
    ],
  };
};

const writeAll = async (doc: DynamoDBDocumentClient, table: string, items: Record<string, unknown>[]) => {
  const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => items.slice(i * 25, i * 25 + 25));
  const worker = async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      let pending: Record<string, unknown>[] = batch.map((Item) => ({ PutRequest: { Item } }));
      while (pending.length) {
        const out = await doc.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
        pending = (out.UnprocessedItems?.[table] ?? []) as Record<string, unknown>[];
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
};

/** A fresh tenant (a copy of the first demo tenant's record under a new prefix) with 2,000 published products. */
const seedCatalogue = async (info: StackInfo, doc: DynamoDBDocumentClient, table: string) => {
  const tenantId = newId();
  const prefix = 'bench-catalogue';
  const { Item: template } = await doc.send(
    new GetCommand({ TableName: table, Key: keys.tenant(info.tenants[0]!.tenantId) }),
  );
  const products = Array.from({ length: CATALOGUE_PRODUCTS }, (_, i) => demoProduct(tenantId, benchFund(i)));
  // The rejected design, for comparison only: one compact search item per product in a sparse index.
  const indexItems = products.map(({ product, classes }) => {
    const entry = catalogueEntryOf(product, classes)!;
    return {
      PK: `${keys.productPk(tenantId, product.productId)}`,
      SK: '#SEARCH',
      GSI1PK: `${keys.cataloguePk(tenantId)}#INDEX`,
      GSI1SK: `${OPENNESS_RANK[product.openness]}#${entry.sortName}#${product.productId}`,
      facets: entry.facets,
      text: entry.text,
    };
  });
  await writeAll(doc, table, [
    { ...template, ...keys.tenant(tenantId), tenantId, prefix, domains: [] },
    { ...keys.prefixDirectory(prefix), type: 'DIRECTORY', tenantId },
    // The audit events are left out: nothing here reads them.
    ...products.flatMap((p) => p.items.filter((item) => !String(item.SK).startsWith(keys.auditEventPrefix))),
    ...catalogueItems(tenantId, products),
    ...indexItems,
  ]);
  return { tenantId, prefix };
};

/** Sequential calls (one client, as one investor's browser), timed with performance.now(). */
const timed = async (runs: number, call: (i: number) => Promise<unknown>) => {
  for (let i = 0; i < 20; i++) await call(i); // warm-up: modules load, connections open
  const latencies: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await call(i);
    latencies.push(performance.now() - t);
  }
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
};

interface Catalogue {
  items: ProductSummary[];
  total: number;
  nextCursor?: string;
}

export const benchCatalogue = async (
  info: StackInfo,
  doc: DynamoDBDocumentClient,
  row: (...cells: string[]) => void,
): Promise<void> => {
  const table = info.env.TABLE_NAME!;
  const seededAt = performance.now();
  const tenant = await seedCatalogue(info, doc, table);
  const seedSeconds = (performance.now() - seededAt) / 1000;

  const search = async (query: Record<string, string>): Promise<Catalogue> => {
    const url = new URL('/api/product/v2.0/assets', info.url);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const res = await fetch(url, { headers: { 'x-tenant-prefix': tenant.prefix } });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as Catalogue;
  };
  const firstPage = await search({});
  if (firstPage.total !== CATALOGUE_PRODUCTS) throw new Error(`The catalogue lists ${firstPage.total} products`);
  const searches: Record<string, string>[] = [
    {},
    { limit: '24' },
    { q: 'growth' },
    { q: '成长' },
    { strategy: 'PRIVATE_EQUITY' },
    { region: 'ASIA', openness: 'OPEN' },
    { q: 'credit income', currency: 'EUR' },
    { fundType: 'OPEN_ENDED', objective: 'INCOME', targetReturnRange: 'R5_10' },
    { cursor: firstPage.nextCursor! },
  ];
  const gateway = await timed(RUNS, (i) => search(searches[i % searches.length]!));

  // The handler's storage calls, the same requests timed from here: every page of the shard
  // partition, then the BatchGet of one page of products.
  const pageKeys = firstPage.items.map((p) => keys.product(tenant.tenantId, p.productId));
  const queryAll = async (input: Omit<ConstructorParameters<typeof QueryCommand>[0], 'ExclusiveStartKey'>) => {
    let startKey: Record<string, unknown> | undefined;
    let items = 0;
    do {
      const out = await doc.send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
      items += out.Items?.length ?? 0;
      startKey = out.LastEvaluatedKey;
    } while (startKey);
    return items;
  };
  const shards = () =>
    queryAll({
      TableName: table,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.cataloguePk(tenant.tenantId) },
      ProjectionExpression: '#data',
      ExpressionAttributeNames: { '#data': 'data' },
    });
  const page = () =>
    doc.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pageKeys, ...summaryProjection() } } }));
  const storage = await timed(RUNS, async () => {
    await shards();
    await page();
  });
  const shardsOnly = await timed(RUNS, shards);
  const rejected = await timed(Math.min(RUNS, 100), () =>
    queryAll({
      TableName: table,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': `${keys.cataloguePk(tenant.tenantId)}#INDEX` },
      ProjectionExpression: 'facets, #text',
      ExpressionAttributeNames: { '#text': 'text' },
    }),
  );

  const ms = (v: number) => `${v.toFixed(1)} ms`;
  row(
    `catalogue search, ${CATALOGUE_PRODUCTS} products (${searches.length} kinds) p50 / p99`,
    `${ms(gateway.p50)} / ${ms(gateway.p99)}`,
    `shards Query + page BatchGet: ${ms(storage.p50)} / ${ms(storage.p99)}`,
    `p99 <= ${TARGET_P99_MS} ms`,
    gateway.p99 <= TARGET_P99_MS ? 'ok' : 'OVER TARGET',
  );
  row('  of which the shards Query alone', `${ms(shardsOnly.p50)} / ${ms(shardsOnly.p99)}`, '-', '-', '-');
  row(
    '  rejected design: Query 2,000 index items',
    `${ms(rejected.p50)} / ${ms(rejected.p99)}`,
    'storage alone, before any work',
    '-',
    '-',
  );
  row(`  seeding ${CATALOGUE_PRODUCTS} products`, `${seedSeconds.toFixed(1)} s`, '-', '-', '-');
};
