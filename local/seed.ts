import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { gpRole, type MemberRole, type Role } from '@tranche/shared/auth/roles';
import type { Lang } from '@tranche/shared/i18n/langs';
import type { Currency } from '@tranche/shared/money';
import type { ProductSummary, ShareClass } from '@tranche/shared/product/product.schema';
import { FEATURES, type GpSettings, type LpSettings } from '@tranche/shared/tenant/tenant.schema';
import { keys } from '../functions/src/_lib/db/keys.js';
import { cognitoUsername } from '../functions/src/_lib/identity.js';
import { newId } from '../functions/src/_lib/ids.js';

/** The demo password of every seeded user (local stack only). */
export const DEMO_PASSWORD = 'Tranche-demo-2026';

interface DemoUser {
  email: string;
  displayName: string;
  role: Role;
}

interface DemoFund {
  name: { en: string; 'zh-CN': string };
  summary: { en: string; 'zh-CN': string };
  fundType: ProductSummary['fundType'];
  openness: ProductSummary['openness'];
  investmentPermission: ProductSummary['investmentPermission'];
  dealingFrequency: ProductSummary['dealingFrequency'];
  objectives: ProductSummary['objectives'];
  regions: ProductSummary['regions'];
  strategies?: ProductSummary['strategies'];
  currency: Currency;
  minInvestment: string;
  targetSize: string;
  closingDate?: string;
  classes: { name: string; zh: string; currency: Currency; minInvestment: string; mgmtFee: string; subFee: string }[];
}

interface DemoTenant {
  prefix: string;
  hosts: string[];
  displayName: string;
  primaryColor: string;
  logoText: string;
  tagline: { en: string; 'zh-CN': string };
  languages: Lang[];
  currencies: Currency[];
  users: DemoUser[];
  funds: DemoFund[];
}

const member = (prefix: string, memberRole: MemberRole, displayName: string): DemoUser => ({
  email: `${memberRole.toLowerCase()}@${prefix}.example`,
  displayName,
  role: gpRole(memberRole),
});
const investor = (prefix: string, n: number, displayName: string): DemoUser => ({
  email: `investor${n}@${prefix}.example`,
  displayName,
  role: 'LP',
});

export const DEMO_TENANTS: DemoTenant[] = [
  {
    prefix: 'alpine',
    hosts: ['localhost', '127.0.0.1'],
    displayName: 'Alpine Capital',
    primaryColor: '#1c4e80',
    logoText: 'AC',
    tagline: { en: 'Private markets, made clear.', 'zh-CN': '私募市场，清晰透明。' },
    languages: ['en', 'zh-CN'],
    currencies: ['USD', 'EUR', 'HKD'],
    users: [
      member('alpine', 'OWNER', 'Olivia Owner'),
      member('alpine', 'ADMIN', 'Adrian Admin'),
      member('alpine', 'MEMBER', 'Marco Member'),
      investor('alpine', 1, 'Ingrid Investor'),
      investor('alpine', 2, 'Ian Investor'),
    ],
    funds: [
      {
        name: { en: 'Alpine Growth Fund I', 'zh-CN': '阿尔卑斯成长基金一期' },
        summary: {
          en: 'Growth equity in European software and healthcare companies.',
          'zh-CN': '投资欧洲软件与医疗企业的成长期股权。',
        },
        fundType: 'CLOSE_ENDED',
        openness: 'OPEN',
        investmentPermission: 'ALLOW_INVESTMENT',
        dealingFrequency: 'YEARS_5_PLUS',
        objectives: ['CAPITAL_GROWTH'],
        regions: ['EUROPE'],
        currency: 'USD',
        minInvestment: '250000.00',
        targetSize: '300000000.00',
        closingDate: '2027-06-30',
        classes: [
          { name: 'Class A', zh: 'A类', currency: 'USD', minInvestment: '250000.00', mgmtFee: '2', subFee: '1' },
          {
            name: 'Class I (institutional)',
            zh: 'I类（机构）',
            currency: 'USD',
            minInvestment: '5000000.00',
            mgmtFee: '1.5',
            subFee: '0',
          },
        ],
      },
      {
        name: { en: 'Alpine Income Fund', 'zh-CN': '阿尔卑斯收益基金' },
        summary: {
          en: 'Senior secured loans paying a quarterly distribution.',
          'zh-CN': '优先级担保贷款，按季度派息。',
        },
        fundType: 'OPEN_ENDED',
        openness: 'OPEN',
        investmentPermission: 'ALLOW_INVESTMENT',
        dealingFrequency: 'MONTHLY',
        objectives: ['INCOME'],
        regions: ['USA', 'EUROPE'],
        currency: 'USD',
        minInvestment: '100000.00',
        targetSize: '500000000.00',
        classes: [
          { name: 'USD Class', zh: '美元类', currency: 'USD', minInvestment: '100000.00', mgmtFee: '1', subFee: '2' },
          {
            name: 'EUR Hedged Class',
            zh: '欧元对冲类',
            currency: 'EUR',
            minInvestment: '100000.00',
            mgmtFee: '1',
            subFee: '2',
          },
        ],
      },
      {
        name: { en: 'Alpine Venture Fund II', 'zh-CN': '阿尔卑斯创投基金二期' },
        summary: { en: 'Seed and Series A rounds in climate technology.', 'zh-CN': '投资气候科技领域的种子轮和A轮。' },
        fundType: 'CLOSE_ENDED',
        openness: 'COMING_SOON',
        investmentPermission: 'ONLY_EXPRESS_INTEREST',
        dealingFrequency: 'YEARS_5_PLUS',
        objectives: ['CAPITAL_GROWTH', 'IMPACT'],
        regions: ['GLOBAL'],
        currency: 'USD',
        minInvestment: '500000.00',
        targetSize: '150000000.00',
        closingDate: '2027-12-31',
        classes: [
          { name: 'Class A', zh: 'A类', currency: 'USD', minInvestment: '500000.00', mgmtFee: '2', subFee: '0' },
          {
            name: 'Class B (early close)',
            zh: 'B类（首轮）',
            currency: 'USD',
            minInvestment: '1000000.00',
            mgmtFee: '1.75',
            subFee: '0',
          },
        ],
      },
    ],
  },
  {
    prefix: 'beacon',
    hosts: [],
    displayName: 'Beacon Partners',
    primaryColor: '#0b7a75',
    logoText: 'BP',
    tagline: { en: 'Real assets across Asia-Pacific.', 'zh-CN': '深耕亚太实物资产。' },
    languages: ['en', 'zh-CN'],
    currencies: ['HKD', 'USD', 'SGD'],
    users: [
      member('beacon', 'OWNER', 'Bao Owner'),
      member('beacon', 'ADMIN', 'Beatrix Admin'),
      member('beacon', 'MEMBER', 'Bella Member'),
      investor('beacon', 1, 'Benedict Investor'),
      investor('beacon', 2, 'Bianca Investor'),
    ],
    funds: [
      {
        name: { en: 'Beacon Real Estate Fund', 'zh-CN': '灯塔房地产基金' },
        summary: { en: 'Core-plus logistics and residential assets.', 'zh-CN': '核心增值型物流及住宅资产。' },
        fundType: 'CLOSE_ENDED',
        openness: 'OPEN',
        investmentPermission: 'ALLOW_INVESTMENT',
        dealingFrequency: 'YEARS_3_5',
        objectives: ['INCOME', 'CAPITAL_GROWTH'],
        regions: ['ASIA', 'AUSTRALIA'],
        currency: 'HKD',
        minInvestment: '1000000.00',
        targetSize: '2000000000.00',
        closingDate: '2027-03-31',
        classes: [
          { name: 'Class A', zh: 'A类', currency: 'HKD', minInvestment: '1000000.00', mgmtFee: '1.5', subFee: '1' },
          { name: 'Class U', zh: 'U类', currency: 'USD', minInvestment: '150000.00', mgmtFee: '1.5', subFee: '1' },
        ],
      },
      {
        name: { en: 'Beacon Credit Opportunities', 'zh-CN': '灯塔信贷机会基金' },
        summary: {
          en: 'Special situations credit with a monthly dealing day.',
          'zh-CN': '特殊机会信贷，每月开放申赎。',
        },
        fundType: 'OPEN_ENDED',
        openness: 'CLOSING_SOON',
        investmentPermission: 'ALLOW_INVESTMENT',
        dealingFrequency: 'MONTHLY',
        objectives: ['ABSOLUTE_RETURN'],
        regions: ['ASIA'],
        currency: 'USD',
        minInvestment: '200000.00',
        targetSize: '400000000.00',
        classes: [
          {
            name: 'USD Class',
            zh: '美元类',
            currency: 'USD',
            minInvestment: '200000.00',
            mgmtFee: '1.25',
            subFee: '1.5',
          },
          {
            name: 'SGD Class',
            zh: '新元类',
            currency: 'SGD',
            minInvestment: '250000.00',
            mgmtFee: '1.25',
            subFee: '1.5',
          },
        ],
      },
      {
        name: { en: 'Beacon Asia Macro Fund', 'zh-CN': '灯塔亚洲宏观基金' },
        summary: {
          en: 'Discretionary macro across Asian rates and currencies.',
          'zh-CN': '亚洲利率与汇率的主观宏观策略。',
        },
        fundType: 'OPEN_ENDED',
        openness: 'OPEN',
        investmentPermission: 'ONLY_EXPRESS_INTEREST',
        dealingFrequency: 'QUARTERLY',
        objectives: ['DISCRETIONARY_MACRO'],
        regions: ['ASIA', 'EMERGING_MARKETS'],
        currency: 'USD',
        minInvestment: '500000.00',
        targetSize: '800000000.00',
        classes: [
          {
            name: 'Founders Class',
            zh: '创始类',
            currency: 'USD',
            minInvestment: '500000.00',
            mgmtFee: '1',
            subFee: '0',
          },
          { name: 'Class A', zh: 'A类', currency: 'USD', minInvestment: '500000.00', mgmtFee: '2', subFee: '0' },
        ],
      },
    ],
  },
];

const OPENNESS_RANK: Record<ProductSummary['openness'], number> = {
  OPEN: 1,
  CLOSING_SOON: 2,
  COMING_SOON: 3,
  CLOSED: 4,
};

const DEFAULT_LP_SETTINGS: LpSettings = {
  signUpEnabled: true,
  mfaMethods: ['authenticator', 'email', 'sms'],
  loginFrequencyLimit: { enabled: false, maxAttempts: 10 },
  showPoliciesOnSignUp: true,
  defaultViewType: 'CARD',
};

const DEFAULT_GP_SETTINGS: GpSettings = {
  requireMfaForGp: false,
  fourEyesApproval: true,
  capitalCallNoticeBusinessDays: 10,
};

/** DynamoDB items of one published product and its share classes (also used by tests and the bench). */
export const productItems = (tenantId: string, fund: DemoFund, productId = newId()) => {
  const summary: ProductSummary = {
    productId,
    kind: 'FUND',
    name: fund.name,
    summary: fund.summary,
    strategies: fund.strategies ?? ['OTHER'],
    fundType: fund.fundType,
    openness: fund.openness,
    investmentPermission: fund.investmentPermission,
    dealingFrequency: fund.dealingFrequency,
    objectives: fund.objectives,
    regions: fund.regions,
    investorTypes: ['INDIVIDUAL', 'ENTITY', 'JOINT'],
    currency: fund.currency,
    minInvestment: fund.minInvestment,
    targetSize: fund.targetSize,
    ...(fund.closingDate ? { closingDate: fund.closingDate } : {}),
  };
  const classes: ShareClass[] = fund.classes.map((c) => ({
    shareClassId: newId(),
    productId,
    name: { en: c.name, 'zh-CN': c.zh },
    currency: c.currency,
    minInvestment: c.minInvestment,
    managementFee: { type: 'PERCENTAGE', display: 'FLAT', value: c.mgmtFee },
    subscriptionFee: { type: 'PERCENTAGE', display: c.subFee === '0' ? 'OTHER' : 'RANGE', value: '0', upTo: c.subFee },
  }));
  return [
    {
      ...keys.product(tenantId, productId),
      GSI1PK: keys.productsIndexPk(tenantId),
      GSI1SK: `${OPENNESS_RANK[fund.openness]}#${productId}`,
      type: 'PRODUCT',
      state: 'PUBLISHED',
      ...summary,
    },
    ...classes.map((c) => ({ ...keys.shareClass(tenantId, productId, c.shareClassId), type: 'SHARE_CLASS', ...c })),
  ];
};

const batchWrite = async (doc: DynamoDBDocumentClient, tableName: string, items: Record<string, unknown>[]) => {
  for (let i = 0; i < items.length; i += 25) {
    let pending = { [tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) };
    while (pending[tableName]?.length) {
      const out = await doc.send(new BatchWriteCommand({ RequestItems: pending }));
      pending = (out.UnprocessedItems ?? {}) as typeof pending;
    }
  }
};

export interface SeededTenant {
  tenantId: string;
  prefix: string;
  displayName: string;
  users: (DemoUser & { userId: string })[];
  productIds: string[];
}

export const seedDemo = async (opts: {
  dynamo: DynamoDBClient;
  cognito: CognitoIdentityProviderClient;
  tableName: string;
  userPoolId: string;
}): Promise<SeededTenant[]> => {
  const doc = DynamoDBDocumentClient.from(opts.dynamo, { marshallOptions: { removeUndefinedValues: true } });
  const seeded: SeededTenant[] = [];
  for (const t of DEMO_TENANTS) {
    const tenantId = newId();
    const items: Record<string, unknown>[] = [
      {
        ...keys.tenant(tenantId),
        type: 'TENANT',
        tenantId,
        prefix: t.prefix,
        domains: t.hosts,
        branding: {
          displayName: t.displayName,
          primaryColor: t.primaryColor,
          logoText: t.logoText,
          tagline: t.tagline,
        },
        languages: t.languages,
        defaultLanguage: t.languages[0],
        currencies: t.currencies,
        defaultCurrency: t.currencies[0],
        features: Object.fromEntries(FEATURES.map((f) => [f, f !== 'ira'])),
      },
      { ...keys.lpSettings(tenantId), type: 'SETTINGS', settings: DEFAULT_LP_SETTINGS, version: 1 },
      { ...keys.gpSettings(tenantId), type: 'SETTINGS', settings: DEFAULT_GP_SETTINGS, version: 1 },
      { ...keys.prefixDirectory(t.prefix), type: 'DIRECTORY', tenantId },
      ...t.hosts.map((host) => ({ ...keys.hostDirectory(host), type: 'DIRECTORY', tenantId })),
    ];
    const users: SeededTenant['users'] = [];
    for (const u of t.users) {
      const userId = newId();
      users.push({ ...u, userId });
      await opts.cognito.send(
        new AdminCreateUserCommand({
          UserPoolId: opts.userPoolId,
          Username: cognitoUsername(tenantId, u.email),
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: u.email },
            { Name: 'email_verified', Value: 'true' },
            { Name: 'custom:tenantId', Value: tenantId },
            { Name: 'custom:role', Value: u.role },
          ],
        }),
      );
      await opts.cognito.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: opts.userPoolId,
          Username: cognitoUsername(tenantId, u.email),
          Password: DEMO_PASSWORD,
          Permanent: true,
        }),
      );
      items.push({ ...keys.emailClaim(tenantId, u.email), type: 'EMAIL_CLAIM', userId });
      items.push({
        ...keys.user(tenantId, userId),
        GSI1PK: keys.userByEmailPk(tenantId, u.email),
        GSI1SK: '#USER',
        type: 'USER',
        userId,
        tenantId,
        email: u.email,
        displayName: u.displayName,
        role: u.role,
        inviteStatus: 'REGISTERED',
        accountState: 'normal',
        mfaMethods: [],
        language: t.languages[0],
        currency: t.currencies[0],
        createdAt: new Date().toISOString(),
      });
    }
    const productIds: string[] = [];
    for (const fund of t.funds) {
      const productId = newId();
      productIds.push(productId);
      items.push(...productItems(tenantId, fund, productId));
    }
    await batchWrite(doc, opts.tableName, items);
    seeded.push({ tenantId, prefix: t.prefix, displayName: t.displayName, users, productIds });
  }
  return seeded;
};
