import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BatchWriteCommand, type BatchWriteCommandOutput, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { gpRole, type MemberRole, type Role } from '@tranche/shared/auth/roles';
import type { CountryCode } from '@tranche/shared/country/iso-3166';
import type { Lang } from '@tranche/shared/i18n/langs';
import { ENV } from '@tranche/shared/infra/table';
import type { Currency } from '@tranche/shared/money';
import type { PolicyContent } from '@tranche/shared/tenant/policy.schema';
import type { DisplayRate } from '@tranche/shared/tenant/tenant.schema';
import { keys } from '../functions/src/_lib/db/keys.js';
import { cognitoUsername } from '../functions/src/_lib/identity.js';
import { newId } from '../functions/src/_lib/ids.js';
import { objectKeys } from '../functions/src/product/document-object-keys.js';
import { newTenantItems } from '../functions/src/tenant/new-tenant.js';
import { moneySeedItems, seedMoney } from './seed-money.js';
import { DEMO_FUNDS, type DemoFund, demoTenantProducts } from './seed-products.js';
import { seedScenarios } from './seed-scenarios.js';
import { seedSigningProject } from './seed-signing.js';
import { countSeededSubscriptions, subscriptionSeedItems } from './seed-subscriptions.js';

export { productItems } from './seed-products.js';

/** The demo password of every seeded user (local stack only). */
export const DEMO_PASSWORD = 'Tranche-demo-2026';

interface DemoUser {
  email: string;
  displayName: string;
  role: Role;
}

interface DemoTenant {
  prefix: string;
  /** Local stand-in host names (localhost…): directory items only, not the tenant's custom domains. */
  hosts: string[];
  /** Custom domains, as a GP would set them. */
  domains: string[];
  displayName: string;
  primaryColor: string;
  logoText: string;
  tagline: { en: string; 'zh-CN': string };
  languages: Lang[];
  /** The first is the base (reporting) currency. */
  currencies: Currency[];
  displayRates: DisplayRate[];
  openCountries: CountryCode[];
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
    domains: ['invest.alpine.example'],
    displayName: 'Alpine Capital',
    primaryColor: '#1c4e80',
    logoText: 'AC',
    tagline: { en: 'Private markets, made clear.', 'zh-CN': '私募市场，清晰透明。' },
    languages: ['en', 'zh-CN'],
    currencies: ['USD', 'EUR', 'HKD'],
    displayRates: [
      { currency: 'EUR', rate: '0.92', asOf: '2026-03-31' },
      { currency: 'HKD', rate: '7.8125', asOf: '2026-03-31' },
    ],
    openCountries: ['AU', 'CA', 'CH', 'DE', 'FR', 'GB', 'HK', 'IE', 'JP', 'LU', 'NL', 'SG', 'US'],
    users: [
      member('alpine', 'OWNER', 'Olivia Owner'),
      member('alpine', 'ADMIN', 'Adrian Admin'),
      member('alpine', 'MEMBER', 'Marco Member'),
      investor('alpine', 1, 'Ingrid Investor'),
      investor('alpine', 2, 'Ian Investor'),
    ],
    funds: DEMO_FUNDS.alpine,
  },
  {
    prefix: 'beacon',
    hosts: [],
    domains: [],
    displayName: 'Beacon Partners',
    primaryColor: '#0b7a75',
    logoText: 'BP',
    tagline: { en: 'Real assets across Asia-Pacific.', 'zh-CN': '深耕亚太实物资产。' },
    languages: ['en', 'zh-CN'],
    currencies: ['HKD', 'USD', 'SGD'],
    displayRates: [
      { currency: 'USD', rate: '0.128', asOf: '2026-03-31' },
      { currency: 'SGD', rate: '0.1725', asOf: '2026-03-31' },
    ],
    openCountries: ['AU', 'CN', 'HK', 'ID', 'JP', 'KR', 'MO', 'MY', 'NZ', 'PH', 'SG', 'TH', 'TW', 'VN'],
    users: [
      member('beacon', 'OWNER', 'Bao Owner'),
      member('beacon', 'ADMIN', 'Beatrix Admin'),
      member('beacon', 'MEMBER', 'Bella Member'),
      investor('beacon', 1, 'Benedict Investor'),
      investor('beacon', 2, 'Bianca Investor'),
    ],
    funds: DEMO_FUNDS.beacon,
  },
];

/** The policies every demo tenant publishes (version 1), in English and Chinese. */
const demoPolicies = (name: string): PolicyContent[] => [
  {
    kind: 'PRIVACY',
    title: { en: 'Privacy notice', 'zh-CN': '隐私声明' },
    body: {
      en: `${name} collects the personal data you give us (identity, contact, tax and bank details) to check your eligibility, meet anti-money-laundering rules and administer your investments.\n\nWe keep it for as long as the law requires after your last investment ends, share it only with our administrators, custodians and regulators, and never sell it.\n\nYou may ask to see, correct or delete your data by writing to your account manager.`,
      'zh-CN': `${name}收集您提供的个人数据（身份、联系方式、税务及银行信息），用于核实您的投资资格、履行反洗钱义务及管理您的投资。\n\n在您最后一笔投资结束后，我们按法律要求的期限保存这些数据，仅与我们的管理人、托管人及监管机构共享，绝不出售。\n\n如需查阅、更正或删除您的数据，请联系您的客户经理。`,
    },
    requireAcceptance: true,
  },
  {
    kind: 'TERMS',
    title: { en: 'Terms of use', 'zh-CN': '使用条款' },
    body: {
      en: `This portal is provided by ${name} to professional and accredited investors only. Nothing on it is an offer to anyone to whom such an offer would be unlawful.\n\nKeep your sign-in details to yourself; you are responsible for what is done with your account.`,
      'zh-CN': `本门户由${name}仅向专业投资者及合格投资者提供。门户内容不构成向任何依法不得接受要约之人士发出的要约。\n\n请妥善保管您的登录信息；您须对使用您账户进行的操作负责。`,
    },
    requireAcceptance: true,
  },
  {
    kind: 'RISK_DISCLOSURE',
    title: { en: 'Risk disclosure', 'zh-CN': '风险披露' },
    body: {
      en: 'Private fund investments are illiquid and you may lose all of the capital you invest. Past performance is not a guide to future returns. Capital calls must be met when due: a default may cost you your interest in the fund.',
      'zh-CN':
        '私募基金投资流动性低，您可能损失全部投资本金。过往业绩不代表未来回报。缴款通知到期时必须按时缴款，违约可能导致您丧失在基金中的权益。',
    },
    requireAcceptance: false,
  },
];

/**
 * DynamoDB items of a tenant's configuration: the tenant record with every section's revision, LP and
 * GP settings, its prefix and host directory items, and its published policies (version 1). The
 * demo seed uses it, and so do tests that need a tenant of their own.
 */
export const tenantConfigItems = (
  tenantId: string,
  t: Pick<
    DemoTenant,
    | 'prefix'
    | 'hosts'
    | 'domains'
    | 'displayName'
    | 'primaryColor'
    | 'logoText'
    | 'tagline'
    | 'languages'
    | 'currencies'
    | 'displayRates'
    | 'openCountries'
  >,
  at = new Date().toISOString(),
) => {
  const policies = demoPolicies(t.displayName).map((content) => ({ policyId: newId(), content }));
  const items: Record<string, unknown>[] = [
    // Shaped exactly as the operator's POST /tenants shapes a tenant (functions/src/tenant/new-tenant.ts).
    ...newTenantItems(
      tenantId,
      {
        prefix: t.prefix,
        domains: t.domains,
        hosts: t.hosts,
        branding: {
          displayName: t.displayName,
          primaryColor: t.primaryColor,
          logoText: t.logoText,
          tagline: t.tagline,
        },
        languages: t.languages,
        currencies: t.currencies,
        displayRates: t.displayRates,
        openCountries: t.openCountries,
      },
      at,
    ),
    ...policies.flatMap(({ policyId, content }) => {
      const published = { ...content, version: 1, publishedAt: at };
      return [
        {
          ...keys.policy(tenantId, policyId),
          type: 'POLICY',
          policyId,
          status: 'PUBLISHED',
          draft: content,
          published,
          versions: [{ version: 1, publishedAt: at }],
          createdAt: at,
          updatedAt: at,
          revision: newId(),
        },
        { ...keys.policyVersion(tenantId, policyId, 1), type: 'POLICY_VERSION', policyId, ...published },
      ];
    }),
  ];
  return { items, policyIds: policies.map((p) => p.policyId) };
};

/** The SDK's document client, or the handlers' own (functions/src/_lib/db/commands.ts), as tests pass it. */
type BatchWriter = { send(command: BatchWriteCommand): Promise<BatchWriteCommandOutput> };

/** Writes items 25 at a time, resending what DynamoDB left unprocessed. */
export const batchWrite = async (doc: BatchWriter, tableName: string, items: Record<string, unknown>[]) => {
  for (let i = 0; i < items.length; i += 25) {
    let pending = { [tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) };
    while (pending[tableName]?.length) {
      const out = await doc.send(new BatchWriteCommand({ RequestItems: pending }));
      pending = (out.UnprocessedItems ?? {}) as typeof pending;
    }
  }
};

/** A one-page PDF showing `text` (ASCII), with a correct cross-reference table. */
export const demoPdf = (text: string): Buffer => {
  const escaped = text.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, (c) => `\\${c}`);
  const content = `BT /F1 18 Tf 72 770 Td (${escaped}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
};

/** Seeded documents of a tenant's first product; the spares are for routes that delete (test/support/examples.ts). */
export interface SeededProductDocuments {
  folderId: string;
  documentId: string;
  agreementDocumentId: string;
  spareFolderId: string;
  spareDocumentId: string;
}

/**
 * A marketing folder with a factsheet, a subscription agreement named by the product's contract,
 * and a spare folder with one document: READY documents with their files in the data-room bucket.
 * Runs after the stack has put the bucket's name and endpoint in the environment.
 */
const seedProductDocuments = async (
  doc: DynamoDBDocumentClient,
  tableName: string,
  tenantId: string,
  productId: string,
): Promise<SeededProductDocuments> => {
  const s3 = new S3Client({
    forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const bucket = process.env[ENV.dataRoomBucket];
  const at = new Date().toISOString();
  const ids: SeededProductDocuments = {
    folderId: newId(),
    documentId: newId(),
    agreementDocumentId: newId(),
    spareFolderId: newId(),
    spareDocumentId: newId(),
  };
  const folders = [
    { folderId: ids.folderId, name: { en: 'Fund presentation', 'zh-CN': '基金介绍' } },
    { folderId: ids.spareFolderId, name: { en: 'Archive', 'zh-CN': '归档' } },
  ];
  const documents = [
    {
      documentId: ids.documentId,
      folderId: ids.folderId,
      kind: 'MARKETING',
      file: 'factsheet.pdf',
      en: 'Factsheet',
      zh: '基金概况',
    },
    {
      documentId: ids.agreementDocumentId,
      kind: 'LEGAL',
      file: 'subscription-agreement.pdf',
      en: 'Subscription agreement',
      zh: '认购协议',
    },
    {
      documentId: ids.spareDocumentId,
      folderId: ids.spareFolderId,
      kind: 'MARKETING',
      file: 'factsheet-2025.pdf',
      en: 'Factsheet 2025',
      zh: '2025年基金概况',
    },
  ];
  const items: Record<string, unknown>[] = [
    ...folders.map((f) => ({
      ...keys.marketingFolder(tenantId, productId, f.folderId),
      type: 'MARKETING_FOLDER',
      tenantId,
      ...f,
      productId,
      version: 1,
      memberCount: 1,
      createdAt: at,
    })),
    {
      ...keys.productContract(tenantId, productId),
      type: 'PRODUCT_CONTRACT',
      tenantId,
      productId,
      terms: {
        en: 'By subscribing you confirm that you have read the offering memorandum and the subscription agreement.',
        'zh-CN': '认购即表示您确认已阅读发行备忘录和认购协议。',
      },
      agreementDocumentId: ids.agreementDocumentId,
      requiresSignature: true,
      version: 1,
      updatedAt: at,
    },
  ];
  for (const d of documents) {
    const body = demoPdf(d.en);
    const objectKey = objectKeys.document(tenantId, productId, d.documentId);
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey, Body: body, ContentType: 'application/pdf' }));
    items.push({
      ...keys.productDocument(tenantId, productId, d.documentId),
      type: 'PRODUCT_DOCUMENT',
      tenantId,
      documentId: d.documentId,
      productId,
      kind: d.kind,
      title: { en: d.en, 'zh-CN': d.zh },
      ...(d.folderId ? { folderId: d.folderId } : {}),
      fileName: d.file,
      contentType: 'application/pdf',
      size: body.length,
      state: 'READY',
      version: 1,
      uploadedAt: at,
      createdAt: at,
      objectKey,
      uploadKey: objectKeys.upload(tenantId, productId, d.documentId),
    });
  }
  await batchWrite(doc, tableName, items);
  return ids;
};

export interface SeededTenant {
  tenantId: string;
  prefix: string;
  displayName: string;
  users: (DemoUser & { userId: string })[];
  /** The tenant's catalogue (published) products, in seed order; its drafts are not listed. */
  productIds: string[];
  /** Share classes of the catalogue products, the first product's first. */
  shareClassIds: string[];
  productDocuments: SeededProductDocuments;
  /** The COMPLETED, sealed signing project (issue 12 deliver 8; local/seed-signing.ts) and its source PDF. */
  signingProjectId?: string;
  signingFileId?: string;
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
    const items: Record<string, unknown>[] = [...tenantConfigItems(tenantId, t).items];
    const users: SeededTenant['users'] = [];
    const seededAt = new Date().toISOString();
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
        // GP users are in the team index (listTeamMembers), investors in theirs, as createUser puts them.
        ...(u.role !== 'LP'
          ? keys.teamMember(tenantId, u.role, seededAt, userId)
          : keys.investor(tenantId, seededAt, userId)),
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
        createdAt: seededAt,
      });
    }
    const owner = users.find((u) => u.role === 'GP_OWNER');
    const { productIds, shareClassIds, ...products } = demoTenantProducts(tenantId, t.funds, owner?.userId ?? 'seed');
    items.push(...products.items);
    items.push(...subscriptionSeedItems(tenantId, users, t.funds, productIds, shareClassIds));
    const money = moneySeedItems(tenantId, users, t.funds, productIds, shareClassIds, items);
    items.push(...money.items);
    countSeededSubscriptions(tenantId, items);
    await batchWrite(doc, opts.tableName, items);
    // Investments, NAVs and redemption requests through the money services (local/seed-money.ts).
    if (money.plan) await seedMoney(money.plan);
    await seedScenarios(tenantId, items);
    const productDocuments = await seedProductDocuments(doc, opts.tableName, tenantId, productIds[0]!);
    const signing = await seedSigningProject(doc, opts.tableName, {
      tenantId,
      displayName: t.displayName,
      users,
    });
    seeded.push({
      tenantId,
      prefix: t.prefix,
      displayName: t.displayName,
      users,
      productIds,
      shareClassIds,
      productDocuments,
      ...(signing ? { signingProjectId: signing.projectId, signingFileId: signing.fileId } : {}),
    });
  }
  return seeded;
};
